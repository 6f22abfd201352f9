/**
 * The page's first module (index.html runs it before main.tsx): starts the core's worker and nothing else, so the
 * worker is up, with its storage open, by the time the main module has evaluated and asks it for the first snapshot.
 * It must stay tiny and import nothing of the shell: it runs as soon as its own few hundred bytes have arrived.
 */
import { coreModeFrom } from './bridge/core-mode.ts';
import { startCoreEarly } from './bridge/core-worker.ts';

startCoreEarly(coreModeFrom(location.search));
