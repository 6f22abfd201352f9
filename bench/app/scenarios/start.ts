/**
 * Scenarios 1 and 2: the app opened to the route list by a signed-in driver, first with empty caches (cold: no
 * HTTP cache, no service worker), then again in the same browser profile once the service worker has cached the
 * app (warm). Both on the low-end profile.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { blockingTime, installMetrics, readMetrics, waitSeen } from '../metrics.ts';
import { gzipSizeOf, recordRequests, requestsBetween, roundTripDepth } from '../network.ts';
import { throttledPage } from '../profile.ts';
import { signedInContext } from '../session.ts';
import { appUrl, type CoreMode, pageTime, round, type ScenarioEnv, sleep, within } from './common.ts';

export interface StartFigures {
  /** Largest contentful paint, ms after navigation start. */
  lcp: number;
  fcp: number;
  /** When the first route card was painted. */
  routeList: number;
  /** Total blocking time from the first paint until the list has settled. */
  tbt: number;
  /** Gzip size of the scripts the page and its worker had loaded before the first paint. */
  jsGzipBeforeFcp: number;
  /** The same before the route list painted: the JavaScript the first screen really waited for. */
  jsGzipBeforeList: number;
  /** Bytes over the wire before the route list painted (the service worker's precaching too: it shares the line). */
  bytesBeforeList: number;
  /** Requests the page and its worker sent before the route list painted, and how many round trips deep they went. */
  requestsBeforeList: number;
  roundTripsBeforeList: number;
  /**
   * The main thread's JavaScript heap once the list has settled, after a full garbage collection (bytes): what the
   * page holds for its first screen (issue 47). The core's worker has a heap of its own, not counted here.
   */
  heapAfterList: number;
}

/** How long the list is given to settle after it shows, so late long tasks and LCP candidates are counted. */
const SETTLE_MS = 1500;

/**
 * `untilRegistered`: the page stays open after its figures are read until it has registered the service worker. The
 * app registers it after the first screen, at the page's load and an idle moment (src-ui/app/sw-update.ts, issue
 * 32), which on the bench's slow profile can come after the list has settled: a cold page closed then left nothing
 * registered, and the warm start after it waited for a service worker that never came ("not done in 60 s").
 */
async function openToList(
  env: ScenarioEnv,
  context: BrowserContext,
  mode: CoreMode,
  untilRegistered = false,
): Promise<StartFigures> {
  const requests = recordRequests(context);
  const page = await throttledPage(context);
  try {
    await page.goto(appUrl(env, '/routes', mode), { waitUntil: 'commit' });
    const listAt = await waitSeen(page, 'routeList');
    await sleep(SETTLE_MS);
    const m = await readMetrics(page);
    if (m.fcp === null || m.lcp === null) throw new Error('no first or largest contentful paint was reported');
    const at = (wall: number) => pageTime(m.timeOrigin, wall);
    // The flow's requests: from the navigation until the list painted, answered by then.
    const flow = requestsBetween(requests, m.timeOrigin, m.timeOrigin + listAt).filter((r) => at(r.endWall) <= listAt);
    const jsGzip = (until: number) =>
      requests
        .filter((r) => !r.byServiceWorker && at(r.endWall) <= until)
        .reduce((sum, r) => sum + gzipSizeOf(env.distDir, r.url), 0);
    const figures: StartFigures = {
      lcp: round(m.lcp),
      fcp: round(m.fcp),
      routeList: round(listAt),
      tbt: round(blockingTime(m.longTasks, m.fcp, m.now)),
      jsGzipBeforeFcp: jsGzip(m.fcp),
      jsGzipBeforeList: jsGzip(listAt),
      bytesBeforeList: requests.filter((r) => at(r.endWall) <= listAt).reduce((sum, r) => sum + r.bytes, 0),
      requestsBeforeList: flow.length,
      roundTripsBeforeList: roundTripDepth(flow),
      heapAfterList: await mainThreadHeap(page),
    };
    if (untilRegistered)
      await within('the app registering its service worker', SW_READY_MS, page.evaluate(SERVICE_WORKER_READY));
    return figures;
  } finally {
    await page.close();
  }
}

/**
 * The page's own heap in use after a full collection (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage):
 * garbage not yet collected would make the figure swing with the collector's timing rather than with what is held.
 */
async function mainThreadHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

/** How long a service worker may take to install (precache the app) on this machine. */
const SW_READY_MS = 60_000;
const SERVICE_WORKER_READY = () => navigator.serviceWorker.ready.then(() => true);

/** Waits until a service worker controls a page of the context and has cached the app. */
async function untilServiceWorkerReady(env: ScenarioEnv, context: BrowserContext) {
  const page = await context.newPage();
  try {
    await page.goto(`${env.baseUrl}/app-config.json`);
    // `ready` never settles in a scope nothing has registered a service worker for: hence the limit.
    await within('the service worker getting ready', SW_READY_MS, page.evaluate(SERVICE_WORKER_READY));
  } finally {
    await page.close();
  }
}

/** Opens the app once, unthrottled, so the service worker has cached it before a measured run. */
export async function cacheApp(env: ScenarioEnv, context: BrowserContext) {
  const page = await context.newPage();
  try {
    await page.goto(`${env.baseUrl}/routes`);
    await waitSeen(page, 'routeList');
    // The app registers its service worker after the first screen: closed at once, a fast start left it
    // unregistered, and the wait below never ended (the bench sat idle at the start of scenario 4).
    await within('the app registering its service worker', SW_READY_MS, page.evaluate(SERVICE_WORKER_READY));
  } finally {
    await page.close();
  }
  await untilServiceWorkerReady(env, context);
}

/** One cold start, then one warm start in the same profile; the context is the caller's to close. */
export async function coldThenWarm(env: ScenarioEnv, mode: CoreMode) {
  const context = await signedInContext(env.browser, env.baseUrl, env.session);
  await installMetrics(context);
  const cold = await openToList(env, context, mode, true);
  await untilServiceWorkerReady(env, context);
  const warm = await openToList(env, context, mode);
  return { cold, warm, context };
}
