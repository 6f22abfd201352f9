import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { legMetres, PROFILE_SPEED } from '../../src-shared/domain/route-plan.ts';
import type { StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { ProjectEntry, Route } from '../../src-shared/protocol/entities.ts';
import { SUBSCRIPTION_CANCELED_MESSAGE } from '../../src-shared/protocol/http.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, routeSession, startRoute } from '../helpers/sessions.ts';

let t: TestServer;
/** Today at 10:00 in the server's time zone: 36000 seconds since midnight. */
const TEN = 36_000;
const today = new Date();
today.setHours(10, 0, 0, 0);
let clock = today.getTime();
const day = (offset: number) => localDate(new Date(today.getTime() + offset * 86_400_000));

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

const fields = (names: string) => names.trim().split(/\s+/).sort();
const ROUTE_FIELDS = fields(`completion_time date distances driver end_location_defined fetched_at id index projectName
  project_id publication_settings status stops updated_at vehicle_name vehicle_profile version`);
const STOP_FIELDS =
  fields(`address age_verified arr_time arrival_by arrived_at cleaning_definition cleaning_status completed_at completion_note
  count days_on_the_road delivery_code_required delivery_place duration end_time failure_reason finish_time id images information recipient_date_of_birth recipient_note
  received_at requirements service_time signature signature_name status sticker time_windows type units updated_at`);

/** Start, a delivery with every detail, a break, a pickup and the end. */
const richStops: StopInput[] = [
  { type: 'start', lat: 52.0907, lng: 5.1214, street: 'Depot 1', city: 'Utrecht' },
  {
    type: 'delivery',
    lat: 52.1,
    lng: 5.13,
    street: 'Oudegracht 1',
    city: 'Utrecht',
    country: 'NL',
    recipient_name: 'Anna de Vries',
    recipient_phone: '31612345678',
    notes: '**Ring twice**',
    service_time: 600,
    days_on_the_road: 1,
    time_windows: [{ earliest: 39_600, latest: 43_200 }],
    units: [
      { id: 'u1', name: 'Box+large', quantity: 2, note: 'fragile', barcode: '8712345678906' },
      { name: 'Envelope', quantity: 1, note: null, barcode: null },
    ],
    requirements: { picture: true, signature: true, signature_name: true, age_verification: true, barcode: true },
  },
  { type: 'break', lat: 52.1, lng: 5.13, service_time: 1800 },
  { type: 'pickup', lat: 52.11, lng: 5.14, street: 'Biltstraat 5', city: 'Utrecht' },
  { type: 'end', lat: 52.0907, lng: 5.1214, street: 'Depot 1', city: 'Utrecht' },
];

describe('route list', () => {
  it('lists the driver’s projects with route summaries carrying every route field', async () => {
    const s = await routeSession(t, { date: day(0), vehicle_profile: 'bicycle' });
    const res = await t.request<ProjectEntry[]>('GET', '/v1/projects/routes', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [project] = res.body;
    expect(project).toMatchObject({ project_id: s.projectId, project_name: 'Test project', date: day(0) });
    const summary = project!.routes[0]!;
    expect(summary).toMatchObject({
      id: s.routeId,
      project_id: s.projectId,
      projectName: 'Test project',
      status: 'optimized',
      index: 1,
      vehicle_name: 'Van 1',
      vehicle_profile: 'bicycle',
      end_location_defined: true,
      driver: { id: s.driver.driverId },
      publication_settings: { project_date: day(0), fulfill_stops_in_any_order: false, photo_collection: true },
      stop_count: 3,
      done_count: 0,
      start_stop: { id: s.stopIds[0], type: 'start' },
      end_stop: { id: s.stopIds[4], type: 'end' },
    });
    expect(summary.completion_time).toBeGreaterThan(0);
    expect(summary.distances.legs).toHaveLength(4);
    expect(summary.distances.total).toBe(summary.distances.legs.reduce((a, b) => a + b, 0));
  });

  it('leaves out finished routes older than any Closed tab shows, and counts stops in the database', async () => {
    const s = await routeSession(t, { date: day(0) });
    const who = s.driver;
    const make = async (date: string, status: 'finished' | 'optimized' | 'planned', stops?: StopInput[]) =>
      (await routeSession(t, { date, status, ...(stops ? { stops } : {}) }, who)).routeId;
    const oldFinished = await make(day(-30), 'finished');
    const recentFinished = await make(day(-3), 'finished');
    const oldOpen = await make(day(-60), 'optimized');
    const oldPlanned = await make(day(-60), 'planned');
    const tallied = await make(day(1), 'optimized', [
      { type: 'start', lat: 52.09, lng: 5.12 },
      { type: 'delivery', lat: 52.1, lng: 5.13, status: 'finished' },
      { type: 'delivery', lat: 52.1, lng: 5.14, status: 'skipped' },
      { type: 'pickup', lat: 52.1, lng: 5.15 },
      { type: 'end', lat: 52.09, lng: 5.12 },
    ]);
    const res = await t.request<ProjectEntry[]>('GET', '/v1/projects/routes', { token: s.token });
    const listed = res.body.flatMap((p) => p.routes);
    const ids = listed.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([s.routeId, recentFinished, oldOpen, oldPlanned, tallied]));
    expect(ids).not.toContain(oldFinished);
    expect(listed.find((r) => r.id === tallied)).toMatchObject({
      stop_count: 3,
      done_count: 2,
      start_stop: { type: 'start' },
      end_stop: { type: 'end' },
    });
  });

  it('shows only the caller’s own routes', async () => {
    const s = await routeSession(t, { date: day(0) });
    await routeSession(t, { date: day(0) }, await makeDriver(t, s.driver.organisationId));
    const res = await t.request<ProjectEntry[]>('GET', '/v1/projects/routes', { token: s.token });
    expect(res.body.flatMap((p) => p.routes.map((r) => r.id))).toEqual([s.routeId]);
  });

  it('answers 400 with the exact text when the subscription is canceled, for the list and a route', async () => {
    const orgId = await makeOrganisation(t, { subscription_status: 'canceled' });
    const s = await routeSession(t, { date: day(0) }, await makeDriver(t, orgId));
    const list = await t.request('GET', '/v1/projects/routes', { token: s.token });
    expect(list).toMatchObject({ status: 400, body: { message: SUBSCRIPTION_CANCELED_MESSAGE } });
    const one = await t.request('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token });
    expect(one).toMatchObject({ status: 400, body: { message: SUBSCRIPTION_CANCELED_MESSAGE } });
    const link = await t.request('GET', `/v1/projects/routes/${s.routeId}`, { token: await makeLink(t, s.routeId) });
    expect(link).toMatchObject({ status: 400, body: { message: SUBSCRIPTION_CANCELED_MESSAGE } });
  });
});

describe('one route', () => {
  it('carries every field of spec section 3, stops, units and requirements included', async () => {
    const s = await routeSession(t, { date: day(0), stops: richStops });
    const res = await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token });
    expect(res.status).toBe(200);
    const route = res.body;
    expect(Object.keys(route).sort()).toEqual(ROUTE_FIELDS);
    expect(route.fetched_at).toBe(new Date(clock).toISOString());
    expect(route.distances.legs).toHaveLength(4);
    for (const stop of route.stops) expect(Object.keys(stop).sort()).toEqual(STOP_FIELDS);
    expect(route.stops.map((x) => x.type)).toEqual(['start', 'delivery', 'break', 'pickup', 'end']);
    const delivery = route.stops[1]!;
    expect(delivery).toMatchObject({
      status: 'pending',
      service_time: 600,
      duration: 10,
      count: 3,
      days_on_the_road: 1,
      address: { lat: 52.1, lng: 5.13 },
      information: {
        street: 'Oudegracht 1',
        city: 'Utrecht',
        country: 'NL',
        recipient_name: 'Anna de Vries',
        recipient_phone: '31612345678',
        notes: '**Ring twice**',
      },
      time_windows: [{ earliest: 39_600, latest: 43_200 }],
      requirements: { picture: true, signature: true, signature_name: true, age_verification: true, barcode: true },
      images: [],
      signature: null,
      age_verified: false,
    });
    expect(delivery.units[0]).toEqual({
      id: 'u1',
      name: 'Box+large',
      quantity: 2,
      note: 'fragile',
      barcode: '8712345678906',
      barcode_scanned: false,
      scan_reason: null,
      scan_method: null,
      scanned_at: null,
    });
    expect(delivery.arr_time).toBeGreaterThanOrEqual(39_600);
    expect(route.stops[2]!.service_time).toBe(1800);
  });

  it('answers 404 field id for an unknown route and 400 for an id that is not a number', async () => {
    const s = await routeSession(t, { date: day(0) });
    const res = await t.request('GET', '/v1/projects/routes/999999', { token: s.token });
    expect(res).toMatchObject({ status: 404, body: { field: 'id' } });
    expect((await t.request('GET', '/v1/projects/routes/abc', { token: s.token })).status).toBe(400);
  });
});

describe('start', () => {
  it('sets in progress, finishes the start stop and plans the pending stops from now', async () => {
    const s = await routeSession(t, { date: day(0), stops: richStops });
    const res = await t.request<Route[]>('POST', s.path, { token: s.token, body: { status: 'in_progress' } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const route = res.body[0]!;
    const nowIso = new Date(clock).toISOString();
    expect(route).toMatchObject({ id: s.routeId, status: 'in_progress', updated_at: nowIso });
    expect(route.stops[0]).toMatchObject({ status: 'finished', finish_time: TEN, completed_at: nowIso });
    const [start, delivery, pause, pickup, end] = route.stops as [Route['stops'][number], ...Route['stops']];
    const travel = (a: { address: { lat: number; lng: number } }, b: typeof a) =>
      Math.round(legMetres(a.address, b.address) / PROFILE_SPEED.car);
    // 10:00 plus the ride, but not before the window opens at 11:00.
    expect(delivery!.arr_time).toBe(Math.max(TEN + travel(start, delivery!), 39_600));
    expect(delivery!.end_time).toBe(delivery!.arr_time! + 600);
    expect(pause!.arr_time).toBe(delivery!.end_time! + travel(delivery!, pause!));
    expect(pickup!.arr_time).toBe(pause!.end_time! + travel(pause!, pickup!));
    expect(end!.arr_time).toBe(pickup!.end_time! + travel(pickup!, end!));
    const row = await t.server.ctx.db
      .selectFrom('routes')
      .select(['started_at', 'status'])
      .where('id', '=', s.routeId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ started_at: nowIso, status: 'in_progress' });
  });

  it('plans from the driver’s position when lat and lng are given', async () => {
    const s = await routeSession(t, { date: day(0) });
    const stops = stopsAroundUtrecht(3);
    const first = stops[1]!;
    const res = await t.request<Route[]>('POST', s.path, {
      token: s.token,
      body: { status: 'in_progress', lat: String(first.lat), lng: String(first.lng) },
    });
    expect(res.status).toBe(200);
    // The driver stands at the first delivery: it is due now.
    expect(res.body[0]!.stops[1]!.arr_time).toBe(TEN);
  });

  it('is idempotent: starting again only plans the ETAs again from the new now', async () => {
    const s = await routeSession(t, { date: day(0) });
    const first = await startRoute(t, s);
    clock += 600_000;
    try {
      const again = await startRoute(t, s);
      expect(again.status).toBe('in_progress');
      expect(again.stops[0]!.finish_time).toBe(TEN);
      expect(again.stops[1]!.arr_time).toBe(first.stops[1]!.arr_time! + 600);
      const row = await t.server.ctx.db
        .selectFrom('routes')
        .select('started_at')
        .where('id', '=', s.routeId)
        .executeTakeFirstOrThrow();
      expect(row.started_at).toBe(new Date(clock - 600_000).toISOString());
    } finally {
      clock -= 600_000;
    }
  });

  it('refuses a route dated tomorrow, naming the date, and changes nothing', async () => {
    const s = await routeSession(t, { date: day(1) });
    const res = await t.request('POST', s.path, { token: s.token, body: { status: 'in_progress' } });
    expect(res).toMatchObject({ status: 400, body: { message: `This route can be started from ${day(1)}` } });
    const route = await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token });
    expect(route.body.status).toBe('optimized');
    expect(route.body.stops[0]!.status).toBe('pending');
  });

  it('starts a route dated in the past', async () => {
    const s = await routeSession(t, { date: day(-3) });
    expect((await startRoute(t, s)).status).toBe('in_progress');
  });

  it('refuses bad bodies with a message naming the field', async () => {
    const s = await routeSession(t, { date: day(0) });
    const cases: [unknown, string][] = [
      [{ status: 'paused' }, 'status'],
      [{}, 'status'],
      [{ status: 'in_progress', lat: 'north', lng: '5.1' }, 'lat'],
      [{ status: 'in_progress', lat: '52.1' }, 'lng'],
      [{ status: 'in_progress', lat: '52.1', lng: '190' }, 'lng'],
      [{ status: 'in_progress', lat: 52.1, lng: 5.1 }, 'lat'],
      [{ status: 'in_progress', speed: '3' }, 'speed'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request<{ field?: string }>('POST', s.path, { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    const route = await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token });
    expect(route.body.status).toBe('optimized');
  });

  it('answers 404 field id when the project in the path is not the route’s', async () => {
    const s = await routeSession(t, { date: day(0) });
    const res = await t.request('POST', `/v1/projects/${s.projectId + 1000}/routes/${s.routeId}`, {
      token: s.token,
      body: { status: 'in_progress' },
    });
    expect(res).toMatchObject({ status: 404, body: { field: 'id' } });
  });
});

describe('finish', () => {
  it('is refused before the start, refused while stops are pending, then finishes the end stop', async () => {
    const s = await routeSession(t, { date: day(0) });
    const finish = () => t.request<Route[]>('POST', s.path, { token: s.token, body: { status: 'finished' } });
    expect(await finish()).toMatchObject({ status: 400, body: { message: 'You need to start the route first' } });
    await startRoute(t, s);
    const early = await finish();
    expect(early).toMatchObject({
      status: 400,
      body: { message: 'Complete all stops before arriving at your final destination' },
    });
    for (const [i, status] of [
      [1, 'finished'],
      [2, 'skipped'],
    ] as const) {
      const res = await t.request('POST', `${s.path}/services/${s.stopIds[i]}`, { token: s.token, body: { status } });
      expect(res.status).toBe(200);
    }
    expect((await finish()).status).toBe(400);
    await t.request('POST', `${s.path}/services/${s.stopIds[3]}`, { token: s.token, body: { status: 'finished' } });
    const done = await finish();
    expect(done.status).toBe(200);
    const route = done.body[0]!;
    expect(route.status).toBe('finished');
    expect(route.stops.at(-1)).toMatchObject({ status: 'finished', finish_time: TEN });
    // A retried finish answers the same route and changes nothing.
    const again = await finish();
    expect(again.status).toBe(200);
    expect(again.body[0]!.updated_at).toBe(route.updated_at);
    const restart = await t.request('POST', s.path, { token: s.token, body: { status: 'in_progress' } });
    expect(restart).toMatchObject({ status: 400, body: { message: "You've already completed the route" } });
  });
});
