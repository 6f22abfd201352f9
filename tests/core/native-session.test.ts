/**
 * Tokens a native wrapper hands over (docs/native-bridge.md), the core against the real server: the app starts
 * signed in without its sign-in screen, keeps its own newer pair of the same driver (refresh tokens rotate, and the
 * server revokes a family whose used token comes back), replaces another driver's session, ignores tokens that
 * name nobody, and, inside a wrapper only, mirrors the current pair into the state for the page to hand back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import { createOutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeOrganisation, PASSWORD } from '../helpers/fixtures.ts';
import { outboxItem } from '../helpers/outbox.ts';

let clock = Date.now();
const suite = coreSuite({ now: () => clock, env: { ACCESS_TOKEN_TTL: '60', REFRESH_GRACE_SECONDS: '5' } });
let driver: DriverFixture;
let other: DriverFixture;

beforeAll(async () => {
  const org = await makeOrganisation(suite.t, { name: 'Demo Logistics' });
  driver = await makeDriver(suite.t, org);
  other = await makeDriver(suite.t, org);
});

/** A sign-in as the wrapper makes it, natively: a new token family. */
async function wrapperSignIn(email: string): Promise<TokenPair> {
  const res = await fetch(`${suite.t.url}/v1/drivers/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenPair;
}

async function stored(dbName: string) {
  const storage = await openAppStorage(dbName);
  const found = await storage.getDriver();
  storage.close();
  return found;
}

describe('tokens handed over at start', () => {
  it('start the app signed in as that driver, loaded from the server and stored', async () => {
    const dbName = newDbName();
    const tokens = await wrapperSignIn(driver.email);
    const c = await suite.core({ dbName, init: { handedTokens: tokens } });
    expect(c.state().session).toMatchObject({ status: 'signed_in', driver: { id: driver.driverId }, tokens });
    const state = await c.until((s) => s.session.driver?.email === driver.email && s.organisation !== null);
    expect(state.organisation?.name).toBe('Demo Logistics');
    expect(await stored(dbName)).toMatchObject({ id: driver.driverId, refreshToken: tokens.refreshToken });
  });

  it("keep the device's own pair when the app refreshed it since (the handed one was rotated away)", async () => {
    const dbName = newDbName();
    const handed = await wrapperSignIn(driver.email);
    await (await suite.core({ dbName, init: { handedTokens: handed } })).close();
    clock += 120_000; // the access token expires: the next start refreshes, and the pair rotates
    const refreshing = await suite.core({ dbName, init: { handedTokens: null } });
    const rotated = await refreshing.until(
      (s) => s.session.tokens != null && s.session.tokens.refreshToken !== handed.refreshToken,
    );
    await refreshing.close();

    // The wrapper never heard (its copy is the first pair): the app keeps its own, so no used token goes back.
    clock += 30_000;
    const c = await suite.core({ dbName, init: { handedTokens: handed } });
    expect(c.state().session.tokens).toEqual(rotated.session.tokens);
    await c.until((s) => s.session.driver?.email === driver.email);
    expect(c.state().session.status).toBe('signed_in');
    expect(c.state().notices).toEqual([]);
  });

  it("replace another driver's session, whose unsent work stays on the device, and revoke it", async () => {
    const dbName = newDbName();
    const first = await suite.core({ dbName });
    await first.api.signIn(driver.email, PASSWORD);
    await first.close();
    const replaced = (await stored(dbName))!.refreshToken;
    const storage = await openAppStorage(dbName);
    await createOutboxStore(storage.db).add(outboxItem({ id: 'w1', routeId: 7, owner: `driver:${driver.driverId}` }));
    await storage.putCache('first-driver-copy', { of: driver.driverId });
    storage.close();

    const c = await suite.core({ dbName, init: { handedTokens: await wrapperSignIn(other.email) } });
    expect(c.state().session.driver?.id).toBe(other.driverId);
    await c.until((s) => s.session.driver?.email === other.email);
    expect(await stored(dbName)).toMatchObject({ id: other.driverId });
    const check = await openAppStorage(dbName);
    expect(await createOutboxStore(check.db).get('w1')).toBeDefined();
    // The first driver's cached copies went with its session, as on a sign-out.
    expect(await check.getCache('first-driver-copy')).toBeUndefined();
    check.close();
    // Nothing on the device holds the first driver's pair any more: the server revokes it, as on a sign-out.
    await expect
      .poll(async () => (await suite.t.request('POST', '/v1/token/refresh', { body: { token: replaced } })).status)
      .toBe(401);
  });

  it('are ignored when they name no driver: the stored session stays', async () => {
    const dbName = newDbName();
    const first = await suite.core({ dbName });
    await first.api.signIn(driver.email, PASSWORD);
    await first.close();
    const bogus = { accessToken: 'not.a.token', refreshToken: 'x', expiresAt: clock + 60_000 };
    const c = await suite.core({ dbName, init: { handedTokens: bogus } });
    expect(c.state().session).toMatchObject({ status: 'signed_in', driver: { id: driver.driverId } });
    expect(c.state().session.tokens?.accessToken).not.toBe('not.a.token');
  });
});

describe('tokens in the state', () => {
  it('follow the sign-in and sign-out inside a wrapper, for the page to hand back', async () => {
    const c = await suite.core({ init: { handedTokens: null } });
    expect(c.state().session.tokens).toBeNull();
    await c.api.signIn(driver.email, PASSWORD);
    await c.until((s) => typeof s.session.tokens?.accessToken === 'string');
    await c.api.signOut();
    await c.until((s) => s.session.tokens === null);
  });

  it('never appear in a browser', async () => {
    const c = await suite.core();
    await c.api.signIn(driver.email, PASSWORD);
    expect(c.state().session).not.toHaveProperty('tokens');
  });
});

describe('tokens handed over later', () => {
  it('sign a signed-out app in (the wrapper signed the driver in itself)', async () => {
    const c = await suite.core({ init: { handedTokens: null } });
    expect(c.state().session.status).toBe('signed_out');
    const result = await c.api.adoptTokens(await wrapperSignIn(driver.email));
    expect(result).toMatchObject({ ok: true, value: { id: driver.driverId, email: driver.email } });
    await c.until((s) => s.session.status === 'signed_in');
  });

  it('that name nobody are refused', async () => {
    const c = await suite.core({ init: { handedTokens: null } });
    const result = await c.api.adoptTokens({ accessToken: 'x', refreshToken: 'y', expiresAt: 1 });
    expect(result).toMatchObject({ ok: false, error: 'unknown' });
    expect(c.state().session.status).toBe('signed_out');
  });
});
