/**
 * The outbox's records, one transaction per change (src-worker/outbox/outbox-store.ts): parking a refused link's
 * items only while they are queued, checked in the same transaction, so the driver's Retry, another reason's park
 * or another tab's send between a list and a park is never overwritten or brought back; and, through the core
 * against the real server, completions added while a flush is in flight are all sent.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem, ParkInfo } from '../../src-worker/outbox/outbox-item.ts';
import { createOutboxStore, type OutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { type AppStorage, openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { outboxIdle, routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Outbox Co' }));
});

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

describe('requeue', () => {
  it("puts a parked item back in the queue, but never a refused link's: nothing can send it any more", async () => {
    await store.add(item('a'));
    await store.park('a', tooLarge);
    expect(await store.requeue('a')).toBe(true);
    expect(await store.get('a')).toMatchObject({ state: 'queued', parked: null, attempts: 0 });
    await store.parkIfQueued('a', linkRefused);
    expect(await store.requeue('a')).toBe(false);
    expect(await store.get('a')).toMatchObject({ state: 'parked', parked: linkRefused });
    expect(await store.requeue('gone')).toBe(false);
  });
});

describe('a flush in flight', () => {
  it('adding while a flush is between its read and its write loses nothing (the old array race)', async () => {
    const faults = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    // Every completion request is slow, so the adds below land while a send is in flight.
    const slow = faults.fetch;
    faults.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/services/')) await new Promise((r) => setTimeout(r, 40));
      return slow(input, init);
    }) as typeof fetch;
    const c2 = await signedInCore(suite, driver, { fetch: (i, n) => faults.fetch(i, n) });
    await c2.api.openRoute(routeId, { shared: false });
    await c2.until((s) => s.route?.status === 'ready');
    for (const stop of stops) expect(await c2.api.completeStop(stop.id, { status: 'finished' })).toEqual({ ok: true });
    await outboxIdle(c2);
    expect((await routeCompletions(suite.t, routeId)).map((r) => r.stop_id)).toEqual(stops.map((s) => s.id));
  });
});
