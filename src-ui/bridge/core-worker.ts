/**
 * The core's dedicated worker, one per page. In a build, index.html's early script (platform/early-start.ts) has
 * started it before any module ran, so it downloads, evaluates and opens its storage while the main module (React
 * and the first screen) is still on its way; this takes that one. In development, or if the early script did not
 * run, the first call starts it.
 */
import { EARLY_WORKER } from '../platform/early-start.ts';
import { coreWorkerName } from './core-mode.ts';

let worker: Worker | null = null;

/** The early script's worker, taken once (it is not left on the global for anything else to use). */
function takeEarlyWorker(): Worker | null {
  const scope = globalThis as { [EARLY_WORKER]?: Worker };
  const early = scope[EARLY_WORKER] ?? null;
  delete scope[EARLY_WORKER];
  return early;
}

/** The page's core worker: the early one, else started by the first call; the same one after. */
export function coreWorker(): Worker {
  worker ??=
    takeEarlyWorker() ??
    new Worker(new URL('../../src-worker/index.ts', import.meta.url), {
      type: 'module',
      name: coreWorkerName(location.search),
    });
  return worker;
}
