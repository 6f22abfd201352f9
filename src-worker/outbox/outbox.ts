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
import type { CoreContext } from '../core-context.ts';
import { createFlushScheduler, type FlushScheduler } from './flush-scheduler.ts';
import type { OutboxDeps, OutboxEvent } from './outbox-deps.ts';
import { createOutboxRequests } from './outbox-requests.ts';
import { createParkedItems, type ParkedItems } from './parked-items.ts';
import { createQueueSweep, type QueueSweep } from './queue-sweep.ts';
import { createSessionItems, type SessionItems } from './session-items.ts';

/** The outbox's services, by name: a caller reaches the one it needs (`outbox.parked.retry(id)`). */
export interface Outbox {
  /** The session's items: a completion stored (`add`), and the items read back, per route or all. */
  sessionItems: SessionItems;
  /** A route's queue sent now (`flush`); the retries' waits cancelled at sign-out (`cancelRetries`). */
  flushes: FlushScheduler;
  /** Every queue of the session sent: at start-up (`flushAll`), and back online at once (`retryNow`). */
  sweep: QueueSweep;
  /** The items the server refused for good: the driver's Retry and Discard, and a refused link's queue parked. */
  parked: ParkedItems;
}

export function createOutbox(core: CoreContext<OutboxEvent>, deps: OutboxDeps): Outbox {
  const requests = createOutboxRequests(core, deps);
  const flushes = createFlushScheduler(core, deps, requests);
  return {
    sessionItems: createSessionItems(core, deps),
    flushes,
    sweep: createQueueSweep(deps, flushes),
    parked: createParkedItems(core, deps, flushes),
  };
}
