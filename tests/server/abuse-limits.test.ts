/**
 * Issue 16, items 1, 2 and 6: the sign-in limits hold whatever X-Forwarded-For says, each email has its own
 * limit with a growing wait, live events and socket messages are held to the HTTP calls' schemas and limits, and
 * the socket refuses positions of a route not in progress as the location PATCH does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_SECONDS, MAX_WAIT_SECONDS, waitAfter } from '../../src-server/auth/attempt-limit.ts';
import { parseTrustProxy } from '../../src-server/config.ts';
import { stopIds } from '../helpers/dispatch.ts';
import { makeDriver, PASSWORD } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket } from '../helpers/socket.ts';

let t: TestServer;
let clock = Date.now();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { EVENT_RATE_LIMIT: '5', LOCATION_RATE_LIMIT: '4' } });
});
afterAll(() => t.close());

const signin = (server: TestServer, body: object, headers: Record<string, string> = {}) =>
  server.request<{ message: string }>('POST', '/v1/drivers/signin', { body, headers });

describe('item 1: sign-in limits', () => {
  it('counts every client address the same however X-Forwarded-For is set, unless TRUST_PROXY says so', async () => {
    const limited = await startTestServer({ env: { SIGNIN_RATE_LIMIT: '3' } });
    const behindProxy = await startTestServer({ env: { SIGNIN_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
    try {
      const statuses = async (server: TestServer) => {
        const out: number[] = [];
        for (let i = 0; i < 6; i++)
          out.push(
            (await signin(server, { email: `x${i}@example.test` }, { 'x-forwarded-for': `10.0.0.${i}` })).status,
          );
        return out;
      };
      // Before the fix trustProxy was true: every made-up address had a bucket of its own.
      expect(await statuses(limited)).toEqual([404, 404, 404, 429, 429, 429]);
      // Behind one trusted proxy each forwarded address is a client of its own.
      expect(await statuses(behindProxy)).toEqual([404, 404, 404, 404, 404, 404]);
      console.log('reliability: sign-in with 6 forged X-Forwarded-For -> 3 answered, 3 refused (429)');
    } finally {
      await limited.close();
      await behindProxy.close();
    }
  });

  it('reads TRUST_PROXY as off, a hop count or addresses, and refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, ::1, loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count|proxies/);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });

  it('waits longer after each failure past the free ones, at most 15 minutes, and a day after 100 in a row', () => {
    expect([0, 4, 5, 6, 7, 20, 99, 100, 150].map((n) => waitAfter(n, 5))).toEqual([
      0,
      0,
      1,
      2,
      4,
      MAX_WAIT_SECONDS,
      MAX_WAIT_SECONDS,
      LOCKOUT_SECONDS,
      LOCKOUT_SECONDS,
    ]);
  });

  it('makes one email wait after 5 wrong passwords, says how long, and a correct password afterwards clears it', async () => {
    const driver = await makeDriver(t);
    for (let i = 0; i < 5; i++) expect((await signin(t, { email: driver.email, password: 'wrong' })).status).toBe(401);
    const refused = await signin(t, { email: driver.email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.message).toBe('Too many attempts with this email. Try again in 1 second.');
    clock += 1000;
    expect((await signin(t, { email: driver.email, password: 'wrong' })).status).toBe(401);
    expect((await signin(t, { email: driver.email, password: PASSWORD })).headers.get('retry-after')).toBe('2');
    clock += 2000;
    expect((await signin(t, { email: driver.email, password: PASSWORD })).status).toBe(200);
    expect((await signin(t, { email: driver.email, password: 'wrong' })).status).toBe(401);
  });

  it('lets at most the free attempts of 20 concurrent guesses reach the password check', async () => {
    const driver = await makeDriver(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signin(t, { email: driver.email, password: 'guess' })),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - checked);
    console.log(
      `reliability: 20 concurrent password guesses on one email -> ${checked} checked, ${20 - checked} refused`,
    );
  });

  it('limits step one for an unknown email (the existence oracle) and forgot-password per email', async () => {
    const probe = 'nobody-here@example.test';
    const stepOne = [];
    for (let i = 0; i < 6; i++) stepOne.push((await signin(t, { email: probe })).status);
    expect(stepOne).toEqual([404, 404, 404, 404, 404, 429]);
    const forgot = [];
    for (let i = 0; i < 6; i++)
      forgot.push((await t.request('GET', `/v1/drivers/password/forgot?email=${encodeURIComponent(probe)}`)).status);
    expect(forgot).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('item 2: live events are checked and limited', () => {
  it('refuses image data in a live event and a body over the socket cap, and stores nothing', async () => {
    const a = await driverOnRoute(t);
    const [stop] = await stopIds(t, a.routeId);
    const path = `/v1/projects/${a.projectId}/routes/${a.routeId}/events`;
    const post = (data: object) =>
      t.request<{ message: string }>('POST', path, {
        token: a.pair.accessToken,
        body: { type: 'service_change', data },
      });
    const signature = `data:image/png;base64,${'A'.repeat(1024 * 1024)}`;
    expect((await post({ status: 'finished', service_id: stop, signature })).status).toBe(413);
    const small = `data:image/png;base64,${'A'.repeat(4000)}`;
    const refused = await post({ status: 'finished', service_id: stop, images: { '0': small } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/must NOT have more than 2048 characters/);

    const socket = await openSocket(t, a.params);
    socket.send({ type: 'service_change', data: { status: 'finished', service_id: stop, signature: small } });
    expect((await socket.next('error')).data.message).toMatch(/signature must NOT have more than 2048/);
    const rows = await t.server.ctx.db
      .selectFrom('route_events')
      .selectAll()
      .where('route_id', '=', a.routeId)
      .execute();
    expect(rows).toEqual([]);
    await socket.close();
  });

  it('limits status events and positions per sender a minute, HTTP and socket together', async () => {
    const a = await driverOnRoute(t);
    await t.server.ctx.db.updateTable('routes').set({ status: 'in_progress' }).where('id', '=', a.routeId).execute();
    const [stop] = await stopIds(t, a.routeId);
    const path = `/v1/projects/${a.projectId}/routes/${a.routeId}`;
    const token = a.pair.accessToken;
    const event = { type: 'service_change', data: { status: 'finished', service_id: stop } };
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.request('POST', `${path}/events`, { token, body: event })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const socket = await openSocket(t, a.params);
    for (let i = 0; i < 3; i++) socket.send({ type: 'location', data: { lat: 52.1, lng: 5.1 } });
    await socket.flush();
    expect(socket.received).toEqual([]);
    expect((await t.request('PATCH', `${path}/location`, { token, body: { lat: '52.1', lng: '5.1' } })).status).toBe(
      200,
    );
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.1 } });
    expect((await socket.next('error')).data.message).toMatch(/Too many positions: at most 4 a minute/);
    clock += 61_000;
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.1 } });
    await socket.flush();
    expect(socket.all('error')).toHaveLength(1);
    await socket.close();
  });
});

describe('item 6: positions only while the route is in progress', () => {
  it('refuses a socket position for a finished route as the HTTP call does, and stores none', async () => {
    const a = await driverOnRoute(t);
    await t.server.ctx.db.updateTable('routes').set({ status: 'finished' }).where('id', '=', a.routeId).execute();
    const socket = await openSocket(t, a.params);
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.1 } });
    expect((await socket.next('error')).data.message).toBe(
      'location: Positions are recorded only while the route is in progress',
    );
    const http = await t.request('PATCH', `/v1/projects/${a.projectId}/routes/${a.routeId}/location`, {
      token: a.pair.accessToken,
      body: { lat: '52.1', lng: '5.1' },
    });
    expect(http.status).toBe(409);
    const rows = await t.server.ctx.db.selectFrom('locations').selectAll().where('route_id', '=', a.routeId).execute();
    expect(rows).toEqual([]);
    await socket.close();
  });
});
