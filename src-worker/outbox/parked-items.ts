/**
 * What becomes of items the server refused for good (parked): the driver's Retry and Discard, and the parking of a
 * refused shared link's queue. Every change is one transaction on one record (outbox-store.ts).
 */
import type { CoreContext } from '../core-context.ts';
import type { FlushScheduler } from './flush-scheduler.ts';
import { changedHere, type OutboxDeps, type OutboxEvent, queueLock } from './outbox-deps.ts';

export interface ParkedItems {
  /**
   * The driver's Retry on a parked item: back in the queue, and sent now. False when it is no parked item, or one of a
   * refused link (nothing can send it any more: the driver may discard it).
   */
  retry(id: string): Promise<boolean>;
  /** The driver's Discard on a parked item: gone for good (only parked items can be discarded). */
  discard(id: string): Promise<boolean>;
  /**
   * The server refused a shared link for good (revoked, expired): the route's queued items of that sender are
   * parked, never deleted; answers how many items the server never got.
   */
  parkRefusedLink(owner: string, routeId: number): Promise<number>;
}

export function createParkedItems(
  core: CoreContext<OutboxEvent>,
  outbox: OutboxDeps,
  flushes: FlushScheduler,
): ParkedItems {
  return {
    async retry(id) {
      const store = await outbox.items();
      const item = await store.get(id);
      if (!item || !(await store.requeue(id))) return false;
      core.emit(changedHere(item.routeId));
      void flushes.flush(item.routeId);
      return true;
    },

    async discard(id) {
      const store = await outbox.items();
      const item = await store.get(id);
      if (item?.state !== 'parked') return false;
      await store.remove(id);
      core.emit(changedHere(item.routeId));
      return true;
    },

    /**
     * The server refused a shared link for good (revoked, expired): nothing will ever send its items again, so the
     * queued ones of the route are parked (kept on the device, never deleted) and the number the server never got is
     * returned, for the driver to hear. Under the queue's lock, after a send in flight has had its answer; each item
     * is parked in its own transaction, which writes nothing for an item a send has just removed (outbox-store.ts).
     */
    async parkRefusedLink(owner, routeId) {
      return core.locks(queueLock(owner, routeId), async () => {
        const store = await outbox.items();
        const items = await store.list(owner, routeId);
        const info = { reason: 'link_refused', status: 401, message: 'The shared link was refused' } as const;
        // Each item parked in one transaction that checks it is still queued: the driver's Retry or another tab's
        // send between the list and the park is never overwritten (outbox-store.ts).
        for (const item of items.filter((i) => i.state === 'queued'))
          await store.parkIfQueued(item.id, { ...info, at: core.now() });
        if (items.length > 0) core.emit(changedHere(routeId));
        return (await store.list(owner, routeId)).length;
      });
    },
  };
}
