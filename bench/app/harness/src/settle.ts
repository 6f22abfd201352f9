/**
 * When the core is quiet again. An intent's promise can resolve before its follow-ups are done (openRoute
 * loads the planned line and sends the outbox in the background), so an intent's patches are counted only once
 * no request is in flight and no patch has come for a short while.
 */
const QUIET_MS = 150;
const LIMIT_MS = 30_000;

export function settleTracker() {
  let inFlight = 0;
  let lastActivity = performance.now();
  const touch = () => {
    lastActivity = performance.now();
  };
  return {
    /** A patch arrived. */
    touch,
    /** The core's fetch, counting its requests in flight. */
    countFetches(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
      return async (...args) => {
        inFlight++;
        touch();
        try {
          return await fetch(...args);
        } finally {
          inFlight--;
          touch();
        }
      };
    },
    async settled(): Promise<void> {
      const started = performance.now();
      while (inFlight > 0 || performance.now() - lastActivity < QUIET_MS) {
        if (performance.now() - started > LIMIT_MS) {
          throw new Error(`The core did not settle within ${LIMIT_MS} ms (${inFlight} requests in flight)`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}
