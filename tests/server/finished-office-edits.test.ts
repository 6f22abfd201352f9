/**
 * Finished is final for the office too (issue 44): the dispatcher API refuses every change to a finished route's done
 * stops (409), so a stop and its current completion record always agree, and nothing reopens a done stop to a late
 * update. What touches no done stop stays allowed: reading, the route's settings, an open stop's details on a route
 * created finished, and every edit while the route is in progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as dispatchCli } from '../../src-server/cli/dispatch.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import { dispatchRoute, expectError } from '../helpers/dispatch.ts';
import { makeDriver, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  type RouteSession,
  routeSession,
  startRoute,
  stopInAnswer as stopOf,
  updateStop,
} from '../helpers/sessions.ts';

const MINUTE = 60_000;
let t: TestServer;
const first = new Date();
first.setHours(10, 0, 0, 0);
/** The server's clock, moved on (never back) by each test. */
let clock = first.getTime();
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { ACCESS_TOKEN_TTL: String(24 * 3600) } });
});
afterAll(() => t.close());

const DONE_STOPS_FINAL = /^This route is finished: its done stops are final$/;
const ORDER_FINAL = /^This route is finished: its stops and their order are final$/;

const detail = async (routeId: number) =>
  (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${routeId}`)).body;

/** What a finished route holds that the office must not change: its stops, records, version and order. */
async function record(routeId: number) {
  const d = await detail(routeId);
  return {
    version: d.version,
    updated_at: d.updated_at,
    stops: d.stops,
    completions: d.completions.map(({ id, stop_id, status, role, image_urls }) => ({
      id,
      stop_id,
      status,
      role,
      image_urls,
    })),
  };
}

/** A route started, stop 1 delivered with a photo, stops 2 and 3 skipped, and finished by its driver. */
async function finishedRoute(): Promise<{ s: RouteSession; delivered: Stop; madeWhileOpen: string }> {
  clock += 60 * MINUTE;
  const s = await routeSession(t, { date: localDate(new Date(clock)) });
  await startRoute(t, s);
  clock += MINUTE;
  const res = await updateStop(t, s, 1, { status: 'finished', images: { '0': jpegUrl() }, completed_at: iso(clock) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const madeWhileOpen = iso(clock);
  for (const i of [2, 3]) expect((await updateStop(t, s, i, { status: 'skipped' })).status).toBe(200);
  clock += MINUTE;
  expect((await t.request('POST', s.path, { token: s.token, body: { status: 'finished' } })).status).toBe(200);
  clock += MINUTE;
  return { s, delivered: stopOf(res, s, 1), madeWhileOpen };
}

describe("the office's edits of a finished route", () => {
  it('refuse every change to a done stop, and leave the stop and its current record as they were', async () => {
    const { s, delivered } = await finishedRoute();
    const before = await record(s.routeId);
    const stopPath = (i: number) => `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[i]}`;
    const edits: Record<string, unknown>[] = [
      { status: 'skipped' },
      { status: 'pending' },
      { status: 'finished' },
      { notes: 'Rewritten by the office' },
      { completion_note: 'A note the driver never wrote' },
      { recipient_note: 'Signed for by someone else' },
      { units: [{ name: 'Something else', quantity: 2 }] },
      { delivery_code: 'ABCD' },
      { street: 'Elsewhere 1', lat: 52.1, lng: 5.2 },
      { requirements: { picture: false } },
      { cleaning_status: null },
    ];
    for (const edit of edits) {
      const res = await t.dispatch('PATCH', stopPath(1), edit);
      expectError(res, 409, DONE_STOPS_FINAL, 'stopId');
    }
    // A skipped stop, and the start and the end (done by the route itself), are done stops too.
    for (const i of [0, 2, 4])
      expectError(await t.dispatch('PATCH', stopPath(i), { status: 'pending' }), 409, DONE_STOPS_FINAL);
    expectError(await t.dispatch('DELETE', stopPath(1)), 409, DONE_STOPS_FINAL, 'stopId');
    const order = [...s.stopIds].reverse();
    expectError(
      await t.dispatch('PUT', `/v1/dispatch/routes/${s.routeId}/order`, { stop_ids: order }),
      409,
      ORDER_FINAL,
      'stop_ids',
    );
    // The CLI calls the same API: its `stop` and `reorder` are refused alike.
    const errors: string[] = [];
    const io = { out: () => {}, err: (text: string) => errors.push(text), readStdin: async () => '' };
    const env = { DISPATCH_URL: t.url, DISPATCH_TOKEN: t.config.dispatchToken };
    const ids = [String(s.routeId), String(s.stopIds[1])];
    expect(await dispatchCli(['stop', ...ids, 'status=pending'], env, io)).toBe(1);
    expect(await dispatchCli(['reorder', String(s.routeId), ...order.map(String)], env, io)).toBe(1);
    expect(errors).toEqual([
      '409: This route is finished: its done stops are final (field stopId)',
      '409: This route is finished: its stops and their order are final (field stop_ids)',
    ]);
    expect(await record(s.routeId)).toEqual(before);
    const current = before.completions.find((c) => c.stop_id === delivered.id && c.role === 'current');
    expect(current).toMatchObject({ status: 'finished', image_urls: delivered.images });
    expect(before.stops.find((x) => x.id === delivered.id)).toMatchObject({ status: 'finished' });
  });

  it('never reopen a done stop: a late update after a refused reopen is kept beside, the shown proof stays', async () => {
    const { s, delivered, madeWhileOpen } = await finishedRoute();
    const reopen = await t.dispatch('PATCH', `/v1/dispatch/routes/${s.routeId}/stops/${delivered.id}`, {
      status: 'pending',
    });
    expectError(reopen, 409, DONE_STOPS_FINAL);
    const late = await updateStop(t, s, 1, { status: 'skipped', completed_at: madeWhileOpen });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(stopOf(late, s, 1)).toMatchObject({ status: 'finished', images: delivered.images });
    const records = (await detail(s.routeId)).completions.filter((c) => c.stop_id === delivered.id);
    expect(records.map((c) => [c.status, c.role])).toEqual([
      ['skipped', 'late'],
      ['finished', 'current'],
    ]);
  });

  it('refuse removing an open stop of a finished route with done stops, which would plan the done ones again', async () => {
    const driver = await makeDriver(t);
    const stops = stopsAroundUtrecht(3).map((stop, i) => (i === 1 ? { ...stop, status: 'finished' as const } : stop));
    const route = await dispatchRoute(t, driver, { status: 'finished', stops });
    const before = await record(route.id);
    const res = await t.dispatch('DELETE', `/v1/dispatch/routes/${route.id}/stops/${route.stops[2]!.id}`);
    expectError(res, 409, ORDER_FINAL, 'stopId');
    expect(await record(route.id)).toEqual(before);
  });
});

describe('what the office may still do', () => {
  it('reads a finished route, and changes its settings, driver and version without touching a done stop', async () => {
    const { s } = await finishedRoute();
    const before = await record(s.routeId);
    const base = `/v1/dispatch/routes/${s.routeId}`;
    expect((await t.dispatch('POST', `${base}/republish`)).status).toBe(200);
    const other = await makeDriver(t, s.driver.organisationId);
    expect((await t.dispatch('PUT', `${base}/driver`, { driver_id: other.driverId })).status).toBe(200);
    const after = await record(s.routeId);
    expect(after.stops).toEqual(before.stops);
    expect(after.completions).toEqual(before.completions);
    expect(after.version).toBe(before.version + 2);
  });

  it("edits an open stop's details on a route created finished, but leaves its status to the driver", async () => {
    const driver = await makeDriver(t);
    const route = await dispatchRoute(t, driver, { status: 'finished' });
    const open = route.stops[1]!;
    const stopPath = `/v1/dispatch/routes/${route.id}/stops/${open.id}`;
    const edited = await t.dispatch<Stop>('PATCH', stopPath, { notes: 'Ring twice', status: 'pending' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ information: { notes: 'Ring twice' }, status: 'pending' });
    for (const status of ['finished', 'skipped'])
      expectError(
        await t.dispatch('PATCH', stopPath, { status }),
        409,
        /done only by its driver's late update/,
        'status',
      );
    // Nothing of it is done: the plan may still change.
    const order = [route.stops[0]!.id, route.stops[2]!.id, open.id, route.stops[3]!.id, route.stops[4]!.id];
    const reordered = await t.dispatch<Route>('PUT', `/v1/dispatch/routes/${route.id}/order`, { stop_ids: order });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
  });

  it('edits a done stop while the route is in progress, as before', async () => {
    clock += 60 * MINUTE;
    const s = await routeSession(t, { date: localDate(new Date(clock)) });
    await startRoute(t, s);
    expect((await updateStop(t, s, 1, { status: 'finished' })).status).toBe(200);
    const res = await t.dispatch<Stop>('PATCH', `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[1]}`, {
      notes: 'Parcel was damaged',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.information.notes).toBe('Parcel was damaged');
  });
});
