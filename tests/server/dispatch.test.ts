import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchRouteDetail, DispatchRouteSummary } from '../../src-shared/protocol/dispatch.ts';
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import { dispatchRoute, expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, makeRoute, signIn, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
const clock = Date.parse('2030-03-04T09:00:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { PUBLIC_URL: 'https://droplane.example' } });
});
afterAll(() => t.close());

describe('dispatcher token', () => {
  it('answers 401 without a token, with a wrong one, or with a driver or link token', async () => {
    const driver = await makeDriver(t);
    const { routeId, projectId } = await makeRoute(t, driver);
    const access = (await signIn(t, driver.email)).accessToken;
    const link = await t.server.ctx.tokens.signLink({
      linkId: 'x',
      routeId,
      projectId,
      organisationId: driver.organisationId,
    });
    const wrongLength = `${t.config.dispatchToken}x`;
    const sameLength = `${t.config.dispatchToken.slice(0, -1)}${t.config.dispatchToken.endsWith('a') ? 'b' : 'a'}`;
    for (const token of [undefined, 'garbage', wrongLength, sameLength, access, link]) {
      for (const [method, path] of [
        ['GET', '/v1/dispatch/organisations'],
        ['POST', '/v1/dispatch/routes'],
        ['GET', `/v1/dispatch/routes/${routeId}`],
      ] as const) {
        const res = await t.request(method, path, { token, body: method === 'POST' ? {} : undefined });
        expectError(res, 401, /dispatcher token/);
      }
    }
  });
});

describe('organisations', () => {
  it('creates with defaults, lists, and patches plan and config by merging', async () => {
    const created = await t.dispatch<Organisation>('POST', '/v1/dispatch/organisations', {
      name: 'Fresh Fruit',
      plan: { ft_photo_collection: false },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Fresh Fruit', customer_id: null, subscription_status: 'active' });
    expect(created.body.plan).toMatchObject({ ft_photo_collection: false, ft_live_status_updates: true });
    const id = created.body.id;

    const patched = await t.dispatch<Organisation>('PATCH', `/v1/dispatch/organisations/${id}`, {
      customer_id: 'cus_fruit',
      plan: { ft_live_status_updates: false },
      config: { require_name_with_signature: true },
      subscription_status: 'canceled',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ customer_id: 'cus_fruit', subscription_status: 'canceled' });
    expect(patched.body.plan).toMatchObject({ ft_photo_collection: false, ft_live_status_updates: false });
    expect(patched.body.config).toEqual({
      allowed_to_call_recipient: true,
      require_name_with_signature: true,
      failure_reasons: null,
      code_exempt_places: ['neighbour'],
      arrival_radius_m: 50,
      arrival_auto_record: false,
    });

    const cleared = await t.dispatch<Organisation>('PATCH', `/v1/dispatch/organisations/${id}`, { customer_id: null });
    expect(cleared.body.customer_id).toBeNull();
    const list = await t.dispatch<Organisation[]>('GET', '/v1/dispatch/organisations');
    expect(list.body.find((o) => o.id === id)).toEqual(cleared.body);
  });

  it('refuses bad bodies naming the field, and an unknown id with 404', async () => {
    const cases: [unknown, RegExp, string][] = [
      [{}, /name is required/, 'name'],
      [{ name: '' }, /name must NOT have fewer than 1 characters/, 'name'],
      [
        { name: 'A', plan: { ft_photo_collection: 'yes' } },
        /plan.ft_photo_collection must be boolean/,
        'plan.ft_photo_collection',
      ],
      [{ name: 'A', plan: { ft_teleport: true } }, /plan.ft_teleport is not an allowed field/, 'plan.ft_teleport'],
      [
        { name: 'A', subscription_status: 'free' },
        /subscription_status must be equal to one of/,
        'subscription_status',
      ],
      [{ name: 'A', owner: 'me' }, /owner is not an allowed field/, 'owner'],
    ];
    for (const [body, message, field] of cases)
      expectError(await t.dispatch('POST', '/v1/dispatch/organisations', body), 400, message, field);
    const orgId = await makeOrganisation(t);
    expectError(await t.dispatch('PATCH', `/v1/dispatch/organisations/${orgId}`, {}), 400, /fewer than 1 properties/);
    expectError(
      await t.dispatch('PATCH', '/v1/dispatch/organisations/999999', { name: 'X' }),
      404,
      /organisation/,
      'id',
    );
  });
});

describe('drivers', () => {
  it('creates a driver who can sign in, lists without password hashes, and refuses a taken email with 409', async () => {
    const orgId = await makeOrganisation(t);
    const res = await t.dispatch<Driver>('POST', '/v1/dispatch/drivers', {
      email: 'New.Driver@Example.test',
      password: 'long-enough',
      first_name: 'Nieuwe',
      last_name: 'Chauffeur',
      organisation_id: orgId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'new.driver@example.test', organisation_id: orgId, phone: null });
    await signIn(t, 'new.driver@example.test', 'long-enough');

    const again = await t.dispatch('POST', '/v1/dispatch/drivers', {
      email: 'NEW.driver@EXAMPLE.test',
      password: 'long-enough',
      first_name: 'A',
      last_name: 'B',
      organisation_id: orgId,
    });
    expectError(again, 409, /already exists/, 'email');

    await makeDriver(t);
    const list = await t.dispatch<Driver[]>('GET', `/v1/dispatch/drivers?organisation_id=${orgId}`);
    expect(list.body).toEqual([res.body]);
    const all = await t.dispatch<Driver[]>('GET', '/v1/dispatch/drivers');
    expect(all.body.length).toBeGreaterThan(1);
    expect(JSON.stringify(all.body)).not.toMatch(/password|argon/);
  });

  it('refuses bad bodies naming the field, and an unknown organisation with 404', async () => {
    const orgId = await makeOrganisation(t);
    const good = {
      email: 'a@example.test',
      password: 'long-enough',
      first_name: 'A',
      last_name: 'B',
      organisation_id: orgId,
    };
    const cases: [unknown, RegExp, string][] = [
      [{ ...good, email: 'not-an-email' }, /email must match format "email"/, 'email'],
      [{ ...good, password: 'short' }, /password must NOT have fewer than 8 characters/, 'password'],
      [{ ...good, organisation_id: '1' }, /organisation_id must be integer/, 'organisation_id'],
      [{ ...good, last_name: undefined }, /last_name is required/, 'last_name'],
    ];
    for (const [body, message, field] of cases)
      expectError(await t.dispatch('POST', '/v1/dispatch/drivers', body), 400, message, field);
    expectError(
      await t.dispatch('POST', '/v1/dispatch/drivers', { ...good, organisation_id: 999_999 }),
      404,
      /organisation/,
      'organisation_id',
    );
    expectError(await t.dispatch('GET', '/v1/dispatch/drivers?organisation_id=abc'), 400, /organisation_id/);
  });
});

describe('creating and reading routes', () => {
  it('creates a route with its project, stops and settings, lists it, and reads it back as stored', async () => {
    const driver = await makeDriver(t);
    const route = await dispatchRoute(t, driver, {
      vehicle_profile: 'bicycle',
      publication_settings: { fulfill_stops_in_any_order: true },
    });
    expect(route).toMatchObject({
      projectName: 'Dispatch test',
      date: '2030-03-04',
      status: 'optimized',
      vehicle_profile: 'bicycle',
      driver: { id: driver.driverId },
      end_location_defined: true,
      publication_settings: { project_date: '2030-03-04', fulfill_stops_in_any_order: true, photo_collection: true },
    });
    expect(route.stops.map((s) => s.type)).toEqual(['start', 'delivery', 'delivery', 'delivery', 'end']);
    expect(route.distances.legs).toHaveLength(4);

    const second = await dispatchRoute(t, driver, {
      project_name: undefined,
      date: undefined,
      project_id: route.project_id,
    });
    expect(second).toMatchObject({ project_id: route.project_id, index: 2 });

    const list = await t.dispatch<DispatchRouteSummary[]>(
      'GET',
      `/v1/dispatch/routes?date=2030-03-04&organisation_id=${driver.organisationId}`,
    );
    expect(list.body.map((r) => [r.id, r.stop_count, r.organisation_id])).toEqual([
      [route.id, 3, driver.organisationId],
      [second.id, 3, driver.organisationId],
    ]);
    const otherDay = await t.dispatch<DispatchRouteSummary[]>('GET', '/v1/dispatch/routes?date=2030-03-05');
    expect(otherDay.body).toEqual([]);

    const detail = await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${route.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: route.id,
      organisation_id: driver.organisationId,
      completions: [],
      links: [],
    });
    expect(detail.body.stops).toEqual(route.stops);
  });

  it('reads back completions with their proof, locations and events', async () => {
    const driver = await makeDriver(t);
    const route = await dispatchRoute(t, driver);
    const stop = route.stops[1]!;
    const db = t.server.ctx.db;
    const body = { status: 'finished', signature: 8, signature_name: 'J. Jansen', images: [6, 7] };
    await db
      .insertInto('completions')
      .values({
        stop_id: stop.id,
        route_id: route.id,
        principal: `driver:${driver.driverId}`,
        idempotency_key: 'key-1',
        request_hash: 'h',
        status: 'finished',
        body: JSON.stringify(body),
        finish_time: 36_000,
        completed_at: '2030-03-04T10:00:00.000Z',
        received_at: '2030-03-04T10:05:00.000Z',
        result: '{}',
        route_updated_at: '2030-03-04T10:05:00.000Z',
      })
      .execute();
    await db
      .insertInto('locations')
      .values({
        route_id: route.id,
        principal: 'driver:1',
        lat: 52,
        lng: 5,
        error: null,
        source: 'http',
        recorded_at: 'a',
      })
      .execute();
    await db
      .insertInto('route_events')
      .values({
        route_id: route.id,
        principal: 'driver:1',
        type: 'service_change',
        body: '{"status":"finished"}',
        source: 'socket',
        received_at: 'b',
      })
      .execute();
    const detail = (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${route.id}`)).body;
    expect(detail.completions).toEqual([
      expect.objectContaining({
        stop_id: stop.id,
        principal: `driver:${driver.driverId}`,
        idempotency_key: 'key-1',
        body,
        image_urls: ['/v1/images/6', '/v1/images/7'],
        signature_url: '/v1/images/8',
        finish_time: 36_000,
        completed_at: '2030-03-04T10:00:00.000Z',
        received_at: '2030-03-04T10:05:00.000Z',
      }),
    ]);
    expect(detail.completions[0]).not.toHaveProperty('result');
    expect(detail.locations).toEqual([expect.objectContaining({ lat: 52, lng: 5, source: 'http' })]);
    expect(detail.events).toEqual([expect.objectContaining({ type: 'service_change', body: { status: 'finished' } })]);
  });

  it('refuses bad route bodies naming the field', async () => {
    const driver = await makeDriver(t);
    const otherOrgDriver = await makeDriver(t);
    const base = { organisation_id: driver.organisationId, driver_id: driver.driverId, stops: stopsAroundUtrecht(1) };
    const tooMany = Array.from({ length: 1001 }, () => ({ lat: 52, lng: 5 }));
    const cases: [unknown, number, RegExp, string?][] = [
      [{ ...base, stops: [] }, 400, /stops must NOT have fewer than 1 items/, 'stops'],
      [{ ...base, stops: tooMany }, 400, /stops must NOT have more than 1000 items/, 'stops'],
      [{ ...base, stops: [{ lat: 95, lng: 5 }] }, 400, /stops.0.lat must be <= 90/, 'stops.0.lat'],
      [{ ...base, stops: [{ lat: 52 }] }, 400, /stops.0.lng is required/, 'lng'],
      [{ ...base, stops: [{ lat: 52, lng: 5, type: 'teleport' }] }, 400, /stops.0.type must be equal to one of/],
      [
        { ...base, stops: [{ lat: 52, lng: 5, units: [{ name: 'Box' }] }] },
        400,
        /stops.0.units.0.quantity is required/,
      ],
      [{ ...base, date: '04-03-2030' }, 400, /date must be a real date written YYYY-MM-DD/, 'date'],
      [{ ...base, vehicle_profile: 'truck' }, 400, /vehicle_profile must be equal to one of/],
      [{ ...base, organisation_id: undefined }, 400, /organisation_id is required/, 'organisation_id'],
      [{ ...base, project_id: 1, project_name: 'X' }, 400, /either project_id or a new project/, 'project_id'],
      [{ ...base, organisation_id: 999_999 }, 404, /organisation/, 'organisation_id'],
      [{ ...base, driver_id: 999_999 }, 404, /driver/, 'driver_id'],
      [{ ...base, driver_id: otherOrgDriver.driverId }, 400, /driver of organisation_id/, 'driver_id'],
      [{ ...base, project_id: 999_999 }, 404, /project/, 'project_id'],
    ];
    for (const [body, status, message, field] of cases)
      expectError(await t.dispatch('POST', '/v1/dispatch/routes', body), status, message, field);
    expectError(await t.dispatch('GET', '/v1/dispatch/routes/999999'), 404, /No route found/, 'id');
    expectError(await t.dispatch('GET', '/v1/dispatch/routes?date=tomorrow'), 400, /date/);
  });
});
