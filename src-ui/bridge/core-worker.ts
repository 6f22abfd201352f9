/**
 * The core's dedicated worker, started once per page. Two entries ask for it: start-early.ts, a tiny module the
 * HTML runs before the main one, so the worker downloads, evaluates and opens its storage while the main module
 * (React and the first screen) is still on its way and evaluating; and connect.ts, which then takes the same
 * worker instead of starting it one long task later (issue 20: the worker starts in parallel with the main module).
 */
import type { CoreMode } from './core-mode.ts';

let worker: Worker | null = null;

/** The page's core worker: started by the first call, the same one after. */
export function coreWorker(): Worker {
  worker ??= new Worker(new URL('../../src-worker/index.ts', import.meta.url), {
    type: 'module',
    name: 'droplane-core',
  });
  return worker;
}

/** Starts the worker at once when the page runs its core there (not with `?core=inline`). */
export function startCoreEarly(mode: CoreMode): void {
  if (mode === 'worker') coreWorker();
}
