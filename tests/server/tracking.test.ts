/** What the app reports while driving: positions (PATCH .../location) and status events (POST .../events). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { makeDriver, makeOrganisation } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { routeSession, startedSession, startRoute } from '../helpers/sessions.ts';

let t: TestServer;
const clock = Date.now();
const date = localDate(new Date(clock));

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

describe('location', () => {
  it('stores a position while the route is in progress and refuses one before', async () => {
    const s = await routeSession(t, { date });
    const send = (body: unknown) => t.request('PATCH', `${s.path}/location`, { token: s.token, body });
    expect((await send({ lat: '52.1', lng: '5.1' })).status).toBe(409);
    await startRoute(t, s);
    expect(await send({ lat: '52.1234567', lng: '5.1234567' })).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await t.server.ctx.db.selectFrom('locations').selectAll().where('route_id', '=', s.routeId).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        lat: 52.1234567,
        lng: 5.1234567,
        source: 'http',
        principal: `driver:${s.driver.driverId}`,
        recorded_at: new Date(clock).toISOString(),
      }),
    ]);
    for (const [body, field] of [
      [{ lat: 'x', lng: '5.1' }, 'lat'],
      [{ lat: '52.1', lng: '500' }, 'lng'],
      [{ lat: 52.1, lng: '5.1' }, 'lat'],
      [{ lat: '52.1' }, 'lng'],
    ] as const) {
      const res = await send(body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { field } });
    }
    expect(
      await t.server.ctx.db.selectFrom('locations').selectAll().where('route_id', '=', s.routeId).execute(),
    ).toHaveLength(1);
  });

  it('answers 403 when the plan lacks real-time driver tracking', async () => {
    const orgId = await makeOrganisation(t, { plan: { ft_realtime_driver_tracking: false } });
    const s = await startedSession(t, { date }, await makeDriver(t, orgId));
    const res = await t.request('PATCH', `${s.path}/location`, { token: s.token, body: { lat: '52.1', lng: '5.1' } });
    expect(res.status).toBe(403);
  });
});

describe('events', () => {
  const serviceChange = (serviceId: number) => ({
    type: 'service_change',
    data: {
      status: 'finished',
      service_id: serviceId,
      lat: '52.1',
      lng: 5.1,
      date: new Date(clock).toISOString(),
      ETAs: { [serviceId]: 36_500 },
    },
  });

  it('records a service_change event', async () => {
    const s = await startedSession(t, { date });
    const body = serviceChange(s.stopIds[0]!);
    expect(await t.request('POST', `${s.path}/events`, { token: s.token, body })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const rows = await t.server.ctx.db
      .selectFrom('route_events')
      .selectAll()
      .where('route_id', '=', s.routeId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'service_change', source: 'http', principal: `driver:${s.driver.driverId}` });
    expect(JSON.parse(rows[0]!.body)).toEqual(body.data);
  });

  it('refuses other types, stops of other routes, bad data and plans without live status updates', async () => {
    const s = await startedSession(t, { date });
    const other = await routeSession(t, { date }, s.driver);
    const post = (body: unknown, token = s.token) => t.request('POST', `${s.path}/events`, { token, body });
    expect(await post({ type: 'location', data: serviceChange(s.stopIds[0]!).data })).toMatchObject({
      status: 400,
      body: { field: 'type' },
    });
    expect(await post(serviceChange(other.stopIds[1]!))).toMatchObject({ status: 404, body: { field: 'service' } });
    const bad = serviceChange(s.stopIds[0]!);
    expect((await post({ ...bad, data: { ...bad.data, lat: 'north' } })).status).toBe(400);
    expect((await post({ ...bad, data: { ...bad.data, colour: 'red' } })).status).toBe(400);
    expect((await post({ type: 'service_change' })).status).toBe(400);
    const orgId = await makeOrganisation(t, { plan: { ft_live_status_updates: false } });
    const basic = await routeSession(t, { date }, await makeDriver(t, orgId));
    const res = await t.request('POST', `${basic.path}/events`, {
      token: basic.token,
      body: serviceChange(basic.stopIds[0]!),
    });
    expect(res.status).toBe(403);
    const stored = await t.server.ctx.db
      .selectFrom('route_events')
      .selectAll()
      .where('route_id', 'in', [s.routeId, basic.routeId])
      .execute();
    expect(stored).toHaveLength(0);
  });
});
