/**
 * What the core keeps on the device, in IndexedDB (idb): the signed-in driver's session, cached answers for
 * offline starts, and the per-route unsent lists. Sign-out clears everything but the unsent lists.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';

export interface StoredDriver extends DriverProfile {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** One queued stop completion; the offline issue fills in its shape. */
export interface UnsentItem {
  id: string;
  routeId: number;
  createdAt: number;
  [field: string]: unknown;
}

interface AppDb extends DBSchema {
  session: { key: 'driver'; value: StoredDriver };
  cache: { key: string; value: unknown };
  unsent: { key: number; value: UnsentItem[] };
}

export interface AppStorage {
  getDriver(): Promise<StoredDriver | undefined>;
  putDriver(driver: StoredDriver): Promise<void>;
  getCache<T>(key: string): Promise<T | undefined>;
  putCache(key: string, value: unknown): Promise<void>;
  getUnsent(routeId: number): Promise<UnsentItem[]>;
  /** Written with strict durability: the driver is told "saved" only once it is on disk. */
  putUnsent(routeId: number, items: UnsentItem[]): Promise<void>;
  /** Sign-out: the session and every cache go; the unsent lists stay. */
  clearExceptUnsent(): Promise<void>;
  close(): void;
}

export const DB_VERSION = 1;

export async function openAppStorage(name = 'droplane'): Promise<AppStorage> {
  const db: IDBPDatabase<AppDb> = await openDB<AppDb>(name, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore('session');
      database.createObjectStore('cache');
      database.createObjectStore('unsent');
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
    async getUnsent(routeId) {
      return (await db.get('unsent', routeId)) ?? [];
    },
    async putUnsent(routeId, items) {
      const tx = db.transaction('unsent', 'readwrite', { durability: 'strict' });
      await Promise.all([items.length ? tx.store.put(items, routeId) : tx.store.delete(routeId), tx.done]);
    },
    async clearExceptUnsent() {
      const tx = db.transaction(['session', 'cache'], 'readwrite');
      await Promise.all([tx.objectStore('session').clear(), tx.objectStore('cache').clear(), tx.done]);
    },
    close: () => db.close(),
  };
}
