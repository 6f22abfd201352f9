/**
 * The outbox's records in IndexedDB: one per completion, keyed by its Idempotency-Key.
 *
 * What makes it safe with two tabs (two workers), a flush in flight and a tab killed at any point: every change is
 * ONE transaction on ONE record, and nothing is read in one transaction and written back in another.
 * - add: a single put of a new key.
 * - remove (sent): a single delete by key; deleting what another tab already deleted is a no-op.
 * - park (also only-if-queued) / requeue / count an attempt / replace the body: get and put in the same readwrite transaction, which IndexedDB runs alone on
 *   the store, and which writes nothing when the record is gone (so a tab that lost a race never brings back an item
 *   another tab has sent).
 * Writes use strict durability: the driver is told "saved" only once the record is on disk.
 */
import type { IDBPDatabase } from 'idb';
import type { AppDb } from '../storage/app-db.ts';
import type { OutboxItem, ParkInfo } from './outbox-item.ts';

/** Items of no known sender: made by the first release, which did not record one (see app-db.ts). */
export const ORPHAN_OWNER = '';

export interface OutboxStore {
  /** Stores a new item (strict durability): from then on it reaches the server once. */
  add(item: OutboxItem): Promise<void>;
  /** The route's items of this sender, in send order (parked ones included). */
  list(owner: string, routeId: number): Promise<OutboxItem[]>;
  /** Every item of this sender, in no particular order. */
  listOwner(owner: string): Promise<OutboxItem[]>;
  /** One item by its id; undefined when it is gone (sent or discarded). */
  get(id: string): Promise<OutboxItem | undefined>;
  /** Deletes an item: only once the server has it, or the driver discarded it. */
  remove(id: string): Promise<void>;
  /** Marks an item refused for good; false when it is gone (another tab sent it). */
  park(id: string, info: ParkInfo): Promise<boolean>;
  /** Parks an item only while it is queued (checked in the same transaction); false when it is gone or parked. */
  parkIfQueued(id: string, info: ParkInfo): Promise<boolean>;
  /** Puts a parked item back in the queue (the driver's Retry), its attempts reset; false for a refused link's item. */
  requeue(id: string): Promise<boolean>;
  /** Gives an item of no known sender to this session's sender (see ORPHAN_OWNER). */
  adopt(id: string, owner: string): Promise<boolean>;
  /** Counts a failed attempt that may succeed later; returns the new count (0 when the item is gone). */
  countAttempt(id: string): Promise<number>;
  /** Replaces a queued item's body (a device time the server refused left out); false when it is gone or parked. */
  replaceBody(id: string, body: OutboxItem['body']): Promise<boolean>;
}

const STRICT = { durability: 'strict' } as const;

export function createOutboxStore(db: IDBPDatabase<AppDb>): OutboxStore {
  /** One record changed in one transaction: `change` returns the new record, or null to leave it as it is. */
  async function change(id: string, next: (item: OutboxItem) => OutboxItem | null): Promise<OutboxItem | null> {
    const tx = db.transaction('outbox', 'readwrite', STRICT);
    const item = await tx.store.get(id);
    const changed = item ? next(item) : null;
    if (changed) await tx.store.put(changed);
    await tx.done;
    return changed;
  }

  return {
    async add(item) {
      const tx = db.transaction('outbox', 'readwrite', STRICT);
      await Promise.all([tx.store.add(item), tx.done]);
    },
    list(owner, routeId) {
      const range = IDBKeyRange.bound([owner, routeId, -Infinity], [owner, routeId, Infinity]);
      return db.getAllFromIndex('outbox', 'queue', range);
    },
    listOwner: (owner) => db.getAllFromIndex('outbox', 'owner', owner),
    get: (id) => db.get('outbox', id),
    async remove(id) {
      const tx = db.transaction('outbox', 'readwrite', STRICT);
      await Promise.all([tx.store.delete(id), tx.done]);
    },
    async park(id, info) {
      return (await change(id, (item) => ({ ...item, state: 'parked', parked: info }))) !== null;
    },
    async parkIfQueued(id, info) {
      return (
        (await change(id, (item) => (item.state === 'queued' ? { ...item, state: 'parked', parked: info } : null))) !==
        null
      );
    },
    async requeue(id) {
      // Not an item of a refused link: nothing can send it any more (the server would refuse it again), so it stays
      // parked for the driver to discard; checked in the transaction that would requeue it.
      const back = await change(id, (item) =>
        item.state === 'parked' && item.parked?.reason !== 'link_refused'
          ? { ...item, state: 'queued', parked: null, attempts: 0 }
          : null,
      );
      return back !== null;
    },
    async adopt(id, owner) {
      return (await change(id, (item) => (item.owner === ORPHAN_OWNER ? { ...item, owner } : null))) !== null;
    },
    async countAttempt(id) {
      return (await change(id, (item) => ({ ...item, attempts: item.attempts + 1 })))?.attempts ?? 0;
    },
    async replaceBody(id, body) {
      return (await change(id, (item) => (item.state === 'queued' ? { ...item, body } : null))) !== null;
    },
  };
}
