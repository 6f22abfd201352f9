import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalFromToken } from '../../src-server/auth/principal.ts';
import type { DispatchRouteDetail, LinkAnswer } from '../../src-shared/protocol/dispatch.ts';
import type { PublicationSettings, Route, Stop } from '../../src-shared/protocol/entities.ts';
import { dispatchRoute, expectError } from '../helpers/dispatch.ts';
import { type DriverFixture, makeDriver } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let clock = Date.parse('2030-03-04T09:00:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { PUBLIC_URL: 'https://droplane.example' } });
});
afterAll(() => t.close());

describe('changing a route', () => {
  let driver: DriverFixture;
  let route: Route;
  beforeAll(async () => {
    driver = await makeDriver(t);
    route = await dispatchRoute(t, driver);
  });
  const path = (rest: string, routeId = route.id) => `/v1/dispatch/routes/${routeId}${rest}`;

  it('patches a stop: given fields only, requirements merged, unit ids made, updated_at moved', async () => {
    const stop = route.stops[1]!;
    clock += 1000;
    const res = await t.dispatch<Stop>('PATCH', path(`/stops/${stop.id}`), {
      street: 'Oudegracht 10',
      notes: '**Ring twice**',
      arr_time: 40_000,
      requirements: { signature: true },
      units: [{ name: 'Crate', quantity: 2 }],
      status: 'skipped',
      recipient_note: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: stop.id,
      status: 'skipped',
      arr_time: 40_000,
      count: 2,
      information: { street: 'Oudegracht 10', notes: '**Ring twice**', city: stop.information.city },
      requirements: { ...stop.requirements, signature: true },
      updated_at: new Date(clock).toISOString(),
    });
    expect(res.body.units[0]).toMatchObject({ name: 'Crate', quantity: 2, note: null, barcode_scanned: false });
    expect(res.body.units[0]!.id).toMatch(/^u/);
  });

  it('refuses bad stop patches, and answers 404 for an unknown route or a stop of another route', async () => {
    const stop = route.stops[1]!;
    const cases: [unknown, RegExp][] = [
      [{}, /fewer than 1 properties/],
      [{ lat: '52.1' }, /lat must be number/],
      [{ requirements: { selfie: true } }, /requirements.selfie is not an allowed field/],
      [{ cleaning_status: 'sparkling' }, /cleaning_status must be equal to one of/],
      [{ completion_note: 'x'.repeat(501) }, /completion_note must NOT have more than 500 characters/],
    ];
    for (const [body, message] of cases)
      expectError(await t.dispatch('PATCH', path(`/stops/${stop.id}`), body), 400, message);
    const other = await dispatchRoute(t, driver);
    expectError(
      await t.dispatch('PATCH', path(`/stops/${other.stops[1]!.id}`), { notes: 'x' }),
      404,
      /stop/,
      'service',
    );
    expectError(await t.dispatch('PATCH', path(`/stops/${stop.id}`, 999_999), { notes: 'x' }), 404, /route/, 'id');
  });

  it('reorders the stops and plans the new order', async () => {
    const ids = route.stops.map((s) => s.id);
    const order = [ids[0]!, ids[3]!, ids[2]!, ids[1]!, ids[4]!];
    const res = await t.dispatch<Route>('PUT', path('/order'), { stop_ids: order });
    expect(res.status).toBe(200);
    expect(res.body.stops.map((s) => s.id)).toEqual(order);
    const arrivals = res.body.stops.map((s) => s.arr_time!);
    expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    expect(res.body.distances.legs).toHaveLength(4);
    expect(res.body.distances.total).toBe(res.body.distances.legs.reduce((a, b) => a + b, 0));
  });

  it('refuses an order that is not exactly the route stops, each once', async () => {
    const ids = route.stops.map((s) => s.id);
    const other = await dispatchRoute(t, driver);
    const cases: [unknown, RegExp, string][] = [
      [{ stop_ids: ids.slice(1) }, new RegExp(`missing ${ids[0]}`), 'stop_ids'],
      [
        { stop_ids: [...ids.slice(1), other.stops[0]!.id] },
        new RegExp(`missing ${ids[0]}; not on this route: ${other.stops[0]!.id}`),
        'stop_ids',
      ],
      [{ stop_ids: [...ids, ids[0]] }, new RegExp(`repeated: ${ids[0]}`), 'stop_ids'],
      [{ stop_ids: [] }, /stop_ids must NOT have fewer than 1 items/, 'stop_ids'],
      [{ stop_ids: ['1'] }, /stop_ids.0 must be integer/, 'stop_ids.0'],
    ];
    for (const [body, message, field] of cases)
      expectError(await t.dispatch('PUT', path('/order'), body), 400, message, field);
    expectError(await t.dispatch('PUT', path('/order', 999_999), { stop_ids: ids }), 404, /route/, 'id');
  });

  it('removes a pending stop and plans the rest; never the start, the end or a stop with a completion', async () => {
    const own = await dispatchRoute(t, driver);
    const [start, first, second, , end] = own.stops;
    const res = await t.dispatch<Route>('DELETE', path(`/stops/${second!.id}`, own.id));
    expect(res.status).toBe(200);
    expect(res.body.stops.map((s) => s.id)).toEqual(own.stops.filter((s) => s.id !== second!.id).map((s) => s.id));
    expect(res.body.distances.legs).toHaveLength(own.stops.length - 2);
    expectError(await t.dispatch('DELETE', path(`/stops/${second!.id}`, own.id)), 404, /Stop not found/, 'stopId');
    expectError(await t.dispatch('DELETE', path(`/stops/${start!.id}`, own.id)), 409, /start and the end/, 'stopId');
    expectError(await t.dispatch('DELETE', path(`/stops/${end!.id}`, own.id)), 409, /start and the end/, 'stopId');
    // What the driver did stays: a finished stop is not removed.
    await t.dispatch('PATCH', path(`/stops/${first!.id}`, own.id), { status: 'finished' });
    expectError(await t.dispatch('DELETE', path(`/stops/${first!.id}`, own.id)), 409, /pending/, 'stopId');
  });

  it('replaces the publication settings, all fields required (barcode_scanning, added later, defaults to on; the outcomes off)', async () => {
    const settings = {
      project_date: '2030-03-05',
      fulfill_stops_in_any_order: true,
      photo_collection: false,
      completion_notes: false,
      signature_capture: true,
      age_verification: false,
    };
    const res = await t.dispatch<PublicationSettings>('PUT', path('/publication-settings'), settings);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: route.publication_settings.id,
      ...settings,
      barcode_scanning: true,
      failure_reasons: false,
      delivery_places: false,
      delivery_codes: false,
      arrival_detection: false,
    });
    const { age_verification: _, ...partial } = settings;
    expectError(
      await t.dispatch('PUT', path('/publication-settings'), partial),
      400,
      /age_verification is required/,
      'age_verification',
    );
    expectError(
      await t.dispatch('PUT', path('/publication-settings'), { ...settings, id: 3 }),
      400,
      /id is not an allowed field/,
    );
    expectError(await t.dispatch('PUT', path('/publication-settings', 999_999), settings), 404, /route/, 'id');
  });

  it('republishes: updated_at moves', async () => {
    clock += 5000;
    const res = await t.dispatch<Route>('POST', path('/republish'));
    expect(res.status).toBe(200);
    expect(res.body.updated_at).toBe(new Date(clock).toISOString());
    expectError(await t.dispatch('POST', path('/republish', 999_999)), 404, /route/, 'id');
  });

  it('reassigns to a driver of the same organisation or to nobody', async () => {
    const colleague = await makeDriver(t, driver.organisationId);
    const stranger = await makeDriver(t);
    const res = await t.dispatch<Route>('PUT', path('/driver'), { driver_id: colleague.driverId });
    expect(res.body.driver).toEqual({ id: colleague.driverId });
    expectError(
      await t.dispatch('PUT', path('/driver'), { driver_id: stranger.driverId }),
      400,
      /organisation/,
      'driver_id',
    );
    expectError(await t.dispatch('PUT', path('/driver'), { driver_id: 999_999 }), 404, /driver/, 'driver_id');
    expectError(await t.dispatch('PUT', path('/driver'), {}), 400, /driver_id is required/, 'driver_id');
    const none = await t.dispatch<Route>('PUT', path('/driver'), { driver_id: null });
    expect(none.body.driver).toBeNull();
    await t.dispatch('PUT', path('/driver'), { driver_id: driver.driverId });
  });

  it('makes a shared link whose token opens the route until it is revoked', async () => {
    const res = await t.dispatch<LinkAnswer>('POST', path('/links'));
    expect(res.status).toBe(201);
    const { url, token, linkId } = res.body;
    expect(linkId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const parsed = new URL(url);
    expect(parsed.origin).toBe('https://droplane.example');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      projectId: String(route.project_id),
      routeId: String(route.id),
      token,
    });
    expect(await t.server.ctx.tokens.verifyLink(token)).toEqual({
      linkId,
      routeId: route.id,
      projectId: route.project_id,
      organisationId: driver.organisationId,
    });
    expect(await principalFromToken(t.server.ctx, token)).toMatchObject({ kind: 'link', linkId, routeId: route.id });
    const opened = await t.request<Route>('GET', `/v1/projects/routes/${route.id}`, { token });
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(route.id);

    const detail = await t.dispatch<DispatchRouteDetail>('GET', path(''));
    expect(detail.body.links).toEqual([{ id: linkId, created_at: expect.any(String), revoked_at: null }]);

    const revoked = await t.dispatch<{ linkId: string; revoked_at: string }>('DELETE', path(`/links/${linkId}`));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ linkId, revoked_at: new Date(clock).toISOString() });
    await expect(principalFromToken(t.server.ctx, token)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect((await t.request('GET', `/v1/projects/routes/${route.id}`, { token })).status).toBe(401);
    // Revoking again keeps the first time.
    clock += 1000;
    expect((await t.dispatch<{ revoked_at: string }>('DELETE', path(`/links/${linkId}`))).body.revoked_at).toBe(
      revoked.body.revoked_at,
    );
    const other = await dispatchRoute(t, driver);
    expectError(await t.dispatch('DELETE', path(`/links/${linkId}`, other.id)), 404, /link/, 'linkId');
    expectError(await t.dispatch('POST', path('/links', 999_999)), 404, /route/, 'id');
  });
});
