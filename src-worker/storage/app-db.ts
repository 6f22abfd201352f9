/**
 * What the core keeps on the device, in IndexedDB (idb): the signed-in driver's session, cached answers for offline
 * starts, and the outbox of stop completions (one record per completion, outbox-store.ts). Sign-out clears the
 * session and the caches; the outbox stays, keyed by the driver (or link) that made each completion, and so does the
 * sign-out's revoke call until the server has it (session/revocations.ts).
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';
import type { OutboxItem } from '../outbox/outbox-item.ts';

export interface StoredDriver extends DriverProfile {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface AppDb extends DBSchema {
  session: { key: 'driver'; value: StoredDriver };
  /**
   * What belongs to this install, not to a driver: kept across sign-outs (the live channel's device id, the app's
   * settings, and the revoke calls not yet sent, one `revoke:<token>` record each).
   */
  device: { key: string; value: unknown };
  cache: { key: string; value: unknown };
  /** Keyed by the item's id (its Idempotency-Key); `queue` orders a sender's items per route. */
  outbox: {
    key: string;
    value: OutboxItem;
    indexes: { queue: [string, number, number]; owner: string };
  };
}

export interface AppStorage {
  getDriver(): Promise<StoredDriver | undefined>;
  putDriver(driver: StoredDriver): Promise<void>;
  getCache<T>(key: string): Promise<T | undefined>;
  putCache(key: string, value: unknown): Promise<void>;
  deleteCache(key: string): Promise<void>;
  /** The database, for the outbox's records (src-worker/outbox/outbox-store.ts, loaded with the route features). */
  readonly db: IDBPDatabase<AppDb>;
  /** Whether any of these senders has a completion waiting (a start-up check that needs no outbox code). */
  hasOutboxItems(owners: readonly string[]): Promise<boolean>;
  /** A random id made once per install (the socket's deviceId), the same for every driver and session. */
  deviceId(newId: () => string): Promise<string>;
  /** Install-level copies that outlive a sign-out (the app's runtime settings). */
  getDevice<T>(key: string): Promise<T | undefined>;
  putDevice(key: string, value: unknown): Promise<void>;
  /**
   * Sign-out: the session and every cache go; the outbox and the device id stay. `revoke`: the refresh token of the
   * session that ends, kept for its revoke call in the same transaction (a tab closed at that moment loses neither).
   */
  clearExceptOutbox(revoke?: string): Promise<void>;
  /** Keeps a refresh token whose family the server must revoke, until `dropRevocation`. */
  queueRevocation(token: string): Promise<void>;
  /** The refresh tokens whose revoke call has not been answered yet. */
  pendingRevocations(): Promise<string[]>;
  dropRevocation(token: string): Promise<void>;
  close(): void;
}

/** The route list as last shown (RouteListState), restored into a signed-in start's first snapshot. */
export const ROUTE_LIST_CACHE = 'routeListState';

const REVOKE_PREFIX = 'revoke:';
/** Every `revoke:` key (tokens are base64url and dots: ASCII below U+FFFF). */
const revokeKeys = () => IDBKeyRange.bound(REVOKE_PREFIX, `${REVOKE_PREFIX}\uffff`);

/** 1: the first release, with one `unsent` array per route. 2: one `outbox` record per completion. 3: `device`. */
const DB_VERSION = 3;

export async function openAppStorage(name = 'droplane'): Promise<AppStorage> {
  const db: IDBPDatabase<AppDb> = await openDB<AppDb>(name, DB_VERSION, {
    async upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        database.createObjectStore('session');
        database.createObjectStore('cache');
      }
      if (oldVersion < 2) {
        const outbox = database.createObjectStore('outbox', { keyPath: 'id' });
        outbox.createIndex('queue', ['owner', 'routeId', 'seq']);
        outbox.createIndex('owner', 'owner');
        if (oldVersion === 1) await migrateUnsentLists(transaction as unknown as V1Upgrade);
      }
      if (oldVersion < 3) database.createObjectStore('device');
    },
    // Another tab opened a newer version: let it upgrade, and come back to a fresh connection on the next start.
    blocking() {
      db.close();
    },
  });
  return {
    getDriver: () => db.get('session', 'driver'),
    async putDriver(driver) {
      await db.put('session', driver, 'driver');
    },
    getCache: async <T>(key: string) => (await db.get('cache', key)) as T | undefined,
    async putCache(key, value) {
      await db.put('cache', value, key);
    },
    async deleteCache(key) {
      await db.delete('cache', key);
    },
    db,
    async hasOutboxItems(owners) {
      for (const owner of owners) if ((await db.countFromIndex('outbox', 'owner', owner)) > 0) return true;
      return false;
    },
    async deviceId(newId) {
      // Read and, the first time, made in one transaction: two tabs starting at once agree on one id.
      const tx = db.transaction('device', 'readwrite');
      const stored = await tx.store.get('id');
      const id = typeof stored === 'string' ? stored : newId();
      await tx.store.put(id, 'id');
      await tx.done;
      return id;
    },
    getDevice: async <T>(key: string) => (await db.get('device', key)) as T | undefined,
    async putDevice(key, value) {
      await db.put('device', value, key);
    },
    async clearExceptOutbox(revoke) {
      const tx = db.transaction(['session', 'cache', 'device'], 'readwrite');
      await Promise.all([
        tx.objectStore('session').clear(),
        tx.objectStore('cache').clear(),
        revoke === undefined ? null : tx.objectStore('device').put(revoke, REVOKE_PREFIX + revoke),
        tx.done,
      ]);
    },
    async queueRevocation(token) {
      await db.put('device', token, REVOKE_PREFIX + token);
    },
    async pendingRevocations() {
      const keys = await db.getAllKeys('device', revokeKeys());
      return keys.map((key) => key.slice(REVOKE_PREFIX.length));
    },
    async dropRevocation(token) {
      await db.delete('device', REVOKE_PREFIX + token);
    },
    close: () => db.close(),
  };
}

/** The first release's shape of a waiting completion, in its route's `unsent` array. */
interface V1Item {
  id: string;
  routeId: number;
  projectId: number;
  stopId: number;
  createdAt: number;
  body: { images?: Record<string, string>; signature?: string | null } & OutboxItem['body'];
}
type V1Upgrade = IDBPTransaction<
  { unsent: { key: number; value: V1Item[] }; session: AppDb['session']; outbox: AppDb['outbox'] },
  ('unsent' | 'session' | 'outbox')[],
  'versionchange'
>;

function v1Parts({ images, signature, ...body }: V1Item['body']) {
  return { body, images: images === undefined ? null : Object.values(images), signature };
}

/**
 * Moves the first release's per-route arrays into one record per completion, inside the upgrade's own transaction
 * (all or nothing). They belong to the driver signed in on this device: that release sent them under whoever was.
 */
async function migrateUnsentLists(tx: V1Upgrade) {
  const driver = await tx.objectStore('session').get('driver');
  const owner = driver ? `driver:${driver.id}` : '';
  const lists = await tx.objectStore('unsent').getAll();
  let counter = 0;
  for (const list of lists) {
    for (const old of list) {
      await tx.objectStore('outbox').put({
        id: old.id,
        owner,
        routeId: old.routeId,
        projectId: old.projectId,
        stopId: old.stopId,
        stop: { number: null, name: '' },
        seq: old.createdAt * 1000 + (counter++ % 1000),
        createdAt: old.createdAt,
        // Images stay data URLs: the outbox sends a string as it is (no Blob code is needed in the upgrade).
        ...v1Parts(old.body),
        state: 'queued',
        attempts: 0,
        parked: null,
      });
    }
  }
  tx.db.deleteObjectStore('unsent');
}
