import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, PASSWORD } from '../helpers/fixtures.ts';
import { outboxItem } from '../helpers/outbox.ts';
import { until } from '../helpers/socket.ts';

let clock = Date.now();
const suite = coreSuite({ now: () => clock, env: { ACCESS_TOKEN_TTL: '60', REFRESH_GRACE_SECONDS: '5' } });
let driver: DriverFixture;

async function eventually<T>(probe: () => Promise<T | null>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error('never happened');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  const org = await makeOrganisation(suite.t, { name: 'Demo Logistics', customer_id: 'cus_demo' });
  driver = await makeDriver(suite.t, org);
});

describe('start', () => {
  it('answers a snapshot: signed out, with the app config loaded', async () => {
    const c = await suite.core();
    expect(c.state().session.status).toBe('signed_out');
    const config = await c.until((s) => s.appConfig !== null);
    expect(config.appConfig?.cleaningCustomerId).toBe(suite.t.config.cleaningCustomerId);
  });

  it('never waits for the app config: the first start answers without it, a later one with the kept copy', async () => {
    // The server's answer to /app-config.json is held back until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowConfig: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/app-config.json')) await held;
      return fetch(input, init);
    };
    const dbName = newDbName();
    const first = await suite.core({ dbName, fetch: slowConfig });
    expect(first.state().appConfig).toBeNull();
    release();
    await first.until((s) => s.appConfig?.cleaningCustomerId === suite.t.config.cleaningCustomerId);

    // Offline now: the copy kept on the device is in the very first snapshot.
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const second = await suite.core({ dbName, fetch: offline, init: { online: false } });
    expect(second.state().appConfig?.cleaningCustomerId).toBe(suite.t.config.cleaningCustomerId);
  });
});

describe('sign-in', () => {
  it('maps each failure to its code', async () => {
    const c = await suite.core();
    expect(await c.api.checkEmail('  ')).toMatchObject({ ok: false, error: 'empty_field' });
    expect(await c.api.checkEmail(`${'a'.repeat(250)}@x.nl`)).toMatchObject({ ok: false, error: 'too_long' });
    expect(await c.api.checkEmail('nobody@example.test')).toMatchObject({ ok: false, error: 'no_user' });
    expect(await c.api.checkEmail(driver.email)).toEqual({ ok: true });
    expect(await c.api.signIn(driver.email, '')).toMatchObject({ ok: false, error: 'empty_field', field: 'password' });
    expect(await c.api.signIn(driver.email, 'wrong')).toMatchObject({ ok: false, error: 'incorrect_password' });
    // A wrong password never ends a session: the sign-in call is exempt from the 401 rule.
    expect(c.state().notices).toEqual([]);
  });

  it('reports offline when the server cannot be reached', async () => {
    const c = await suite.core({ baseUrl: 'http://127.0.0.1:9' });
    expect(await c.api.checkEmail(driver.email)).toMatchObject({ ok: false, error: 'offline' });
  });

  it('signs in: profile from the token, driver and organisation loaded, session stored', async () => {
    const dbName = newDbName();
    const c = await suite.core({ dbName });
    const res = await c.api.signIn(driver.email, PASSWORD);
    expect(res).toMatchObject({ ok: true, value: { id: driver.driverId, organisationName: 'Demo Logistics' } });
    const state = await c.until((s) => s.organisation !== null);
    expect(state.session).toMatchObject({ status: 'signed_in', driver: { email: driver.email, first_name: 'Test' } });
    expect(state.organisation?.customer_id).toBe('cus_demo');
    await c.close();
    // A new start (a reload) finds the session in IndexedDB.
    const again = await suite.core({ dbName });
    expect(again.state().session).toMatchObject({ status: 'signed_in', driver: { id: driver.driverId } });
  });
});

describe('tokens', () => {
  it('refreshes an expired access token and replays the request', async () => {
    const dbName = newDbName();
    const first = await suite.core({ dbName });
    await first.api.signIn(driver.email, PASSWORD);
    const storage = await openAppStorage(dbName);
    const before = (await storage.getDriver())!;
    storage.close();

    clock += 120_000; // the access token (60 s) has expired
    const c = await suite.core({ dbName });
    // Starting loads the account in the background: the first call gets a 401, refreshes, and is replayed.
    const after = await eventually(async () => {
      const s = await openAppStorage(dbName);
      const stored = await s.getDriver();
      s.close();
      return stored && stored.refreshToken !== before.refreshToken ? stored : null;
    });
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(c.state().session.status).toBe('signed_in');
    expect(c.state().notices).toEqual([]);
  });

  it('logs out automatically when the refresh is refused, keeping the outbox', async () => {
    const dbName = newDbName();
    const first = await suite.core({ dbName });
    await first.api.signIn(driver.email, PASSWORD);
    const storage = await openAppStorage(dbName);
    await createOutboxStore(storage.db).add(outboxItem({ id: 'u1', routeId: 7, owner: `driver:${driver.driverId}` }));
    storage.close();
    // Revoke every refresh token of the driver, then let the access token expire.
    await suite.t.server.ctx.db.updateTable('refresh_tokens').set({ revoked_at: new Date().toISOString() }).execute();
    clock += 120_000;

    const c = await suite.core({ dbName });
    const state = await c.until((s) => s.session.status === 'signed_out');
    expect(state.notices.map((n) => n.kind)).toEqual(['logged_out_automatically']);
    expect(state.session.driver).toBeNull();
    const check = await openAppStorage(dbName);
    expect(await check.getDriver()).toBeUndefined();
    expect(await createOutboxStore(check.db).get('u1')).toBeDefined();
    check.close();
  });
  it('keeps the driver signed in when the refresh meets a server failure (500), and refreshes once it is back', async () => {
    const dbName = newDbName();
    const first = await suite.core({ dbName });
    await first.api.signIn(driver.email, PASSWORD);
    await first.close();
    clock += 120_000;
    // The server's database fails for real while it reads the refresh token (issue 46): the refresh answers 500.
    const { db } = suite.t.server.ctx;
    const faults = faultyFetch();
    await sql`alter table refresh_tokens rename to refresh_tokens_away`.execute(db);
    let c: Awaited<ReturnType<typeof suite.core>>;
    try {
      c = await suite.core({ dbName, fetch: faults.fetch });
      await until(() => faults.log.some((line) => /token\/refresh .* <- 500$/.test(line)), 'the refresh’s 500');
      // The answer to the call that asked for the refresh has been read, and handled, by the time the list is.
      await c.api.loadRouteList();
    } finally {
      await sql`alter table refresh_tokens_away rename to refresh_tokens`.execute(db);
    }
    expect(c.state().session.status).toBe('signed_in');
    // Not logged out. (Whether the list's call, answered as no answer meanwhile, said "No internet connection"
    // depends on which call asked for the refresh first: that notice is allowed.)
    expect(c.state().notices.map((n) => n.kind)).not.toContain('logged_out_automatically');
    expect(await c.api.loadRouteList({ refresh: true })).toEqual({ ok: true });
    expect(faults.log.filter((line) => /token\/refresh .* <- 200$/.test(line))).toHaveLength(1);
  });
});

describe('sign-out', () => {
  it('clears the session and caches but keeps the outbox', async () => {
    const dbName = newDbName();
    const c = await suite.core({ dbName });
    await c.api.signIn(driver.email, PASSWORD);
    const storage = await openAppStorage(dbName);
    const waiting = outboxItem({ id: 'a', routeId: 3, owner: 'driver:999999' });
    await createOutboxStore(storage.db).add(waiting);
    expect(await storage.getCache('organisation')).toBeDefined();
    expect(await c.api.signOut()).toEqual({ ok: true });
    expect(await storage.getDriver()).toBeUndefined();
    expect(await storage.getCache('organisation')).toBeUndefined();
    expect(await createOutboxStore(storage.db).get('a')).toEqual(waiting);
    storage.close();
    const state = await c.until((s) => s.session.status === 'signed_out');
    expect(state.organisation).toBeNull();
    // A deliberate sign-out is not an automatic logout.
    expect(state.notices).toEqual([]);
  });
});
