/**
 * Delivery outcomes (issue 34) on the server: why a stop failed and where a delivered parcel went. The plan flags and
 * the route's publication settings open them (both off by default); the organisation's list of reasons is set through
 * the dispatcher API; the stop update's reason and place are checked by the shared outcome rules before anything is
 * stored, and each accepted one is on the stop the driver gets and in the dispatcher's route detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { FailureReasonSetting, Organisation, Plan, Route } from '../../src-shared/protocol/entities.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';
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

const ON: Partial<Plan> = { ft_failure_reasons: true, ft_delivery_places: true };

async function started(
  options: { plan?: Partial<Plan>; reasons?: boolean; places?: boolean; list?: FailureReasonSetting[] } = {},
): Promise<RouteSession> {
  const org = await makeOrganisation(t, {
    plan: options.plan ?? ON,
    config: options.list ? { failure_reasons: options.list } : {},
  });
  const s = await routeSession(
    t,
    {
      date: localDate(today),
      stops: stopsAroundUtrecht(3),
      publication_settings: { failure_reasons: options.reasons ?? true, delivery_places: options.places ?? true },
    },
    await makeDriver(t, org),
  );
  await startRoute(t, s);
  return s;
}

const detail = async (s: RouteSession) =>
  (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`)).body;
const driverRoute = async (s: RouteSession) =>
  (await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;

/** Refused with this status, message and field, and nothing written. */
async function refused(s: RouteSession, body: object, status: number, message: RegExp, field: string) {
  const before = await writtenRows(t);
  expectError(await updateStop(t, s, 1, body), status, message, field);
  expect(await writtenRows(t)).toEqual(before);
}

describe('why a stop failed', () => {
  it('refuses a reason whose photo is missing, "other" without a note, an unknown reason and no reason', async () => {
    const s = await started();
    await refused(s, { status: 'skipped', failure_reason: 'not_at_home' }, 400, /photo is required/, 'images');
    await refused(s, { status: 'skipped', failure_reason: 'other' }, 400, /note is required/, 'completion_note');
    await refused(s, { status: 'skipped', failure_reason: 'gone_fishing' }, 400, /not one of/, 'failure_reason');
    await refused(s, { status: 'skipped' }, 400, /reason is required/, 'failure_reason');
    // A photo goes with a skip only where its reason asks for one.
    const photo = { images: { 0: jpegUrl() } };
    await refused(s, { status: 'skipped', failure_reason: 'refused', ...photo }, 400, /only with a failure/, 'images');
    await refused(s, { status: 'finished', failure_reason: 'refused' }, 400, /only with a skipped/, 'failure_reason');
  });

  it("takes a reason's note where the route's completion notes are off, so such a reason can always be given", async () => {
    const org = await makeOrganisation(t, {
      plan: ON,
      config: { failure_reasons: [{ code: 'other', label: null, photo: false, note: true }] },
    });
    const s = await routeSession(
      t,
      {
        date: localDate(today),
        stops: stopsAroundUtrecht(3),
        publication_settings: { failure_reasons: true, completion_notes: false },
      },
      await makeDriver(t, org),
    );
    await startRoute(t, s);
    const skip = { status: 'skipped', failure_reason: 'other', completion_note: 'Gate locked, no answer' };
    const res = await updateStop(t, s, 1, skip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await driverRoute(s)).stops[1]).toMatchObject({ failure_reason: 'other' });
  });

  it('refuses a reason where the plan or the route lacks the feature (403)', async () => {
    for (const off of [{ plan: {} }, { reasons: false }]) {
      const s = await started(off);
      const body = { status: 'skipped', failure_reason: 'refused' };
      await refused(s, body, 403, /Failure reasons are not part/, 'failure_reason');
    }
  });

  it('stores an accepted reason with its photo: on the driver route and in the dispatcher detail', async () => {
    const s = await started();
    const res = await updateStop(t, s, 1, {
      status: 'skipped',
      failure_reason: 'not_at_home',
      images: { 0: jpegUrl() },
      captured_at: { images: { 0: new Date(today.getTime() - 60_000).toISOString() } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(stopInAnswer(res, s, 1)).toMatchObject({ status: 'skipped', failure_reason: 'not_at_home' });
    expect(stopInAnswer(res, s, 1).images).toHaveLength(1);
    const other = await updateStop(t, s, 2, { status: 'skipped', failure_reason: 'other', completion_note: 'Dog' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);

    const route = await driverRoute(s);
    expect(route.stops[1]).toMatchObject({ failure_reason: 'not_at_home', delivery_place: null });
    expect(route.stops[2]).toMatchObject({ failure_reason: 'other', completion_note: 'Dog' });
    expect(route.publication_settings).toMatchObject({ failure_reasons: true, delivery_places: true });
    const stored = await detail(s);
    expect(stored.stops[1]!.failure_reason).toBe('not_at_home');
    const record = stored.completions.find((c) => c.stop_id === s.stopIds[1])!;
    expect(record.body).toMatchObject({ failure_reason: 'not_at_home', delivery_place: null });
    expect(record.image_urls).toHaveLength(1);
  });

  it("takes the organisation's own list, set through the dispatcher API, and checks it", async () => {
    const org = await makeOrganisation(t, { plan: ON });
    const path = `/v1/dispatch/organisations/${org}`;
    const list = [
      { code: 'no_access', label: 'Gate locked', photo: true },
      { code: 'other', note: true },
    ];
    const res = await t.dispatch<Organisation>('PATCH', path, { config: { failure_reasons: list } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.config.failure_reasons).toEqual([
      { code: 'no_access', label: 'Gate locked', photo: true, note: false },
      { code: 'other', label: null, photo: false, note: true },
    ]);
    const patch = (reasons: unknown) => t.dispatch('PATCH', path, { config: { failure_reasons: reasons } });
    expectError(await patch([{ code: 'Not-OK' }]), 400, /lower-case/, 'config.failure_reasons.0.code');
    const a = { code: 'a', label: 'A' };
    expectError(await patch([a, a]), 400, /repeats/, 'config.failure_reasons.1.code');
    expectError(await patch([{ code: 'a', label: 'x'.repeat(101) }]), 400, /100/);
    expectError(await patch([{ code: 'a' }]), 400, /label is required/, 'config.failure_reasons.0.label');
    const many = Array.from({ length: 31 }, (_, i) => ({ code: `r${i}`, label: `R${i}` }));
    expectError(await patch(many), 400, /30/);
    // The refused changes left the list as it was; null gives the default list back.
    const all = (await t.dispatch<Organisation[]>('GET', '/v1/dispatch/organisations')).body;
    expect(all.find((o) => o.id === org)!.config.failure_reasons).toHaveLength(2);
    expect((await patch(null)).body).toMatchObject({ config: { failure_reasons: null } });
  });

  it("refuses a default code the organisation's own list leaves out", async () => {
    const s = await started({ list: [{ code: 'no_access', label: 'Gate locked', photo: false, note: false }] });
    await refused(s, { status: 'skipped', failure_reason: 'refused' }, 400, /not one of/, 'failure_reason');
    const res = await updateStop(t, s, 1, { status: 'skipped', failure_reason: 'no_access' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('where a delivered parcel went', () => {
  it('refuses a neighbour without a name, a safe place without a photo, no place and a place on a skip', async () => {
    const s = await started();
    const neighbour = { place: 'neighbour', neighbour_house_number: '12' };
    const body = (delivery_place: object) => ({ status: 'finished', delivery_place });
    await refused(s, body(neighbour), 400, /neighbour's name/, 'delivery_place.neighbour_name');
    await refused(s, body({ place: 'safe_place', safe_place: 'porch' }), 400, /photo is required/, 'images');
    await refused(s, { status: 'finished' }, 400, /Where the parcel was left/, 'delivery_place');
    const skip = { status: 'skipped', failure_reason: 'refused', delivery_place: { place: 'mailbox' } };
    await refused(s, skip, 400, /only with a delivered/, 'delivery_place');
  });

  it('refuses a place where the plan or the route lacks the feature (403)', async () => {
    for (const off of [{ plan: { ft_failure_reasons: true } }, { places: false }]) {
      const s = await started(off);
      const body = { status: 'finished', delivery_place: { place: 'mailbox' } };
      await refused(s, body, 403, /Delivery places are not part/, 'delivery_place');
    }
  });

  it('stores an accepted place: on the driver route and in the dispatcher detail; an edit replaces it', async () => {
    const s = await started();
    const neighbour = { place: 'neighbour', neighbour_name: ' Jan ', neighbour_house_number: '12a', safe_place: 'x' };
    const res = await updateStop(t, s, 1, { status: 'finished', delivery_place: neighbour });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = { place: 'neighbour', neighbour_name: 'Jan', neighbour_house_number: '12a', safe_place: null };
    expect(stopInAnswer(res, s, 1).delivery_place).toEqual(stored);
    const safe = { place: 'safe_place', safe_place: 'Shed' };
    const res2 = await updateStop(t, s, 2, { status: 'finished', delivery_place: safe, images: { 0: jpegUrl() } });
    expect(res2.status, JSON.stringify(res2.body)).toBe(200);
    expect((await driverRoute(s)).stops[2]!.delivery_place).toMatchObject({ place: 'safe_place', safe_place: 'Shed' });

    // An edit of the done stop: the driver skipped it after all; the first record keeps its place.
    const edit = await updateStop(t, s, 1, { status: 'skipped', failure_reason: 'refused' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(stopInAnswer(edit, s, 1)).toMatchObject({ failure_reason: 'refused', delivery_place: null });
    const route = await detail(s);
    const records = route.completions.filter((c) => c.stop_id === s.stopIds[1]);
    expect(records.map((c) => [c.role, (c.body as { delivery_place: unknown }).delivery_place])).toEqual([
      ['current', null],
      ['superseded', stored],
    ]);
  });
});

describe('the flags off (the default)', () => {
  it('keeps the spec flows: no reason, no place, and a skip still carries no photo', async () => {
    const org = await makeOrganisation(t);
    const s = await routeSession(t, { date: localDate(today), stops: stopsAroundUtrecht(2) }, await makeDriver(t, org));
    await startRoute(t, s);
    // The plan and config as the driver API gives them.
    const organisation = (await t.request<Organisation>('GET', '/v1/organisations', { token: s.token })).body;
    expect(organisation.plan).toMatchObject({ ft_failure_reasons: false, ft_delivery_places: false });
    expect(organisation.config.failure_reasons).toBeNull();
    expect((await driverRoute(s)).publication_settings).toMatchObject({
      failure_reasons: false,
      delivery_places: false,
    });
    const skipped = await updateStop(t, s, 1, { status: 'skipped', completion_note: 'Closed' });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(stopInAnswer(skipped, s, 1)).toMatchObject({ failure_reason: null, delivery_place: null });
    expect((await updateStop(t, s, 2, { status: 'finished' })).status).toBe(200);
    expectError(await updateStop(t, s, 1, { status: 'skipped', images: { 0: jpegUrl() } }), 400, /no proof/, 'images');
  });
});
