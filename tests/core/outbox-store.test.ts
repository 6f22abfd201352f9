/**
 * The outbox's records, one transaction per change (src-worker/outbox/outbox-store.ts): parking a refused link's
 * items only while they are queued, checked in the same transaction, so the driver's Retry, another reason's park
 * or another tab's send between a list and a park is never overwritten or brought back.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem, ParkInfo } from '../../src-worker/outbox/outbox-item.ts';
import { createOutboxStore, type OutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { type AppStorage, openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';

let storage: AppStorage;
let store: OutboxStore;
beforeEach(async () => {
  storage = await openAppStorage(newDbName());
  store = createOutboxStore(storage.db);
});
afterEach(() => storage.db.close());

const item = (id: string): OutboxItem => ({
  id,
  owner: 'link:abc',
  routeId: 7,
  projectId: 1,
  stopId: 70,
  stop: { number: 1, name: 'Depot' },
  seq: 1_000,
  createdAt: 1,
  body: { status: 'finished' } as OutboxItem['body'],
  images: null,
  signature: undefined,
  state: 'queued',
  attempts: 0,
  parked: null,
});
const linkRefused: ParkInfo = { reason: 'link_refused', status: 401, message: 'The shared link was refused', at: 2 };
const tooLarge: ParkInfo = { reason: 'too_large', status: 413, message: 'Too large', at: 1 };

describe('parkIfQueued', () => {
  it('parks a queued item', async () => {
    await store.add(item('a'));
    expect(await store.parkIfQueued('a', linkRefused)).toBe(true);
    expect(await store.get('a')).toMatchObject({ state: 'parked', parked: linkRefused });
  });

  it('leaves an item parked for another reason as it was', async () => {
    await store.add(item('a'));
    await store.park('a', tooLarge);
    expect(await store.parkIfQueued('a', linkRefused)).toBe(false);
    expect((await store.get('a'))?.parked).toEqual(tooLarge);
  });

  it('never brings back an item another tab has sent', async () => {
    await store.add(item('a'));
    await store.remove('a');
    expect(await store.parkIfQueued('a', linkRefused)).toBe(false);
    expect(await store.get('a')).toBeUndefined();
  });

  it('parks an item the driver put back in the queue', async () => {
    await store.add(item('a'));
    await store.park('a', tooLarge);
    await store.requeue('a');
    expect(await store.parkIfQueued('a', linkRefused)).toBe(true);
    expect((await store.get('a'))?.parked).toEqual(linkRefused);
  });
});
