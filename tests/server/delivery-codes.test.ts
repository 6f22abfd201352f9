/**
 * A recipient's delivery code (issue 34) on the server: the dispatcher sets it on a stop, the server keeps a hash
 * and never answers the code, a delivered stop that asks for one is refused without it (except at a place that stands
 * in for it), a wrong one is counted per stop and refused, five lock the stop, and setting the code again unlocks it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { Organisation, Plan, Route } from '../../src-shared/protocol/entities.ts';
import { type DeliveryCodeAnswer, IDEMPOTENCY_HEADER } from '../../src-shared/protocol/http.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  type RouteSession,
  routeSession,
  startRoute,
  stopInAnswer,
  updateStop,
  writtenRows,
} from '../helpers/sessions.ts';

let t: TestServer;
const today = new Date();
today.setHours(10, 0, 0, 0);

beforeAll(async () => {
  t = await startTestServer({ now: () => today.getTime() });
});
afterAll(() => t.close());

const CODE = '4711-ab';
const ON: Partial<Plan> = { ft_delivery_codes: true, ft_delivery_places: true };

/** A started route whose first delivery asks for CODE. */
async function started(options: { plan?: Partial<Plan>; codes?: boolean } = {}): Promise<RouteSession> {
  const org = await makeOrganisation(t, { plan: options.plan ?? ON });
  const stops = stopsAroundUtrecht(2);
  stops[1] = { ...stops[1]!, delivery_code: CODE };
  const settings = { delivery_codes: options.codes ?? true, delivery_places: true };
  const s = await routeSession(
    t,
    { date: localDate(today), stops, publication_settings: settings },
    await makeDriver(t, org),
  );
  await startRoute(t, s);
  return s;
}

const driverRoute = async (s: RouteSession) =>
  (await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;
const tryCode = (s: RouteSession, code: string) =>
  t.request<DeliveryCodeAnswer>('POST', `${s.path}/services/${s.stopIds[1]}/delivery-code`, {
    token: s.token,
    body: { code },
  });
const HANDED = { status: 'finished', delivery_place: { place: 'recipient' } };

describe('a stop with a delivery code', () => {
  it('tells the driver a code is asked for, and never the code or its hash', async () => {
    const s = await started();
    const res = await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token });
    expect(res.body.stops[1]).toMatchObject({ delivery_code_required: true, delivery_code_tries_left: 5 });
    expect(res.body.stops[2]).toMatchObject({ delivery_code_required: false });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/4711|sha256/i);
    const detail = await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`);
    expect(JSON.stringify(detail.body)).not.toMatch(/4711|sha256/i);
  });

  it('refuses a delivered stop without its code, and nothing is written', async () => {
    const s = await started();
    const before = await writtenRows(t);
    expectError(await updateStop(t, s, 1, HANDED), 400, /delivery code is required/, 'delivery_code');
    expect(await writtenRows(t)).toEqual(before);
  });

  it('counts wrong codes per stop, answers the tries left, and locks the stop after five', async () => {
    const s = await started();
    expect((await tryCode(s, '0000')).body).toEqual({ right: false, tries_left: 4 });
    const wrong = await updateStop(t, s, 1, { ...HANDED, delivery_code: '1111' });
    expectError(wrong, 422, /not right: 3 tries left/, 'delivery_code');
    // Tried at once from two phones: each try counts, and the count stops at the limit.
    const tries = await Promise.all([1, 2, 3, 4].map((n) => tryCode(s, `999${n}`)));
    expect(tries.map((r) => r.body.tries_left).sort()).toEqual([0, 0, 1, 2]);
    // Locked: even the right code is refused now, and the stop says so.
    expect((await tryCode(s, CODE)).body).toEqual({ right: false, tries_left: 0 });
    expectError(await updateStop(t, s, 1, { ...HANDED, delivery_code: CODE }), 403, /Too many wrong/, 'delivery_code');
    expect((await driverRoute(s)).stops[1]).toMatchObject({ delivery_code_tries_left: 0, status: 'pending' });
  });

  it('stores the right code as checked, in any case and with dashes, never what was typed', async () => {
    const s = await started();
    expect((await tryCode(s, '4711 AB')).body).toEqual({ right: true, tries_left: 5 });
    const res = await updateStop(t, s, 1, { ...HANDED, delivery_code: '4711ab' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(stopInAnswer(res, s, 1).status).toBe('finished');
    const detail = await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`);
    const record = detail.body.completions.find((c) => c.stop_id === s.stopIds[1])!;
    expect(record.body).toMatchObject({ delivery_code_checked: true });
    expect(JSON.stringify(detail.body)).not.toMatch(/4711/i);
  });

  it('takes a neighbour instead of the code, as the organisation allows by default', async () => {
    const s = await started();
    const neighbour = { place: 'neighbour', neighbour_name: 'J. de Vries', neighbour_house_number: '12' };
    const res = await updateStop(t, s, 1, { status: 'finished', delivery_place: neighbour });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A skip needs no code, and carries none.
    const skip = await updateStop(t, s, 2, { status: 'skipped', delivery_code: CODE });
    expectError(skip, 400, /carries no proof/, 'delivery_code');
  });

  it('refuses a code where the plan or the route lacks codes, and for a stop without one', async () => {
    const noPlan = await started({ plan: { ft_delivery_places: true } });
    expectError(
      await updateStop(t, noPlan, 1, { ...HANDED, delivery_code: CODE }),
      403,
      /Delivery codes are not part/,
      'delivery_code',
    );
    // Off: the stop's code is not asked for, so the spec's flow completes it.
    const off = await started({ codes: false });
    expect((await updateStop(t, off, 1, HANDED)).status).toBe(200);
    const on = await started();
    expectError(await updateStop(t, on, 2, { ...HANDED, delivery_code: CODE }), 400, /has no delivery code/);
  });

  it("tries a completion's code once per request: two at once with one key each count, a replay tries nothing", async () => {
    const s = await started();
    const send = (code: string, key: string) =>
      t.request<Route[]>('POST', `${s.path}/services/${s.stopIds[1]}`, {
        token: s.token,
        headers: { [IDEMPOTENCY_HEADER]: key },
        body: { ...HANDED, delivery_code: code },
      });
    // One wrong completion sent twice at once (a retry racing its first attempt): each request is judged once and
    // counted once, as two tries.
    const wrongKey = randomUUID();
    const both = await Promise.all([send('0001', wrongKey), send('0001', wrongKey)]);
    expect(both.map((r) => r.status)).toEqual([422, 422]);
    expect((await driverRoute(s)).stops[1]).toMatchObject({ delivery_code_tries_left: 3 });
    const key = randomUUID();
    expect((await send(CODE, key)).status).toBe(200);
    for (const code of ['0002', '0003', '0004']) await tryCode(s, code);
    expect((await driverRoute(s)).stops[1]).toMatchObject({ delivery_code_tries_left: 0 });
    // Locked now, the stored completion's replay is still its answer: a replay tries no code.
    const replay = await send(CODE, key);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('tries no code while the code gates are off, so the stop is not locked when the office turns codes on', async () => {
    const wrongCount = async (s: RouteSession) =>
      (
        await t.server.ctx.db
          .selectFrom('stops')
          .select('delivery_code_wrong')
          .where('id', '=', s.stopIds[1]!)
          .executeTakeFirstOrThrow()
      ).delivery_code_wrong;
    const offMessage = /Delivery codes are not part of this organisation's plan or this route's settings/;
    const noPlan = await started({ plan: { ft_delivery_places: true } });
    const off = await started({ codes: false });
    for (const code of ['0001', '0002', '0003', '0004', '0005', '0006']) {
      expectError(await tryCode(noPlan, code), 403, offMessage, 'code');
      expectError(await tryCode(off, code), 403, offMessage, 'code');
      expectError(await updateStop(t, off, 1, { ...HANDED, delivery_code: code }), 403, offMessage, 'delivery_code');
    }
    expect([await wrongCount(noPlan), await wrongCount(off)]).toEqual([0, 0]);
    // The office turns codes on for the route: the stop asks for its code with every try left, and takes it.
    const { id: _, ...settings } = (await driverRoute(off)).publication_settings;
    const put = await t.dispatch('PUT', `/v1/dispatch/routes/${off.routeId}/publication-settings`, {
      ...settings,
      delivery_codes: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await driverRoute(off)).stops[1]).toMatchObject({
      delivery_code_required: true,
      delivery_code_tries_left: 5,
    });
    expect((await tryCode(off, CODE)).body).toEqual({ right: true, tries_left: 5 });
  });

  it('lets the dispatcher set, check the shape of, and reset a code, which unlocks the stop', async () => {
    const s = await started();
    for (const n of [1, 2, 3, 4, 5]) await tryCode(s, `000${n}`);
    expect((await tryCode(s, CODE)).body.tries_left).toBe(0);
    const path = `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[1]}`;
    expectError(
      await t.dispatch('PATCH', path, { delivery_code: '12' }),
      400,
      /4 to 8 letters or digits/,
      'delivery_code',
    );
    expect((await t.dispatch('PATCH', path, { delivery_code: '2468' })).status).toBe(200);
    expect((await driverRoute(s)).stops[1]).toMatchObject({
      delivery_code_required: true,
      delivery_code_tries_left: 5,
    });
    expect((await tryCode(s, CODE)).body).toEqual({ right: false, tries_left: 4 });
    expect((await tryCode(s, '2468')).body.right).toBe(true);
    expect((await t.dispatch('PATCH', path, { delivery_code: null })).status).toBe(200);
    expect((await driverRoute(s)).stops[1]).toMatchObject({ delivery_code_required: false });
    const bad = stopsAroundUtrecht(1);
    bad[1] = { ...bad[1]!, delivery_code: 'no way!' };
    const created = await t.dispatch('POST', '/v1/dispatch/routes', {
      organisation_id: s.driver.organisationId,
      driver_id: s.driver.driverId,
      stops: bad,
    });
    expectError(created, 400, /letters or digits/, 'stops.1.delivery_code');
  });

  it("follows the organisation's code_exempt_places, and checks its arrival config", async () => {
    const s = await started();
    const path = `/v1/dispatch/organisations/${s.driver.organisationId}`;
    const set = await t.dispatch<Organisation>('PATCH', path, {
      config: { code_exempt_places: ['mailbox', 'mailbox'], arrival_radius_m: 80, arrival_auto_record: true },
    });
    expect(set.body.config).toMatchObject({
      code_exempt_places: ['mailbox'],
      arrival_radius_m: 80,
      arrival_auto_record: true,
    });
    const neighbour = { place: 'neighbour', neighbour_name: 'J. de Vries', neighbour_house_number: '12' };
    const refusedNeighbour = await updateStop(t, s, 1, { status: 'finished', delivery_place: neighbour });
    expectError(refusedNeighbour, 400, /delivery code is required/, 'delivery_code');
    expect((await updateStop(t, s, 1, { status: 'finished', delivery_place: { place: 'mailbox' } })).status).toBe(200);
    expectError(await t.dispatch('PATCH', path, { config: { arrival_radius_m: 5 } }), 400, /arrival_radius_m/);
    expectError(await t.dispatch('PATCH', path, { config: { code_exempt_places: ['roof'] } }), 400, /code_exempt/);
  });
});
