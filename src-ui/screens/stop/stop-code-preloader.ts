/**
 * Loading a stop's code ahead (stop-code.ts) without getting in the driver's way: one module at a time, each in an
 * idle period of its own, after the route view's first paint. A module's evaluation is a main-thread task: none of
 * them may land in the frames of the stop card's first paint or stack up into one long task. A step waits at most
 * IDLE_WAIT_MS for an idle period, so a busy view (a map drawing) still gets there.
 */
import type { Result } from '../../../src-shared/api/worker-api.ts';
import { whenIdle } from '../../platform/idle.ts';

/** A performance mark once everything is loaded (tests wait for it before they cut the network). */
export const STOP_CODE_LOADED_MARK = 'droplane:stop-code-loaded';

const IDLE_WAIT_MS = 2000;

/**
 * A preloader of `steps` (the page's part), then the core's part (`loadCore`), one step per idle period (`idle`:
 * whenIdle's signature). Its call starts loading and returns the cancel, for an effect's cleanup. A step that fails
 * (offline, never cached) is skipped, and the next call tries the whole list again; once everything is in, a call
 * does nothing.
 */
export function stopCodePreloader(steps: readonly (() => Promise<unknown>)[], idle = whenIdle) {
  let loaded = false;
  return function preload(loadCore: () => Promise<Result>): () => void {
    if (loaded) return () => {};
    const all = [
      ...steps,
      async () => {
        const result = await loadCore();
        if (!result.ok) throw new Error(result.error);
      },
    ];
    let stopped = false;
    let failed = false;
    let cancelWait = () => {};
    const step = (at: number) => {
      if (stopped) return;
      if (at === all.length) {
        loaded = !failed;
        if (loaded) performance.mark(STOP_CODE_LOADED_MARK);
        return;
      }
      cancelWait = idle(() => {
        all[at]!()
          .catch(() => {
            failed = true;
          })
          .then(() => step(at + 1));
      }, IDLE_WAIT_MS);
    };
    step(0);
    return () => {
      stopped = true;
      cancelWait();
    };
  };
}
