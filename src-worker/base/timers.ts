/**
 * Timers the core runs on: the browser's (or Node's) own, or a test's fake clock (tests/helpers/faults.ts
 * manualTimers), handed in through WorkerDeps so the outbox's retries and the live route's waits can be driven by hand.
 */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** The global setTimeout and clearTimeout. */
export const globalTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
