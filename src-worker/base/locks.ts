/**
 * The lock the outbox holds while it flushes a route's queue (outbox.ts). In the browser it is a Web Lock, which
 * every tab and worker of the app shares, so two tabs never send the same queue at once; where there is none (old
 * browsers, Node tests) an in-process lock serialises this core's own flushes. Tests share one in-process runner
 * between two cores to play two tabs.
 */

/** Runs `task` holding the named lock, across tabs and workers (navigator.locks.request), or in this worker only. */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** Exclusive by name, first come first served, within one JavaScript realm. */
export function inProcessLockRunner(): LockRunner {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const before = tails.get(name) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return run;
  };
}
