/**
 * The device's database (src-worker/storage/app-db.ts): the first release's per-route lists of unsent completions
 * become one outbox record each, of the driver signed in then (issue 12).
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createOutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';
import { jpegUrl } from '../helpers/images.ts';

describe('the first release’s outbox', () => {
  it('moves the first release’s per-route lists into records of the signed-in driver', async () => {
    const dbName = newDbName();
    const v1 = await openDB(dbName, 1, {
      upgrade(db) {
        db.createObjectStore('session');
        db.createObjectStore('cache');
        db.createObjectStore('unsent');
      },
    });
    await v1.put('session', { id: 42, accessToken: 'a', refreshToken: 'r', expiresAt: 0 }, 'driver');
    await v1.put(
      'unsent',
      [
        {
          id: 'k1',
          routeId: 9,
          projectId: 3,
          stopId: 5,
          createdAt: 1000,
          body: { status: 'finished', images: { 0: jpegUrl() } },
        },
        { id: 'k2', routeId: 9, projectId: 3, stopId: 6, createdAt: 1001, body: { status: 'skipped' } },
      ],
      9,
    );
    v1.close();
    const storage = await openAppStorage(dbName);
    const items = await createOutboxStore(storage.db).list('driver:42', 9);
    storage.close();
    expect(items.map((i) => [i.id, i.stopId, i.state])).toEqual([
      ['k1', 5, 'queued'],
      ['k2', 6, 'queued'],
    ]);
    // Kept as the data URL it was: the outbox sends a string as it is.
    expect(items[0]!.images).toEqual([jpegUrl()]);
  });
});
