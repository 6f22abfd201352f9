/**
 * Sends every route's queue of every sender of this session at once: at start-up, and when the phone is back online
 * (`urgent`). On the way, items the first release stored with no sender go to the session that finds them.
 */
import type { FlushScheduler } from './flush-scheduler.ts';
import type { OutboxDeps } from './outbox-deps.ts';
import { ORPHAN_OWNER, type OutboxStore } from './outbox-store.ts';

export interface QueueSweepDeps extends Pick<OutboxDeps, 'store' | 'senderFor' | 'senders'> {
  flushes: FlushScheduler;
}

export function createQueueSweep(deps: QueueSweepDeps) {
  /** The first release's items of no known sender go to the session that finds them (app-db.ts). */
  async function adoptOrphans(store: OutboxStore, routes: Set<number>) {
    for (const orphan of await store.listOwner(ORPHAN_OWNER)) {
      const sender = deps.senderFor(orphan.routeId);
      if (!sender) continue;
      await store.adopt(orphan.id, sender.owner);
      routes.add(orphan.routeId);
    }
  }

  return {
    /** Sends every route's queue of every sender of this session (start-up, back online: `urgent`). */
    async flushAll(urgent = false): Promise<void> {
      const store = await deps.store();
      const routes = new Set<number>();
      for (const sender of deps.senders()) {
        for (const item of await store.listOwner(sender.owner)) if (item.state === 'queued') routes.add(item.routeId);
      }
      await adoptOrphans(store, routes);
      await Promise.all([...routes].map((routeId) => deps.flushes.flush(routeId, urgent)));
    },
  };
}
