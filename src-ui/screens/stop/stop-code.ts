/**
 * The code of every screen a stop needs, in the route view's own load (issue 45): More info, its units and the
 * complete screen (with the age check), the signature pad, the scan panel, Call's phone rule, and the core's own
 * code for proofs (WorkerApi.loadStopCode: photo resizing, proof images, barcode decoding). The route screen's
 * loader awaits it beside the screen's chunk and its strings (screen-loaders.ts), so the route view paints its
 * first card only once all of it is in. Each is a chunk the app would otherwise fetch when the driver taps; in a
 * first session whose signal goes before the service worker has taken over (it installs while the driver signs
 * in, precaching a few MB, and on a slow line is far from done in the first minute), that tap found no network.
 * Loaded ahead in idle periods after the first paint instead (issue 31), how long a driver had to stay online
 * after opening a route depended on the phone. A module once loaded stays in the page's module map (the core's in
 * the worker's), where the screens' own lazy imports find it with no network at all.
 *
 * The same specifiers as the screens' own imports (AppRoutes.tsx, CompleteProofs.tsx, ScanSummary.tsx,
 * use-call-number.ts), so the bundler gives them the same files; tests/architecture/stop-code-ahead.test.ts holds
 * this list to those imports.
 */
import type { Result } from '../../../src-shared/api/worker-api.ts';

/** The page's part, in the order a driver meets them. */
const STOP_CODE: readonly (() => Promise<unknown>)[] = [
  () => import('./StopTaskScreen.tsx'),
  () => import('../../../src-shared/domain/phone.ts'),
  () => import('./CompleteScreen.tsx'),
  () => import('../../proof/SignatureCapture.tsx'),
  () => import('./UnitsScreen.tsx'),
  () => import('../../scan/ScanPanel.tsx'),
];

/** The core's part: WorkerApi.loadStopCode of the page's core. */
type CoreStopCode = () => Promise<Result>;

let connect: (load: CoreStopCode) => void = () => {};
const core = new Promise<CoreStopCode>((resolve) => {
  connect = resolve;
});

/** Boot hands over the core's part once the core is connected (main.tsx); a load started before waits for it. */
export function connectStopCode(load: CoreStopCode): void {
  connect(load);
}

/**
 * `screen` once the stop code is in too: both parts load in parallel with it. Rejects when a module cannot load
 * (offline, never cached); the next call tries again.
 */
export async function withStopCode<T>(screen: Promise<T>): Promise<T> {
  const corePart = core
    .then((load) => load())
    .then((result) => {
      // In the browser's words for a module that could not be fetched, which is what happened in the worker: a
      // failed load is then told apart from a bug as the page's own chunks are (issue 45, a lazy screen's boundary).
      if (!result.ok) throw new Error(`Failed to fetch dynamically imported module: the core's stop code`);
    });
  const [module] = await Promise.all([screen, corePart, ...STOP_CODE.map((load) => load())]);
  return module;
}
