/**
 * The outbox: every stop completion is stored on the device (one IndexedDB record, strict durability) before it is
 * sent, and sent in order per route until the server has it, exactly once, whatever happens in between.
 *
 * - Exactly once: each item carries its Idempotency-Key from the moment it is made; a retry after a lost answer (a
 *   killed tab, a timeout) replays the server's first answer and writes nothing twice. The server's keys are per
 *   sender, so an item is only ever sent by the session that made it (the same driver, or the same shared link):
 *   another driver signing in on a shared phone never sends it.
 * - One sender at a time: a route's queue is flushed under a Web Lock per sender and route (navigator.locks, shared by
 *   every tab and worker of the app), and one flush per route runs in this worker; a flush asked for while one runs
 *   runs again after it, so an item added at its very end is not left behind.
 * - What goes wrong (send-policy.ts): a permanent refusal parks the item with the server's words for the driver to
 *   retry or discard, and the rest go on; a transient failure keeps it and retries with capped exponential back-off
 *   (and at once when the phone comes back online); a lost session keeps it for the same driver's next sign-in.
 *   Nothing is ever deleted unseen.
 *
 * This file composes the outbox's services: the session's items (session-items.ts), the calls to the server
 * (outbox-requests.ts), the flushes of each route's queue and their retries (flush-scheduler.ts, which runs the
 * passes of queue-pass.ts), the sweep of every queue (queue-sweep.ts) and the parked items (parked-items.ts).
 */
import { createFlushScheduler } from './flush-scheduler.ts';
import type { OutboxDeps } from './outbox-deps.ts';
import { createOutboxRequests } from './outbox-requests.ts';
import { createParkedItems } from './parked-items.ts';
import { createQueueSweep } from './queue-sweep.ts';
import { createSessionItems } from './session-items.ts';

export function createOutbox(deps: OutboxDeps) {
  const sessionItems = createSessionItems(deps);
  const requests = createOutboxRequests(deps);
  const flushes = createFlushScheduler({ ...deps, requests });
  const sweep = createQueueSweep({ ...deps, flushes });
  const parkedItems = createParkedItems({ ...deps, flushes });

  return {
    add: sessionItems.add,
    flush: flushes.flush,
    flushAll: sweep.flushAll,
    items: sessionItems.items,
    all: sessionItems.all,
    retry: parkedItems.retry,
    discard: parkedItems.discard,
    parkRefusedLink: parkedItems.parkRefusedLink,

    /** Back online: no waiting for the back-off. */
    retryNow(): Promise<void> {
      flushes.cancelRetries();
      return sweep.flushAll(true);
    },

    /** Sign-out: timers stop; the items stay for their sender's next session. */
    stop() {
      flushes.cancelRetries();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
