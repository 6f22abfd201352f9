/**
 * A replayed Idempotency-Key is answered before any route, stop or state check (issue 12): the app's queue must see
 * a completion the server already has as delivered, exactly once, whatever happened to the route since.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import { IDEMPOTENCY_HEADER, type StoredStopRoute } from '../../src-shared/protocol/http.ts';
import { makeDriver, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, startedSession } from '../helpers/sessions.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const started = (stops = 3): Promise<RouteSession> =>
  startedSession(t, { date: localDate(new Date()), stops: stopsAroundUtrecht(stops) });

/** A fixed instant, so every copy of a request is the same request. */
const COMPLETED_AT = new Date(Date.now() - 60_000).toISOString();

const delivered = () => ({
  status: 'finished',
  completion_note: 'At the door',
  signature: pngUrl(),
  signature_name: 'Anna',
  images: { '0': jpegUrl() },
  completed_at: COMPLETED_AT,
});

interface Sent<T> {
  status: number;
  body: T;
  replayed: boolean;
}

async function send<T = Route[]>(s: RouteSession, stop: number, body: unknown, key: string, token = s.token) {
  const res = await t.request<T>('POST', `${s.path}/services/${s.stopIds[stop]}`, {
    token,
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
  return { status: res.status, body: res.body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

const stopOf = (answer: Sent<Route[] | StoredStopRoute[]>, stopId: number) =>
  answer.body[0]!.stops.find((x) => x.id === stopId);

/** Everything a stop update writes, for the whole database: a replay must change none of it. */
async function snapshot() {
  const { db } = t.server.ctx;
  return {
    completions: await db.selectFrom('completions').selectAll().orderBy('id').execute(),
    images: await db.selectFrom('images').select(['id', 'stop_id', 'kind']).orderBy('id').execute(),
    stops: await db.selectFrom('stops').select(['id', 'status', 'updated_at']).orderBy('id').execute(),
    routes: await db.selectFrom('routes').select(['id', 'status', 'driver_id', 'updated_at']).orderBy('id').execute(),
  };
}

/** The answer when the sender can no longer open the route: the route's id, project and version, and the stop. */
function expectStoredStop(answer: Sent<StoredStopRoute[]>, s: RouteSession, stop: Stop, routeVersion: string) {
  expect(answer).toMatchObject({ status: 200, replayed: true });
  expect(answer.body).toEqual([
    { id: s.routeId, project_id: s.projectId, updated_at: routeVersion, partial: true, stops: [stop] },
  ]);
}

describe('a replayed Idempotency-Key', () => {
  it('answers the stored stop after the route was reassigned to another driver, and writes nothing', async () => {
    const s = await started();
    const key = randomUUID();
    const first = await send(s, 1, delivered(), key);
    expect(first).toMatchObject({ status: 200, replayed: false });
    const other = await makeDriver(t, s.driver.organisationId);
    const reassigned = await t.dispatch('PUT', `/v1/dispatch/routes/${s.routeId}/driver`, {
      driver_id: other.driverId,
    });
    expect(reassigned.status).toBe(200);
    const before = await snapshot();
    const replay = await send<StoredStopRoute[]>(s, 1, delivered(), key);
    expectStoredStop(replay, s, stopOf(first, s.stopIds[1]!)!, first.body[0]!.updated_at);
    expect(await snapshot()).toEqual(before);
    // Without the key it is a new request, and the route is no longer the driver's.
    const fresh = await send(s, 1, delivered(), randomUUID());
    expect(fresh.status).toBe(404);
  });

  it('answers 422 for the same key with another body even when the sender lost the route', async () => {
    const s = await started();
    const key = randomUUID();
    await send(s, 1, delivered(), key);
    await t.dispatch('PUT', `/v1/dispatch/routes/${s.routeId}/driver`, { driver_id: null });
    const before = await snapshot();
    const other = await send(s, 1, { ...delivered(), completion_note: 'Changed' }, key);
    expect(other).toMatchObject({
      status: 422,
      body: { message: 'Idempotency-Key was already used for a different request', field: 'Idempotency-Key' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers the stored stop after the stop was removed from the route, and writes nothing', async () => {
    const s = await started();
    const key = randomUUID();
    const first = await send(s, 1, delivered(), key);
    const stopId = s.stopIds[1]!;
    // The dispatcher removes only a stop with no completion, and marks it removed; a row gone all the same (by an
    // administrator's hand) leaves the record, which still answers.
    const { db } = t.server.ctx;
    await db.deleteFrom('images').where('stop_id', '=', stopId).execute();
    await db.deleteFrom('stops').where('id', '=', stopId).execute();
    const before = await snapshot();
    const replay = await send<StoredStopRoute[]>(s, 1, delivered(), key);
    expectStoredStop(replay, s, stopOf(first, stopId)!, first.body[0]!.updated_at);
    expect(await snapshot()).toEqual(before);
  });

  it('answers the route as it is now after the route was finished, and writes nothing', async () => {
    const s = await started();
    const key = randomUUID();
    const first = await send(s, 1, delivered(), key);
    for (const i of [2, 3]) expect((await send(s, i, { status: 'skipped' }, randomUUID())).status).toBe(200);
    const finish = await t.request<Route[]>('POST', s.path, { token: s.token, body: { status: 'finished' } });
    expect(finish.status).toBe(200);
    const before = await snapshot();
    const replay = await send(s, 1, delivered(), key);
    expect(replay).toMatchObject({ status: 200, replayed: true });
    const { fetched_at: _, ...now } = replay.body[0]!;
    const { fetched_at: __, ...finished } = finish.body[0]!;
    expect(now).toEqual(finished);
    expect(now.status).toBe('finished');
    expect(stopOf(replay, s.stopIds[1]!)).toEqual(stopOf(first, s.stopIds[1]!));
    expect(await snapshot()).toEqual(before);
  });

  it('is no replay from another sender: the same key from another driver is a new request', async () => {
    const s = await started();
    const key = randomUUID();
    expect((await send(s, 1, delivered(), key)).status).toBe(200);
    const stranger = await startedSession(t, { date: localDate(new Date()) });
    const before = await snapshot();
    // Another driver's route: the same 404 as without a key, not the owner's stored answer.
    const probe = await send(s, 1, delivered(), key, stranger.token);
    expect(probe).toMatchObject({ status: 404, replayed: false, body: { field: 'id' } });
    expect(await snapshot()).toEqual(before);
    // On the stranger's own route the key is simply new.
    const own = await send(stranger, 1, delivered(), key);
    expect(own).toMatchObject({ status: 200, replayed: false });
  });
});

describe('the idempotency record', () => {
  it('keeps the stop as answered and the route’s version, not the whole route', async () => {
    const s = await started(298);
    const key = randomUUID();
    const first = await send(s, 1, delivered(), key);
    const row = await t.server.ctx.db
      .selectFrom('completions')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('response');
    expect(row).toMatchObject({ route_updated_at: first.body[0]!.updated_at });
    expect(JSON.parse(row.result)).toEqual(stopOf(first, s.stopIds[1]!));
    const rowBytes = Object.values(row).reduce<number>((n, v) => n + String(v).length, 0);
    expect(rowBytes).toBeLessThan(4_000);
  });
});
