/**
 * The page's first module (index.html runs it before main.tsx): starts what takes a round trip or a thread of its
 * own, so it runs while the main module (React and the first screen) is still on its way and evaluating:
 * - the core's worker, which downloads, evaluates and opens its storage meanwhile (connect.ts takes the same one);
 * - on a route screen's path, that screen's code (preload-screen-code.ts).
 * It must stay tiny and import nothing of the shell: it runs as soon as its own few hundred bytes have arrived.
 */
import { coreModeFrom } from './bridge/core-mode.ts';
import { startCoreEarly } from './bridge/core-worker.ts';
import { preloadScreenCode } from './platform/preload-screen-code.ts';

startCoreEarly(coreModeFrom(location.search));
preloadScreenCode(document, location.pathname);
