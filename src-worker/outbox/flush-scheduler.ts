/**
 * When a route's queue is flushed: one flush per route at a time in this worker, under the queue's lock (shared by
 * every tab and worker); a flush asked for while one runs runs again after it, so an item added at its very end is
 * not left behind; and a pass that stopped on a transient failure is tried again after the back-off (send-policy.ts).
 */
import type { CoreContext } from '../core-context.ts';
import type { FlushOutcome, OutboxDeps, OutboxEvent } from './outbox-deps.ts';
import { queueLock } from './outbox-deps.ts';
import type { OutboxRequests } from './outbox-requests.ts';
import { createQueuePass } from './queue-pass.ts';
import { retryDelay } from './send-policy.ts';

export interface FlushScheduler {
  /** Sends the route's queue now (after the running flush, if one runs); `urgent`: even if that one stopped. */
  flush(routeId: number, urgent?: boolean): Promise<FlushOutcome>;
  /** No waiting for the back-off any more: back online (the sweep's `retryNow`), and sign-out (the items stay). */
  cancelRetries(): void;
}

export function createFlushScheduler(
  core: CoreContext<OutboxEvent>,
  outbox: OutboxDeps,
  requests: OutboxRequests,
): FlushScheduler {
  const { timers, locks } = core;
  const running = new Map<number, Promise<FlushOutcome>>();
  /**
   * A flush asked for while one runs: 'added' runs again if the running one emptied the queue (an item came in at its
   * end); 'urgent' (back online) runs again even if it stopped on a failure, since the reason may have gone.
   */
  const again = new Map<number, 'added' | 'urgent'>();
  const retryTimers = new Map<number, unknown>();
  const pass = createQueuePass(core, { outbox, requests, retries: { scheduleRetry } });

  function scheduleRetry(routeId: number, attempts: number) {
    if (retryTimers.has(routeId)) return;
    const handle = timers.set(
      () => {
        retryTimers.delete(routeId);
        void flush(routeId);
      },
      retryDelay(attempts, core.random()),
    );
    retryTimers.set(routeId, handle);
  }

  function cancelRetry(routeId: number) {
    const handle = retryTimers.get(routeId);
    if (handle === undefined) return;
    timers.clear(handle);
    retryTimers.delete(routeId);
  }

  function flush(routeId: number, urgent = false): Promise<FlushOutcome> {
    const sender = outbox.senders.senderFor(routeId);
    if (!sender) return pendingCount(routeId).then((pending) => ({ sent: 0, pending }));
    const current = running.get(routeId);
    if (current) {
      if (urgent || !again.has(routeId)) again.set(routeId, urgent ? 'urgent' : 'added');
      return current;
    }
    cancelRetry(routeId);
    const run = (async () => {
      let total = 0;
      let outcome: FlushOutcome;
      let next: 'added' | 'urgent' | undefined;
      do {
        again.delete(routeId);
        outcome = await locks(queueLock(sender.owner, routeId), () => pass.flushOnce(routeId, sender));
        total += outcome.sent;
        next = again.get(routeId);
      } while (next === 'urgent' || (next === 'added' && outcome.pending === 0));
      return { sent: total, pending: outcome.pending };
    })().finally(() => running.delete(routeId));
    running.set(routeId, run);
    return run;
  }

  async function pendingCount(routeId: number): Promise<number> {
    const sender = outbox.senders.senderFor(routeId);
    if (!sender) return 0;
    const items = await (await outbox.items()).list(sender.owner, routeId);
    return items.filter((i) => i.state === 'queued').length;
  }

  return {
    flush,
    cancelRetries() {
      for (const routeId of [...retryTimers.keys()]) cancelRetry(routeId);
    },
  };
}
