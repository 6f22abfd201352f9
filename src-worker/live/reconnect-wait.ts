import type { Timers } from '../base/timers.ts';

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

export function createReconnectWait(timers: Timers) {
  let timer: unknown = null;
  let failures = 0;
  return {
    /** Connections in a row that never opened (or could not be made). */
    get failures() {
      return failures;
    },
    failed() {
      failures += 1;
    },
    /** A connection opened, or another route's channel starts: the waits start over. */
    startOver() {
      failures = 0;
    },
    /** Runs `reconnect` once the wait that the failures so far ask for has passed. */
    start(reconnect: () => void) {
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

export type ReconnectWait = ReturnType<typeof createReconnectWait>;
