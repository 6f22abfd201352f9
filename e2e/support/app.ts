/**
 * Helpers the browser tests share beyond fixtures.ts: the driver API as the app calls it (to start a route the way
 * another device would), dates relative to today, a spoilt stored session, and waiting for the service worker.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { ProjectEntry, Requirements, RouteSummary } from '../../src-shared/protocol/entities.ts';
import { MAP_LOADED_MARK } from '../../src-ui/map/map-marks.ts';
import { DEMO } from './demo.ts';
import { dispatcher } from './dispatch.ts';
import type { ServerInfo } from './fixtures.ts';

/** The local calendar day `offset` days from today, as YYYY-MM-DD (the server seeds relative to the same day). */
export function dayFrom(offset: number): string {
  const now = new Date();
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}

export interface DriverApi {
  routes(): Promise<RouteSummary[]>;
  /** Starts a route (POST /v1/projects/{projectId}/routes/{routeId} {status: 'in_progress'}). */
  start(route: RouteSummary): Promise<void>;
  /** Any other driver call, expecting success: GET `path`'s answer. */
  get<T>(path: string): Promise<T>;
  /** POST `path` with `body`, expecting success. */
  post(path: string, body: unknown): Promise<void>;
}

/** Signs a driver in through the API (not the app) and calls the driver API with its access token. */
export async function driverApi(server: ServerInfo, email: string = DEMO.driver): Promise<DriverApi> {
  const call = async (method: string, path: string, token: string | null, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json() as Promise<unknown>;
  };
  const { accessToken } = (await call('POST', '/v1/drivers/signin', null, { email, password: DEMO.password })) as {
    accessToken: string;
  };
  return {
    async routes() {
      const projects = (await call('GET', '/v1/projects/routes', accessToken)) as ProjectEntry[];
      return projects.flatMap((p) => p.routes);
    },
    async start(route) {
      await call('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, accessToken, { status: 'in_progress' });
    },
    get: async <T>(path: string) => (await call('GET', path, accessToken)) as T,
    async post(path, body) {
      await call('POST', path, accessToken, body);
    },
  };
}

/** One route of a list by its vehicle and date. */
export function routeOn(routes: RouteSummary[], vehicle: string, date: string): RouteSummary {
  const route = routes.find((r) => r.vehicle_name === vehicle && r.date === date);
  expect(route, `${vehicle} on ${date}`).toBeDefined();
  return route!;
}

/**
 * Makes the stored session worthless (both tokens), so the next start's first call gets a 401 and the refresh is
 * refused. Done on a page of the same origin that does not run the app, so no running core writes the good
 * tokens back in the meantime.
 */
export async function spoilStoredSession(page: Page): Promise<void> {
  await page.goto('/app-config.json');
  const spoiled = await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('droplane');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('session', 'readwrite');
      const store = tx.objectStore('session');
      const read = store.get('driver');
      read.onsuccess = () => {
        if (!read.result) return resolve(false);
        store.put({ ...read.result, accessToken: 'not.a.token', refreshToken: 'not-a-refresh-token' }, 'driver');
      };
      tx.oncomplete = () => { db.close(); resolve(true); };
      tx.onerror = () => reject(tx.error);
    };
  })`);
  expect(spoiled).toBe(true);
}

/** Waits until the service worker controls the page (one reload after it is ready). */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
}

/** Another screen of the app, as its links go there: the router follows history, no page load. */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until the device holds a copy of the route (IndexedDB's `cache` store, `route:<id>`), as it does once the
 * route has been shown from the server's answer. A test that goes offline before that (`underServiceWorker` reloads
 * the page at once, maybe before the first load's answer came) finds no route to open: nor would a driver.
 */
export async function routeOnThePhone(page: Page, routeId: number): Promise<void> {
  const stored = () =>
    page.evaluate(`new Promise((resolve, reject) => {
      const open = indexedDB.open('droplane');
      // Not made yet: this read must not make it (an empty database would skip the app's own upgrade).
      open.onupgradeneeded = () => open.transaction.abort();
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('cache')) return db.close(), resolve(false);
        const read = db.transaction('cache').objectStore('cache').getKey('route:${routeId}');
        read.onsuccess = () => (db.close(), resolve(read.result !== undefined));
        read.onerror = () => (db.close(), reject(read.error));
      };
    })`);
  await expect.poll(stored, { message: `route ${routeId} kept on the device` }).toBe(true);
}

/**
 * Draws a stroke on the open signature dialog's pad until the pad has taken it (its Clear button enables). The pad
 * attaches its listeners after the dialog's first paint and the dialog slides in, so on a loaded machine the first
 * stroke can land before either is done; a driver would simply draw again.
 */
export async function drawSignature(page: Page, dialog: Locator): Promise<void> {
  const pad = dialog.getByRole('img', { name: 'Signature area' });
  const clear = dialog.getByRole('button', { name: 'Clear' });
  await expect(async () => {
    await pad.hover(); // waits until the dialog stands still
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), box.y + box.height * (0.6 - (i % 2) * 0.25));
    }
    await page.mouse.up();
    await expect(clear).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Waits until the stored driver session's access token has expired (its `exp` is past), read from IndexedDB. */
export async function untilAccessTokenExpired(page: Page): Promise<void> {
  const exp = await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('droplane');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('session').objectStore('session').get('driver');
      read.onsuccess = () => {
        open.result.close();
        const token = read.result && read.result.accessToken;
        if (!token) return resolve(null);
        const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
        resolve(JSON.parse(atob(part)).exp);
      };
      read.onerror = () => reject(read.error);
    };
  })`);
  expect(exp, 'a stored access token').toEqual(expect.any(Number));
  await expect
    .poll(() => Date.now() / 1000 > (exp as number), { timeout: 30_000, message: 'the access token expires' })
    .toBe(true);
}

/** A stop that asks for no proof: the base every requirements a test sets is laid over (route-setup.ts). */
export const NO_PROOFS: Requirements = {
  picture: false,
  signature: false,
  signature_name: false,
  age_verification: false,
  barcode: false,
};

/**
 * Takes the proof requirements off these stops through the dispatcher API, so a test can finish them through the
 * driver API with a bare `{status: 'finished'}`: the server refuses a delivery without its required proofs, as the
 * app does.
 */
export async function withoutRequiredProofs(
  server: ServerInfo,
  routeId: number,
  stops: readonly { id: number }[],
): Promise<void> {
  const dispatch = dispatcher(server);
  for (const stop of stops) {
    const res = await dispatch('PATCH', `/routes/${routeId}/stops/${stop.id}`, { requirements: NO_PROOFS });
    expect(res.status, `no proofs on stop ${stop.id}`).toBeLessThan(300);
  }
}

/**
 * Waits for the route map's first full frame: its canvas on screen, then the map's loaded mark. Software GL (here)
 * compiles the map's shaders on the page's main thread for seconds after the canvas appears; a tap sent then waits
 * out Playwright's action timeout on a loaded machine.
 */
export async function mapDrawn(page: Page): Promise<void> {
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MAP_LOADED_MARK, {
    timeout: 30_000,
  });
}
