import type { CoreContext } from '../core-context.ts';

/**
 * The wait before the live channel connects again (spec section 9, reconnect delay): 5 s after a close or an error,
 * and more slowly after failures in a row (so a phone in a dead zone does not hammer the server).
 */

/** Spec section 9. */
const RECONNECT_DELAY_MS = 5_000;
/** After this many failed connections in a row, each wait doubles, up to the cap. */
const FAILURES_BEFORE_BACKOFF = 3;
const RECONNECT_MAX_MS = 60_000;

/** The wait before reconnecting after `failures` connections in a row that never opened (0: it had been open). */
function reconnectDelay(failures: number): number {
  if (failures < FAILURES_BEFORE_BACKOFF) return RECONNECT_DELAY_MS;
  return Math.min(RECONNECT_MAX_MS, RECONNECT_DELAY_MS * 2 ** (failures - FAILURES_BEFORE_BACKOFF + 1));
}

/** The reconnect timer and the failures in a row that set its wait. */
export interface ReconnectWait {
  /** Connections in a row that never opened (or could not be made). */
  readonly failures: number;
  /** A connection never opened, or could not be made. */
  failed(): void;
  /** A connection opened, or another route's channel starts: the waits start over. */
  startOver(): void;
  /** Runs `reconnect` once the wait that the failures so far ask for has passed. */
  start(reconnect: () => void): void;
  /** No reconnect waits any more. */
  cancel(): void;
}

export function createReconnectWait(core: CoreContext): ReconnectWait {
  const { timers } = core;
  let timer: unknown = null;
  let failures = 0;
  return {
    get failures() {
      return failures;
    },
    failed() {
      failures += 1;
    },
    startOver() {
      failures = 0;
    },
    start(reconnect) {
      timer = timers.set(() => {
        timer = null;
        reconnect();
      }, reconnectDelay(failures));
    },
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
