/**
 * Scenario 6 (`--only map`): from the route list, the driver taps a route with map view On: the 300-stop one, and
 * the demo's 38-stop one (issue 32: a route as most drivers have). The street
 * style's host is stubbed in the browser (e2e/support/map-hosts.ts: the style, TileJSON and generated vector tiles),
 * and the route is opened once unthrottled first, so the map's chunk, maplibre's worker, the style and the tiles
 * of the view are in the service worker's caches: a driver opening today's route again. Measured on the low-end
 * profile: the time from the tap to the map's first complete frame (maplibre's `load`, the app's
 * `droplane:map-loaded` mark), and the main thread's long tasks from the tap until 2 s after that frame.
 *
 * WebGL here is SwiftShader (software): every frame is slow, so the absolute figures say little; compare worker
 * with inline, and runs of this scenario with each other.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { stubMapHost } from '../../../e2e/support/map-hosts.ts';
import { MAP_LOADED_MARK as MAP_LOADED, MAP_START_MARK } from '../../../src-ui/map/map-marks.ts';
import { blockingTime, readMetrics, waitSeen } from '../metrics.ts';
import { throttledPage } from '../profile.ts';
import { tap, until } from '../touch.ts';
import { appUrl, type CoreMode, pageTime, round, type ScenarioEnv, sleep } from './common.ts';

const CARD_TITLE = '[role="tabpanel"] article h3';
/** What the benchmark waits for: the street style with its first tiles drawn (RouteMap's data-map-style). */
const STREETS = '[data-map-style="streets"]';

export interface OpenMapFigures {
  /** From the tap to the map's first complete frame (style and the view's tiles drawn). */
  mapFrameAfterTap: number;
  /** From the tap to the active stop's card painted, with the map on (issue 32: the stops never wait for the map). */
  stopCardAfterTap: number;
  /** From that card's frame to the route view starting the map (its code, then its first frame): above 0. */
  mapStartAfterCard: number;
  /** The same route opened with map view Off, in the same warm profile: from the tap to its stops painted. */
  stopsMapOffAfterTap: number;
  /** The card with the map on, in percent of the stops with it off (budget: within 115). */
  stopsOnVsOffPct: number;
  longTasks: number;
  longTaskMs: number;
  /** Total blocking time (each long task's part over 50 ms). */
  blocking: number;
}

/** When the page set a performance mark (performance clock), or null. */
const markedAt = (page: Page, name: string) =>
  page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, name);

async function openFromList(page: Page, env: ScenarioEnv, mode: CoreMode, vehicle: string) {
  await page.goto(appUrl(env, '/routes', mode), { waitUntil: 'commit' });
  await waitSeen(page, 'routeList');
  await until(page, CARD_TITLE, vehicle);
}

/** On the list, settled, the driver taps the route of `vehicle`: the tap's wall time. */
async function tapRouteFromList(page: Page, env: ScenarioEnv, mode: CoreMode, vehicle: string): Promise<number> {
  await openFromList(page, env, mode, vehicle);
  await sleep(1000);
  const tapWall = Date.now();
  await tap(page, CARD_TITLE, vehicle);
  return tapWall;
}

/** Opens the route of `vehicle` once, unthrottled, until its street map shows: the caches are warm afterwards. */
export async function warmMap(env: ScenarioEnv, context: BrowserContext, mode: CoreMode, vehicle: string) {
  await stubMapHost(context);
  const page = await context.newPage();
  try {
    await openFromList(page, env, mode, vehicle);
    await tap(page, CARD_TITLE, vehicle);
    try {
      await page.waitForSelector(STREETS, { state: 'attached', timeout: 90_000 });
    } catch (error) {
      const shown = await page
        .locator('[data-map-style]')
        .getAttribute('data-map-style')
        .catch(() => null);
      throw new Error(`the street map did not show (map style: ${shown}, url ${page.url()})`, { cause: error });
    }
    // The prefetch and the caches' writes settle.
    await sleep(3000);
  } finally {
    await page.close();
  }
}

/** The route opened with map view Off in the same profile: from the tap to its stop list painted. */
async function openWithMapOff(env: ScenarioEnv, context: BrowserContext, mode: CoreMode, vehicle: string) {
  await context.addCookies([{ name: 'dl_mapView', value: 'off', url: env.baseUrl }]);
  const page = await throttledPage(context);
  try {
    const tapWall = await tapRouteFromList(page, env, mode, vehicle);
    const listAt = await waitSeen(page, 'stopList');
    const m = await readMetrics(page);
    return listAt - pageTime(m.timeOrigin, tapWall);
  } finally {
    await page.close();
    await context.addCookies([{ name: 'dl_mapView', value: 'on', url: env.baseUrl }]);
  }
}

export async function openMap(
  env: ScenarioEnv,
  context: BrowserContext,
  mode: CoreMode,
  vehicle: string,
): Promise<OpenMapFigures> {
  const page = await throttledPage(context);
  let figures: Omit<OpenMapFigures, 'stopsMapOffAfterTap' | 'stopsOnVsOffPct'>;
  try {
    const tapWall = await tapRouteFromList(page, env, mode, vehicle);
    const cardAt = await waitSeen(page, 'stopCard');
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, MAP_LOADED, {
      timeout: 120_000,
      polling: 200,
    });
    const loadedAt = (await markedAt(page, MAP_LOADED))!;
    const startedAt = (await markedAt(page, MAP_START_MARK)) ?? loadedAt;
    // Late work (markers, clusters, the prefetch's planning) shows as long tasks after the first frame.
    await sleep(2000);
    const m = await readMetrics(page);
    const tappedAt = pageTime(m.timeOrigin, tapWall);
    const end = loadedAt + 2000;
    const tasks = m.longTasks.filter((t) => t.start >= tappedAt && t.start < end);
    figures = {
      mapFrameAfterTap: round(loadedAt - tappedAt),
      stopCardAfterTap: round(cardAt - tappedAt),
      mapStartAfterCard: round(startedAt - cardAt),
      longTasks: tasks.length,
      longTaskMs: round(tasks.reduce((sum, t) => sum + t.duration, 0)),
      blocking: round(blockingTime(m.longTasks, tappedAt, end)),
    };
  } finally {
    await page.close();
  }
  const stopsMapOffAfterTap = await openWithMapOff(env, context, mode, vehicle);
  return {
    ...figures,
    stopsMapOffAfterTap: round(stopsMapOffAfterTap),
    stopsOnVsOffPct: round((100 * figures.stopCardAfterTap) / stopsMapOffAfterTap),
  };
}
