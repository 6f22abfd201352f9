/**
 * Sends every route's queue of every sender of this session at once: at start-up, and when the phone is back online
 * (`retryNow`, no waiting for the back-off). On the way, items the first release stored with no sender go to the
 * session that finds them.
 */
import type { FlushScheduler } from './flush-scheduler.ts';
import type { OutboxDeps } from './outbox-deps.ts';
import { ORPHAN_OWNER, type OutboxStore } from './outbox-store.ts';

export interface QueueSweep {
  /** Sends every route's queue of every sender of this session (start-up); `urgent`: even those that stopped. */
  flushAll(urgent?: boolean): Promise<void>;
  /** Back online: the retries' waits are over, and every queue is sent at once. */
  retryNow(): Promise<void>;
}

export function createQueueSweep(outbox: OutboxDeps, flushes: FlushScheduler): QueueSweep {
  const { senders } = outbox;

  /** The first release's items of no known sender go to the session that finds them (app-db.ts). */
  async function adoptOrphans(store: OutboxStore, routes: Set<number>) {
    for (const orphan of await store.listOwner(ORPHAN_OWNER)) {
      const sender = senders.senderFor(orphan.routeId);
      if (!sender) continue;
      await store.adopt(orphan.id, sender.owner);
      routes.add(orphan.routeId);
    }
  }

  async function flushAll(urgent = false): Promise<void> {
    const store = await outbox.items();
    const routes = new Set<number>();
    for (const sender of senders.senders()) {
      for (const item of await store.listOwner(sender.owner)) if (item.state === 'queued') routes.add(item.routeId);
    }
    await adoptOrphans(store, routes);
    await Promise.all([...routes].map((routeId) => flushes.flush(routeId, urgent)));
  }

  return {
    flushAll,
    retryNow() {
      flushes.cancelRetries();
      return flushAll(true);
    },
  };
}
