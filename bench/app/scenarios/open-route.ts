/**
 * Scenario 3: from the route list, the driver taps the 300-stop route. Measured on a warm profile (the app is
 * cached; the route's data comes over the slow network): how long after its data arrived the stop list is painted
 * and the main thread free (no long task for 500 ms), the long tasks on the way, and the bytes fetched before the
 * list painted.
 */
import type { BrowserContext } from '@playwright/test';
import { blockingTime, interactiveAt, readMetrics, waitSeen } from '../metrics.ts';
import { recordRequests } from '../network.ts';
import { throttledPage } from '../profile.ts';
import { BIG_ROUTE_VEHICLE } from '../seed.ts';
import { tap, until } from '../touch.ts';
import { appUrl, type CoreMode, pageTime, round, type ScenarioEnv, sleep } from './common.ts';

/** A route card's title on the route list: tapping it opens the route. */
const CARD_TITLE = '[role="tabpanel"] article h3';

export interface OpenRouteFigures {
  /** From the route's data arriving to the stop list being interactive. */
  interactiveAfterData: number;
  /** From the tap to the stop list being interactive. */
  interactiveAfterTap: number;
  /** From the tap to the stop list's first paint. */
  listPaintAfterTap: number;
  longTasks: number;
  longTaskMs: number;
  blocking: number;
  bytesBeforeList: number;
}

export async function openBigRoute(
  env: ScenarioEnv,
  context: BrowserContext,
  mode: CoreMode,
  routeId: number,
): Promise<OpenRouteFigures> {
  const page = await throttledPage(context);
  try {
    await page.goto(appUrl(env, '/routes', mode), { waitUntil: 'commit' });
    await waitSeen(page, 'routeList');
    await until(page, CARD_TITLE, BIG_ROUTE_VEHICLE);
    await sleep(1000);
    const requests = recordRequests(context);
    const tapWall = Date.now();
    await tap(page, CARD_TITLE, BIG_ROUTE_VEHICLE);
    const listAt = await waitSeen(page, 'stopList');
    // Long enough for the quiet window after the list, and for late work to show as long tasks.
    await sleep(2000);
    const m = await readMetrics(page);
    const at = (wall: number) => pageTime(m.timeOrigin, wall);
    const tappedAt = at(tapWall);
    const data = requests.find((r) => new URL(r.url).pathname === `/v1/projects/routes/${routeId}`);
    if (!data) throw new Error(`the route ${routeId} was not fetched from the network`);
    const interactive = interactiveAt(m.longTasks, listAt);
    const tasks = m.longTasks.filter((t) => t.start >= tappedAt && t.start < interactive);
    return {
      interactiveAfterData: round(interactive - at(data.endWall)),
      interactiveAfterTap: round(interactive - tappedAt),
      listPaintAfterTap: round(listAt - tappedAt),
      longTasks: tasks.length,
      longTaskMs: round(tasks.reduce((sum, t) => sum + t.duration, 0)),
      blocking: round(blockingTime(m.longTasks, tappedAt, interactive)),
      bytesBeforeList: requests
        .filter((r) => at(r.startWall) >= tappedAt - 5 && at(r.endWall) <= listAt)
        .reduce((sum, r) => sum + r.bytes, 0),
    };
  } finally {
    await page.close();
  }
}
