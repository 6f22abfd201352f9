/**
 * Two server processes on one PostgreSQL database (issue 18), each a real server in-process on its own port and
 * pool, as two processes behind a load balancer without sticky sessions: what a driver or dispatcher does through
 * one is seen through the other. Events travel through LISTEN/NOTIFY (socket/postgres-hub.ts); the limits, token
 * rotation and idempotency hold because their state is the database's.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { IDEMPOTENCY_HEADER, type TokenPair } from '../../src-shared/protocol/http.ts';
import { stopIds } from '../helpers/dispatch.ts';
import { makeDriver, PASSWORD, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { routeSession, startRoute } from '../helpers/sessions.ts';
import { driverOnRoute, openSocket, until } from '../helpers/socket.ts';

let a: TestServer;
let b: TestServer;
const env = { LOCATION_RATE_LIMIT: '4', REFRESH_GRACE_SECONDS: '30' };

beforeAll(async () => {
  a = await startTestServer({ env });
  b = await startTestServer({ env, sameDatabaseAs: a });
});
afterAll(async () => {
  // b first: a drops the database they share.
  await b?.close();
  await a?.close();
});

/** Alternates between the two servers, as a round-robin load balancer does. */
const either = (i: number) => (i % 2 === 0 ? a : b);

describe('socket events across processes', () => {
  it('a reorder sent to one process reaches the driver’s socket on the other, and only that route’s', async () => {
    const driver = await driverOnRoute(a);
    const other = await driverOnRoute(a);
    const onB = await openSocket(b, driver.params);
    const onA = await openSocket(a, driver.params);
    const otherOnB = await openSocket(b, other.params);
    const order = (await stopIds(a, driver.routeId)).reverse();
    const put = await a.dispatch('PUT', `/v1/dispatch/routes/${driver.routeId}/order`, { stop_ids: order });
    expect(put.status).toBe(200);
    const heard = await onB.next('route_reorder');
    expect(heard.data).toEqual({ route_id: driver.routeId, version: onB.version! + 1, stop_ids: order });
    expect((await onA.next('route_reorder')).data).toEqual(heard.data);
    await otherOnB.flush();
    expect(otherOnB.received).toEqual([]);
    for (const socket of [onA, onB, otherOnB]) await socket.close();
  });

  it('an event over PostgreSQL’s 8000-byte notification limit arrives whole', async () => {
    const driver = await driverOnRoute(a);
    const [, stop] = await stopIds(a, driver.routeId);
    const socket = await openSocket(b, driver.params);
    const notes = 'Ring twice; the parcel goes behind the blue gate. '.repeat(95).slice(0, 4_900);
    const units = Array.from({ length: 60 }, (_, i) => ({ name: `Parcel ${i + 1} of 60`, quantity: 1 }));
    const longest = { notes, units };
    const patch = await a.dispatch('PATCH', `/v1/dispatch/routes/${driver.routeId}/stops/${stop}`, longest);
    expect(patch.status).toBe(200);
    const heard = await socket.next('stop_update');
    expect(Buffer.byteLength(JSON.stringify(heard))).toBeGreaterThan(8_000);
    expect(heard.data.stop).toMatchObject({ id: stop, information: { notes }, count: 60 });
    // It went the long way: the notification carried only its number.
    const row = await a.server.ctx.db
      .selectFrom('hub_events')
      .select('body')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.body)).toEqual(heard);
    await socket.close();
  });

  it('a process whose listening connection was cut catches up on the events published meanwhile', async () => {
    const driver = await driverOnRoute(a);
    const socket = await openSocket(b, driver.params);
    const hub = b.server.ctx.hub as typeof b.server.ctx.hub & { reconnects(): number };
    const before = hub.reconnects();
    // Both processes listen on one database: cut every listening connection but a's.
    const admin = new pg.Client({ connectionString: b.databaseUrl! });
    await admin.connect();
    const listeners = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%' order by backend_start desc",
    );
    expect(listeners.rows.length).toBe(2);
    // The newest listener is b's (it started second).
    await admin.query('select pg_terminate_backend($1)', [listeners.rows[0]!.pid]);
    await admin.end();
    const put = await a.dispatch('POST', `/v1/dispatch/routes/${driver.routeId}/republish`);
    expect(put.status).toBe(200);
    expect((await socket.next('republish', 10_000)).data).toMatchObject({ route_id: driver.routeId });
    await until(() => hub.reconnects() > before, 'the listener reconnected');
    await socket.close();
  });
});

describe('limits and sessions across processes', () => {
  const signin = (server: TestServer, body: object) =>
    server.request<{ message: string }>('POST', '/v1/drivers/signin', { body });

  it('counts one client address’s sign-ins on both processes together, also when they come at once', async () => {
    // A pair of their own: the other tests sign in more often than this limit allows.
    const c = await startTestServer({ env: { SIGNIN_RATE_LIMIT: '3' }, sameDatabaseAs: a });
    const d = await startTestServer({ env: { SIGNIN_RATE_LIMIT: '3' }, sameDatabaseAs: a });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await signin(i % 2 === 0 ? c : d, { email: `nobody${i}@example.test` })).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      // Forgot password has its own count per address: ten at once, half to each process, and three get through.
      const forgot = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? c : d).request('GET', `/v1/drivers/password/forgot?email=someone${i}%40example.test`),
        ),
      );
      expect(forgot.filter((r) => r.status === 200)).toHaveLength(3);
      expect(forgot.filter((r) => r.status === 429)).toHaveLength(7);
    } finally {
      await d.close();
      await c.close();
    }
  });

  it('makes an email wait after its free failures, wherever the guesses went', async () => {
    // The per-address limit would hide this one: each guess comes from a new client address behind a trusted proxy.
    const c = await startTestServer({ env: { TRUST_PROXY: '1' }, sameDatabaseAs: a });
    const d = await startTestServer({ env: { TRUST_PROXY: '1' }, sameDatabaseAs: a });
    try {
      const driver = await makeDriver(c);
      const guess = (i: number, password: string) =>
        (i % 2 === 0 ? c : d).request('POST', '/v1/drivers/signin', {
          body: { email: driver.email, password },
          headers: { 'x-forwarded-for': `10.1.0.${i}` },
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await guess(i, 'wrong')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect((await guess(5, PASSWORD)).status).toBe(429);
      expect((await guess(6, PASSWORD)).status).toBe(429);
    } finally {
      await d.close();
      await c.close();
    }
  });

  it('stores at most the position limit of a driver’s positions sent at once to both processes', async () => {
    const s = await routeSession(a, { date: localDate(new Date()) });
    await startRoute(a, s);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        either(i).request('PATCH', `${s.path}/location`, { token: s.token, body: { lat: '52.1', lng: '5.1' } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(8);
    const rows = await a.server.ctx.db.selectFrom('locations').select('id').where('route_id', '=', s.routeId).execute();
    expect(rows).toHaveLength(4);
  });

  it('takes a token signed by one process on the other, and rotates a refresh token once across both', async () => {
    const driver = await makeDriver(a);
    const pair = await signIn(a, driver.email);
    expect((await b.request('GET', `/v1/drivers/${driver.driverId}`, { token: pair.accessToken })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        either(i).request<TokenPair>('POST', '/v1/token/refresh', { body: { token: pair.refreshToken } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body.refreshToken)).size).toBe(1);
    const live = await a.server.ctx.db
      .selectFrom('refresh_tokens')
      .select('jti')
      .where('driver_id', '=', driver.driverId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('stores a completion sent at once to both processes with one key once, and answers every copy the same', async () => {
    const s = await routeSession(a, { date: localDate(new Date()) });
    await startRoute(a, s);
    const key = randomUUID();
    const body = { status: 'finished', completion_note: 'Left with the neighbour', finish_time: '36000' };
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        either(i).request<{ stops: { id: number; status: string }[] }[]>('POST', `${s.path}/services/${s.stopIds[1]}`, {
          token: s.token,
          body,
          headers: { [IDEMPOTENCY_HEADER]: key },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(200));
    const replays = answers.filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(replays).toHaveLength(15);
    const rows = await a.server.ctx.db
      .selectFrom('completions')
      .select('id')
      .where('stop_id', '=', s.stopIds[1]!)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the database ending connections', () => {
  it('a restart or an administrator ending the idle connections does not end the server: the next call answers', async () => {
    // Warm the pool, so it holds idle connections for the database to end.
    expect((await fetch(`${a.url}/app-config.json`)).status).toBe(200);
    await a.server.ctx.db.selectFrom('organisations').select('id').execute();
    const admin = new pg.Client({ connectionString: a.databaseUrl! });
    await admin.connect();
    try {
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // A process without a listener for the pool's error would have died on the ended idle connections (vitest
    // reports that as an unhandled error); this one opens new connections and answers.
    await expect
      .poll(async () => (await a.server.ctx.db.selectFrom('organisations').select('id').execute()).length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(0);
    const res = await fetch(`${b.url}/v1/drivers/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(res.status).toBe(404);
  });
});
