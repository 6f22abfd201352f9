/**
 * A stop's arrival (issue 34, issue 44): recorded where the plan and the route have arrival detection, on a started
 * route, only for a pending delivery or pickup, at a time in the route's device-time window, `by: "phone"` only where
 * the organisation records arrivals by itself; the first one kept whatever is sent after it, and shown on the
 * driver's stop, in the dispatcher's route detail and, as a route change, on every socket of the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { OrganisationConfig, Plan, Route } from '../../src-shared/protocol/entities.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startRoute, updateStop } from '../helpers/sessions.ts';
import { openSocket } from '../helpers/socket.ts';

let t: TestServer;
const today = new Date();
today.setHours(10, 0, 0, 0);
const minutes = (n: number) => new Date(today.getTime() + n * 60_000);

beforeAll(async () => {
  t = await startTestServer({ now: () => today.getTime() });
});
afterAll(() => t.close());

const ON: Partial<Plan> = { ft_arrival_detection: true };
const AUTO: Partial<OrganisationConfig> = { arrival_auto_record: true };

async function session(
  plan: Partial<Plan>,
  setting: boolean,
  options: {
    started?: boolean;
    config?: Partial<OrganisationConfig>;
    stops?: ReturnType<typeof stopsAroundUtrecht>;
  } = {},
): Promise<RouteSession> {
  const org = await makeOrganisation(t, { plan, config: options.config ?? AUTO });
  const s = await routeSession(
    t,
    {
      date: localDate(today),
      stops: options.stops ?? stopsAroundUtrecht(2),
      publication_settings: { arrival_detection: setting },
    },
    await makeDriver(t, org),
  );
  if (options.started ?? true) await startRoute(t, s);
  return s;
}

const arrive = (s: RouteSession, index: number, arrivedAt: Date | string, by = 'phone') =>
  t.request<{ arrived_at: string; arrival_by: string }>('POST', `${s.path}/services/${s.stopIds[index]}/arrival`, {
    token: s.token,
    body: { arrived_at: typeof arrivedAt === 'string' ? arrivedAt : arrivedAt.toISOString(), by },
  });

const driverRoute = async (s: RouteSession) =>
  (await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;

describe("a stop's arrival", () => {
  it('keeps the first arrival, and shows it to the driver and the dispatcher', async () => {
    const s = await session(ON, true);
    const first = minutes(-1);
    const res = await arrive(s, 1, first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ arrived_at: first.toISOString(), arrival_by: 'phone' });
    // A retry, or the driver's tap after the phone noticed: the first stays.
    expect((await arrive(s, 1, today, 'driver')).body).toEqual({
      arrived_at: first.toISOString(),
      arrival_by: 'phone',
    });
    const route = await driverRoute(s);
    expect(route.stops[1]).toMatchObject({ arrived_at: first.toISOString(), arrival_by: 'phone' });
    expect(route.stops[2]).toMatchObject({ arrived_at: null, arrival_by: null });
    const detail = await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`);
    expect(detail.body.stops[1]).toMatchObject({ arrived_at: first.toISOString() });
  });

  it('refuses an arrival without the gates, or before the start', async () => {
    expectError(await arrive(await session({}, true), 1, today), 403, /Arrival detection is not part/);
    expectError(await arrive(await session(ON, false), 1, today), 403, /not part/);
    const waiting = await session(ON, true, { started: false });
    expectError(await arrive(waiting, 1, today), 409, /started route/, 'status');
  });
});

describe('which stops take an arrival', () => {
  it('only a pending delivery or pickup: not the start, the end or a break (400)', async () => {
    const stops = stopsAroundUtrecht(2);
    stops.splice(2, 0, { type: 'break', lat: 52.085, lng: 5.11, street: 'Pause 1', city: 'Utrecht' });
    const s = await session(ON, true, { stops });
    expectError(await arrive(s, 0, today), 400, /^The start takes no arrival: only a delivery or a pickup/, 'service');
    expectError(await arrive(s, 2, today), 400, /^A break takes no arrival/, 'service');
    expectError(await arrive(s, 4, today), 400, /^The end takes no arrival/, 'service');
    expect((await arrive(s, 3, today)).status).toBe(200);
    const route = await driverRoute(s);
    expect([0, 2, 4].map((i) => route.stops[i]!.arrived_at)).toEqual([null, null, null]);
  });

  it('not a stop already done (409), with or without an arrival, and the done stop keeps what it had', async () => {
    const s = await session(ON, true);
    const done = await updateStop(t, s, 1, { status: 'finished', images: { '0': jpegUrl() } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectError(await arrive(s, 1, today), 409, /This stop is already done: it takes no arrival/, 'service');
    // One arrived at, then done: a late arrival is refused as well, and the one it has stays.
    expect((await arrive(s, 2, minutes(-5))).status).toBe(200);
    expect((await updateStop(t, s, 2, { status: 'finished', images: { '0': jpegUrl() } })).status).toBe(200);
    expectError(await arrive(s, 2, today, 'driver'), 409, /already done/, 'service');
    const route = await driverRoute(s);
    expect(route.stops[1]).toMatchObject({ status: 'finished', arrived_at: null });
    expect(route.stops[2]).toMatchObject({ status: 'finished', arrived_at: minutes(-5).toISOString() });
  });

  it('not a stop the dispatcher removed (409)', async () => {
    const s = await session(ON, true);
    const removed = await t.dispatch('DELETE', `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[2]}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expectError(await arrive(s, 2, today), 409, /removed by your dispatcher: it takes no arrival/, 'service');
    const row = await t.server.ctx.db
      .selectFrom('stops')
      .select('arrived_at')
      .where('id', '=', s.stopIds[2]!)
      .executeTakeFirstOrThrow();
    expect(row.arrived_at).toBeNull();
  });
});

describe('an arrival by the rules of the app', () => {
  it('arrived_at inside the device-time window a completion is judged by (400 naming arrived_at)', async () => {
    const s = await session(ON, true);
    const window = /^arrived_at must lie in the route's time, from .* to .*: is the device's clock right\?$/;
    expectError(await arrive(s, 1, '2000-01-01T00:00:00.000Z'), 400, window, 'arrived_at');
    expectError(await arrive(s, 1, minutes(-3 * 24 * 60)), 400, window, 'arrived_at');
    expectError(await arrive(s, 1, minutes(11)), 400, window, 'arrived_at');
    // Nothing stored, so the first arrival in the window is the one kept.
    expect((await driverRoute(s)).stops[1]!.arrived_at).toBeNull();
    expect((await arrive(s, 1, minutes(9))).body).toMatchObject({ arrived_at: minutes(9).toISOString() });
    expect((await arrive(s, 2, minutes(-60))).body).toMatchObject({ arrived_at: minutes(-60).toISOString() });
  });

  it('by "phone" only where the organisation records arrivals by itself (403 naming by)', async () => {
    const s = await session(ON, true, { config: { arrival_auto_record: false } });
    expectError(await arrive(s, 1, today, 'phone'), 403, /arrival_auto_record/, 'by');
    expect((await driverRoute(s)).stops[1]!.arrived_at).toBeNull();
    expect((await arrive(s, 1, today, 'driver')).body).toEqual({
      arrived_at: today.toISOString(),
      arrival_by: 'driver',
    });
  });
});

describe('an arrival is a route change', () => {
  it('moves the version and reaches the route’s sockets as a stop_update; a repeat moves and sends nothing', async () => {
    const s = await session(ON, true);
    const socket = await openSocket(t, { routeId: s.routeId, projectId: s.projectId, token: s.token });
    try {
      const before = (await driverRoute(s)).version;
      expect((await arrive(s, 1, minutes(-2))).status).toBe(200);
      const event = await socket.next('stop_update');
      expect(event.data).toMatchObject({ route_id: s.routeId, version: before + 1 });
      expect(event.data.stop).toMatchObject({ id: s.stopIds[1], arrived_at: minutes(-2).toISOString() });
      expect(event.data.stop.arrival_by).toBe('phone');
      expect((await driverRoute(s)).version).toBe(before + 1);

      // The first stays: no version, no event. The next arrival's event is the very next one, one version on.
      expect((await arrive(s, 1, minutes(-1), 'driver')).body.arrival_by).toBe('phone');
      expect((await driverRoute(s)).version).toBe(before + 1);
      expect((await arrive(s, 2, minutes(-1))).status).toBe(200);
      const second = await socket.next('stop_update');
      expect(second.data).toMatchObject({ version: before + 2, stop: { id: s.stopIds[2] } });
      expect(socket.all('stop_update')).toHaveLength(2);
    } finally {
      await socket.close();
    }
  });

  it('a refused arrival moves no version and sends nothing', async () => {
    const s = await session(ON, true);
    const socket = await openSocket(t, { routeId: s.routeId, projectId: s.projectId, token: s.token });
    try {
      const before = (await driverRoute(s)).version;
      expect((await arrive(s, 0, today)).status).toBe(400);
      expect((await arrive(s, 1, '2000-01-01T00:00:00.000Z')).status).toBe(400);
      expect((await driverRoute(s)).version).toBe(before);
      expect((await arrive(s, 1, today)).status).toBe(200);
      expect((await socket.next('stop_update')).data).toMatchObject({ version: before + 1 });
      expect(socket.all('stop_update')).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });
});
