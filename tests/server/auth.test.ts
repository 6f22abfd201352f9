import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import { type DriverFixture, makeDriver, makeOrganisation, makeRoute, PASSWORD, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let clock = Date.now();
let driver: DriverFixture;

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { REFRESH_GRACE_SECONDS: '10', ACCESS_TOKEN_TTL: '60' } });
  driver = await makeDriver(t);
});
afterAll(() => t.close());

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('two-step sign-in', () => {
  it('step one answers for a known email, in any case and with spaces', async () => {
    const res = await t.request('POST', '/v1/drivers/signin', { body: { email: ` ${driver.email.toUpperCase()} ` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: driver.email, next: 'password' });
  });

  it('step one answers 404 No user found for an unknown email', async () => {
    const res = await t.request('POST', '/v1/drivers/signin', { body: { email: 'nobody@example.test' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No user found', field: 'email' });
  });

  it('a wrong password answers 401 Incorrect password', async () => {
    const res = await t.request('POST', '/v1/drivers/signin', { body: { email: driver.email, password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Incorrect password', field: 'password' });
  });

  it('rejects bad input with a message naming the field', async () => {
    const long = `${'a'.repeat(250)}@x.nl`;
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /email is required/],
      [{ email: 42 }, 400, /email must be string/],
      [{ email: long }, 400, /email must NOT have more than 254 characters/],
      [{ email: driver.email, password: PASSWORD, admin: true }, 400, /admin is not an allowed field/],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.request<{ message: string }>('POST', '/v1/drivers/signin', { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const broken = await t.request<{ message: string }>('POST', '/v1/drivers/signin', { rawBody: '{"email":' });
    expect(broken.status).toBe(400);
  });

  it('signs in and the access token carries the account fields', async () => {
    const pair = await signIn(t, driver.email);
    expect(pair.expiresAt).toBeGreaterThan(clock);
    const c = claims(pair.accessToken);
    expect(c).toMatchObject({
      id: driver.driverId,
      first_name: 'Test',
      typ: 'access',
      organisationId: driver.organisationId,
    });
    expect(typeof c.organisationName).toBe('string');
    expect(claims(pair.refreshToken).typ).toBe('refresh');
  });
});

describe('driver and organisation', () => {
  it('reads only your own driver record', async () => {
    const pair = await signIn(t, driver.email);
    const own = await t.request<Driver>('GET', `/v1/drivers/${driver.driverId}`, { token: pair.accessToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: driver.driverId, email: driver.email, first_name: 'Test' });
    expect(own.body).not.toHaveProperty('password_hash');
    const other = await makeDriver(t, driver.organisationId);
    const res = await t.request('GET', `/v1/drivers/${other.driverId}`, { token: pair.accessToken });
    expect(res.status).toBe(403);
  });

  it('answers 401 without a token, with a garbage token, or with a refresh token as bearer', async () => {
    const pair = await signIn(t, driver.email);
    for (const token of [undefined, 'garbage', pair.refreshToken]) {
      const res = await t.request('GET', `/v1/drivers/${driver.driverId}`, { token });
      expect(res.status, String(token)).toBe(401);
    }
  });

  it('answers 401 once the access token has expired', async () => {
    const pair = await signIn(t, driver.email);
    clock += 61_000;
    const res = await t.request('GET', `/v1/drivers/${driver.driverId}`, { token: pair.accessToken });
    expect(res.status).toBe(401);
  });

  it('returns the organisation with plan, customer id and config', async () => {
    const orgId = await makeOrganisation(t, {
      name: 'Clean Co',
      customer_id: 'cus_x',
      plan: { ft_photo_collection: false },
    });
    const d = await makeDriver(t, orgId);
    const pair = await signIn(t, d.email);
    const res = await t.request<Organisation>('GET', '/v1/organisations', { token: pair.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orgId, name: 'Clean Co', customer_id: 'cus_x' });
    expect(res.body.plan.ft_photo_collection).toBe(false);
    expect(res.body.plan.ft_signature_collection).toBe(true);
    expect(res.body.config).toHaveProperty('allowed_to_call_recipient');
  });
});

describe('refresh', () => {
  it('rotates: a new pair each time, and the new access token works', async () => {
    const first = await signIn(t, driver.email);
    const res = await t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token: first.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body.refreshToken).not.toBe(first.refreshToken);
    const me = await t.request('GET', `/v1/drivers/${driver.driverId}`, { token: res.body.accessToken });
    expect(me.status).toBe(200);
  });

  it('forgives a reuse inside the grace window (a lost answer)', async () => {
    const first = await signIn(t, driver.email);
    const a = await t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token: first.refreshToken } });
    const b = await t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token: first.refreshToken } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // Both successors stay usable.
    for (const pair of [a.body, b.body]) {
      const next = await t.request('POST', '/v1/token/refresh', { body: { token: pair.refreshToken } });
      expect(next.status).toBe(200);
    }
  });

  it('answers a reuse inside the grace window with the same refresh token and an access token that starts then', async () => {
    const first = await signIn(t, driver.email);
    const refresh = (token: string) => t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token } });
    const lost = await refresh(first.refreshToken);
    clock += 9_000;
    const again = await refresh(first.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).toBe(lost.body.refreshToken);
    expect(claims(again.body.accessToken).jti).toBe(claims(lost.body.accessToken).jti);
    expect(again.body.expiresAt).toBe(lost.body.expiresAt + 9_000);
    // Past the lost answer's access token (60 s from the first use), the replayed one still works.
    clock += 55_000;
    expect((await t.request('GET', `/v1/drivers/${driver.driverId}`, { token: lost.body.accessToken })).status).toBe(
      401,
    );
    expect((await t.request('GET', `/v1/drivers/${driver.driverId}`, { token: again.body.accessToken })).status).toBe(
      200,
    );
  });

  it('revokes the whole family when an old token is reused after the grace window', async () => {
    const first = await signIn(t, driver.email);
    const second = await t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token: first.refreshToken } });
    clock += 11_000;
    const reuse = await t.request<{ message: string }>('POST', '/v1/token/refresh', {
      body: { token: first.refreshToken },
    });
    expect(reuse.status).toBe(401);
    // The legitimate holder's newer token is dead too: the family is revoked.
    const after = await t.request('POST', '/v1/token/refresh', { body: { token: second.body.refreshToken } });
    expect(after.status).toBe(401);
    // Other sessions of the same driver are untouched.
    const other = await signIn(t, driver.email);
    expect((await t.request('POST', '/v1/token/refresh', { body: { token: other.refreshToken } })).status).toBe(200);
  });

  it('refuses an access token, a link token or garbage as a refresh token', async () => {
    const pair = await signIn(t, driver.email);
    const { routeId, projectId } = await makeRoute(t, driver);
    const link = await t.server.ctx.tokens.signLink({
      linkId: 'l1',
      routeId,
      projectId,
      organisationId: driver.organisationId,
    });
    for (const token of [pair.accessToken, link, 'x.y.z']) {
      const res = await t.request('POST', '/v1/token/refresh', { body: { token } });
      expect(res.status).toBe(401);
    }
  });
});

describe('forgot password', () => {
  it('records the request and answers the same for any email', async () => {
    const known = await t.request('GET', `/v1/drivers/password/forgot?email=${encodeURIComponent(driver.email)}`);
    const unknown = await t.request('GET', '/v1/drivers/password/forgot?email=ghost%40example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const rows = await t.server.ctx.db.selectFrom('password_resets').selectAll().execute();
    expect(rows.map((r) => [r.email, r.driver_id])).toEqual(
      expect.arrayContaining([
        [driver.email, driver.driverId],
        ['ghost@example.test', null],
      ]),
    );
  });

  it('needs an email', async () => {
    const res = await t.request('GET', '/v1/drivers/password/forgot');
    expect(res.status).toBe(400);
  });
});
