/**
 * A completion stored as an outbox item (src-worker/outbox/session-items.ts, issue 12), the core against the real
 * server: one record per completion, its photos kept as Blobs, and sent as data URLs once the network is back.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, TINY_JPEG } from '../helpers/images.ts';
import { outboxIdle, routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Outbox Co' }));
});

describe('storage', () => {
  it('keeps one record per completion, photos as Blobs, and sends them as data URLs', async () => {
    const faults = faultyFetch();
    const dbName = newDbName();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch, dbName });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    await c.api.completeStop(stops[0]!.id, { status: 'finished', proofs: { images: [jpegUrl(TINY_JPEG)] } });
    await c.api.completeStop(stops[1]!.id, { status: 'skipped', completion_note: 'Closed' });
    const storage = await openAppStorage(dbName);
    const items = await createOutboxStore(storage.db).list(`driver:${driver.driverId}`, routeId);
    storage.close();
    expect(items.map((i) => i.stopId)).toEqual([stops[0]!.id, stops[1]!.id]);
    expect(items[0]!.images![0]).toBeInstanceOf(Blob);
    expect((items[0]!.images![0] as Blob).type).toBe('image/jpeg');
    expect(items[1]!.images).toBeNull();
    expect(c.state().outbox.unsent).toBe(2);

    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    await outboxIdle(c);
    const sent = faults.passed.filter(isCompletion);
    expect(JSON.parse(sent[0]!.body!).images['0']).toBe(jpegUrl(TINY_JPEG));
    const rows = await routeCompletions(suite.t, routeId);
    expect(rows.map((r) => r.stop_id)).toEqual([stops[0]!.id, stops[1]!.id]);
  });
});
