/**
 * A signed-in driver in a fresh browser context, without the sign-in screen's page loads warming its caches:
 * the benchmark signs in once through the app, keeps the session record the core stored in IndexedDB, and writes
 * that record into each new context from a same-origin page that does not run the app (app-config.json).
 */
import type { Browser, Page } from '@playwright/test';
import { newPhoneContext } from './profile.ts';

export type StoredSession = Record<string, unknown>;

/**
 * The session is written into a new context as the app's first release stored it (database droplane, version 1,
 * its three stores): the app upgrades that database on its first start (src-worker/storage/app-db.ts), as a phone
 * updating from that release would. It is read back from whatever version the app left.
 */
const DB = { name: 'droplane', version: 1, stores: ['session', 'cache', 'unsent'] } as const;

export async function captureSession(browser: Browser, baseUrl: string, email: string, password: string) {
  const context = await newPhoneContext(browser, { serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('tab', { name: 'New' }).waitFor({ timeout: 30_000 });
    return await page.evaluate(
      ({ name }) =>
        new Promise<StoredSession>((resolve, reject) => {
          // Whatever version the app has upgraded it to by now (its session store is the same in every version).
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('session').objectStore('session').get('driver');
            read.onsuccess = () => (read.result ? resolve(read.result) : reject(new Error('no stored session')));
            read.onerror = () => reject(read.error);
          };
        }),
      DB,
    );
  } finally {
    await context.close();
  }
}

/**
 * A context signed in as the captured driver, with map view off (the stop list is what is measured), or on for the
 * map scenario.
 */
export async function signedInContext(browser: Browser, baseUrl: string, session: StoredSession, mapView = false) {
  const context = await newPhoneContext(browser);
  await context.addCookies([{ name: 'dl_mapView', value: mapView ? 'on' : 'off', url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/app-config.json`);
  await writeSession(page, session);
  await page.close();
  return context;
}

async function writeSession(page: Page, session: StoredSession) {
  await page.evaluate(
    ({ db, record }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db.name, db.version);
        open.onupgradeneeded = () => {
          for (const store of db.stores) open.result.createObjectStore(store);
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(record, 'driver');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { db: DB, record: session },
  );
}
