/**
 * The code of every screen a stop needs, loaded ahead once a route is open (issue 31): More info, its units and the
 * complete screen (with the age check), the signature pad, the scan panel, Call's phone rule, the route's strings,
 * and the core's own code for proofs (WorkerApi.loadStopCode: photo resizing, proof images, barcode decoding). Each
 * is a chunk the app would otherwise fetch when the driver taps; in a first session whose signal goes before the
 * service worker has taken over (it installs while the driver signs in, precaching a few MB), that tap found no
 * network: "Something went wrong". A module once loaded stays in the page's module map (the core's in the worker's),
 * where the screens' own lazy imports find it with no network at all.
 *
 * The same specifiers as the screens' own imports (AppRoutes.tsx, CompleteProofs.tsx, ScanSummary.tsx,
 * use-call-number.ts), so the bundler gives them the same files; tests/architecture/stop-code-ahead.test.ts holds
 * this list to those imports.
 *
 * One module at a time, each in an idle period of its own, after the route view's first paint
 * (stop-code-preloader.ts).
 */
import { loadRouteMessages } from '../../i18n/index.ts';
import { stopCodePreloader } from './stop-code-preloader.ts';

/** The page's part, in the order a driver meets them. */
const STOP_CODE: readonly (() => Promise<unknown>)[] = [
  () => import('./StopTaskScreen.tsx'),
  () => import('../../../src-shared/domain/phone.ts'),
  () => import('./CompleteScreen.tsx'),
  () => import('../../proof/SignatureCapture.tsx'),
  () => import('./UnitsScreen.tsx'),
  () => import('../../scan/ScanPanel.tsx'),
  () => loadRouteMessages(),
];

/** The app's: the route view calls it once its route has painted (use-offline-ahead.ts). */
export const preloadStopCode = stopCodePreloader(STOP_CODE);
