/**
 * Issue 30, "Text is text on both databases", and "the note limit counts characters". U+0000 in any text field of any request (driver API, socket messages,
 * dispatcher API) is a 400 naming the field, on SQLite and on PostgreSQL alike, never a 500 (PostgreSQL refuses NUL in
 * text; before the fix it answered 500 where SQLite stored the value). Each field is also sent without the NUL, and
 * taken: what SQLite takes, PostgreSQL takes. A 500-character limit counts characters (code points), as the app's
 * counter does: 500 emoji are taken (they were refused as too long, counted in UTF-16 code units).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { ApiError, TokenPair } from '../../src-shared/protocol/http.ts';
import { makeLink } from '../helpers/dispatch.ts';
import { type DriverFixture, makeDriver, makeOrganisation, PASSWORD, signIn } from '../helpers/fixtures.ts';
import { jpegUrl, pngUrl } from '../helpers/images.ts';
import type { Answer, TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startedSession, startRoute, updateStop } from '../helpers/sessions.ts';
import { openSocket, type TestSocket } from '../helpers/socket.ts';

let t: TestServer;
let s: RouteSession;
let driver: DriverFixture;
let socket: TestSocket;
let unitId: string;
const today = localDate(new Date());

beforeAll(async () => {
  t = await startTestServer();
  s = await routeSession(t, { date: today });
  driver = s.driver;
  const route = await startRoute(t, s);
  unitId = route.stops[1]!.units![0]!.id;
  socket = await openSocket(t, { routeId: s.routeId, projectId: s.projectId, token: s.token });
});
afterAll(async () => {
  await socket.close();
  await t.close();
});

const STORED_IMAGE = /must be the URL of a stored image/;

/** The value with a NUL after its first character: pasted text, or a probe. */
const withNul = (value: string) => `${value.slice(0, 1)}\u0000${value.slice(1)}`;

interface Case {
  field: string;
  /** What the field takes (read once the server has data); the NUL is put into it. */
  clean: string | (() => string);
  /** The refusal's words, when a rule of the field's own refuses the NUL first (an image reference's). */
  words?: RegExp;
  send: (value: string) => Promise<Answer<unknown>>;
}

const stopUpdate = (fields: (value: string) => object) => (value: string) =>
  updateStop(t, s, 1, { status: 'finished', ...fields(value) });
const event = (data: (value: string) => object) => (value: string) =>
  t.request('POST', `${s.path}/events`, {
    token: s.token,
    body: { type: 'service_change', data: { status: 'finished', service_id: s.stopIds[1], ...data(value) } },
  });
const none = (_value: string) => ({});
const createRoute =
  (stop: (value: string) => object, route = none) =>
  (value: string) =>
    t.dispatch('POST', '/v1/dispatch/routes', {
      organisation_id: driver.organisationId,
      driver_id: driver.driverId,
      project_name: 'Text test',
      date: today,
      stops: [
        { type: 'start', lat: 52.09, lng: 5.12 },
        { type: 'delivery', lat: 52.1, lng: 5.13, ...stop(value) },
        { type: 'end', lat: 52.09, lng: 5.12 },
      ],
      ...route(value),
    });
const patchStop = (fields: (value: string) => object) => (value: string) =>
  t.dispatch('PATCH', `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[2]}`, fields(value));
const unit = { name: 'Parcel', quantity: 1 };

const driverCases: Case[] = [
  {
    field: 'email',
    clean: () => driver.email,
    send: (v) => t.request('POST', '/v1/drivers/signin', { body: { email: v } }),
  },
  {
    field: 'password',
    clean: PASSWORD,
    send: (v) => t.request('POST', '/v1/drivers/signin', { body: { email: driver.email, password: v } }),
  },
  {
    field: 'email',
    clean: 'nobody@example.com',
    send: (v) => t.request('GET', `/v1/drivers/password/forgot?email=${encodeURIComponent(v)}`),
  },
  { field: 'completion_note', clean: 'Left at the back door', send: stopUpdate((v) => ({ completion_note: v })) },
  { field: 'recipient_note', clean: 'Thank you', send: stopUpdate((v) => ({ recipient_note: v })) },
  {
    field: 'signature_name',
    clean: 'Bram',
    send: stopUpdate((v) => ({ signature: pngUrl(), signature_name: v })),
  },
  { field: 'signature', clean: pngUrl(), send: stopUpdate((v) => ({ signature: v })) },
  { field: 'images.0', clean: jpegUrl(), send: stopUpdate((v) => ({ images: { 0: v } })) },
  {
    field: 'units.0.id',
    clean: () => unitId,
    send: stopUpdate((v) => ({ units: [{ id: v, barcode_scanned: false }] })),
  },
  {
    field: 'type',
    clean: 'service_change',
    send: (v) =>
      t.request('POST', `${s.path}/events`, {
        token: s.token,
        body: { type: v, data: { status: 'finished', service_id: s.stopIds[1] } },
      }),
  },
  { field: 'data.completion_note', clean: 'At the door', send: event((v) => ({ completion_note: v })) },
  { field: 'data.recipient_note', clean: 'Thanks', send: event((v) => ({ recipient_note: v })) },
  { field: 'data.signature_name', clean: 'Bram', send: event((v) => ({ signature_name: v })) },
  { field: 'data.signature', clean: '/v1/images/1', send: event((v) => ({ signature: v })), words: STORED_IMAGE },
  { field: 'data.images.0', clean: '/v1/images/1', send: event((v) => ({ images: { 0: v } })), words: STORED_IMAGE },
  {
    field: 'coordinates',
    clean: '5.1,52.1;5.2,52.2',
    send: (v) => t.request('POST', '/v1/osrmb', { token: s.token, body: { coordinates: v } }),
  },
];

const dispatchCases: Case[] = [
  { field: 'name', clean: 'Text Co', send: (v) => t.dispatch('POST', '/v1/dispatch/organisations', { name: v }) },
  {
    field: 'customer_id',
    clean: 'cus_text',
    send: (v) => t.dispatch('POST', '/v1/dispatch/organisations', { name: 'Text Co', customer_id: v }),
  },
  {
    field: 'time_zone',
    clean: 'Europe/Amsterdam',
    send: (v) => t.dispatch('PATCH', `/v1/dispatch/organisations/${driver.organisationId}`, { time_zone: v }),
  },
  {
    field: 'plan.name',
    clean: 'Pro',
    send: (v) => t.dispatch('PATCH', `/v1/dispatch/organisations/${driver.organisationId}`, { plan: { name: v } }),
  },
  ...(['first_name', 'last_name', 'phone', 'password'] as const).map(
    (field): Case => ({
      field,
      clean: field === 'password' ? 'a-long-password' : 'Anne',
      send: (v) =>
        t.dispatch('POST', '/v1/dispatch/drivers', {
          email: `text-${field}-${Math.random()}@example.test`,
          password: 'a-long-password',
          first_name: 'Anne',
          last_name: 'de Vries',
          organisation_id: driver.organisationId,
          [field]: v,
        }),
    }),
  ),
  { field: 'project_name', clean: 'Tuesday', send: createRoute(none, (v) => ({ project_name: v })) },
  { field: 'vehicle_name', clean: 'Van 2', send: createRoute(none, (v) => ({ vehicle_name: v })) },
  ...(['street', 'city', 'country', 'recipient_name', 'recipient_phone', 'notes'] as const).flatMap((key): Case[] => [
    { field: `stops.1.${key}`, clean: 'Utrecht', send: createRoute((v) => ({ [key]: v })) },
    { field: key, clean: 'Utrecht', send: patchStop((v) => ({ [key]: v })) },
  ]),
  ...(['id', 'name', 'note', 'barcode'] as const).flatMap((key): Case[] => [
    { field: `stops.1.units.0.${key}`, clean: 'P-1', send: createRoute((v) => ({ units: [{ ...unit, [key]: v }] })) },
    { field: `units.0.${key}`, clean: 'P-1', send: patchStop((v) => ({ units: [{ ...unit, [key]: v }] })) },
  ]),
  { field: 'completion_note', clean: 'Noted', send: patchStop((v) => ({ completion_note: v })) },
  { field: 'recipient_note', clean: 'Noted', send: patchStop((v) => ({ recipient_note: v })) },
];

describe('U+0000 in a text field: a 400 naming it on both databases, and the text without it taken', () => {
  it.each([...driverCases, ...dispatchCases].map((c) => [c.field, c] as const))('%s', async (_field, c) => {
    const clean = typeof c.clean === 'string' ? c.clean : c.clean();
    const refused = await c.send(withNul(clean));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect((refused.body as ApiError).field).toBe(c.field);
    expect((refused.body as ApiError).message).toMatch(c.words ?? /must not contain the character U\+0000/);
    const taken = await c.send(clean);
    expect(taken.status, `${c.field}: ${JSON.stringify(taken.body)}`).toBeLessThan(300);
  });

  it('the refresh token and a link id in a path', async () => {
    const pair: TokenPair = await signIn(t, driver.email);
    const refused = await t.request('POST', '/v1/token/refresh', { body: { token: withNul(pair.refreshToken) } });
    expect([refused.status, (refused.body as ApiError).field]).toEqual([400, 'token']);
    expect((await t.request('POST', '/v1/token/refresh', { body: { token: pair.refreshToken } })).status).toBe(200);

    const { linkId } = await makeLink(t, s.routeId);
    const path = (id: string) => `/v1/dispatch/routes/${s.routeId}/links/${encodeURIComponent(id)}`;
    const bad = await t.dispatch('DELETE', path(withNul(linkId)));
    expect([bad.status, (bad.body as ApiError).field]).toEqual([400, 'linkId']);
    expect((await t.dispatch('DELETE', path(linkId))).status).toBe(200);
  });

  it('socket messages: the refusal names the field, the clean text is stored', async () => {
    const other = await startedSession(t, { date: today }, await makeDriver(t, await makeOrganisation(t)));
    const ws = await openSocket(t, { routeId: other.routeId, projectId: other.projectId, token: other.token });
    try {
      const change = (note: string) => ({
        type: 'service_change',
        data: { status: 'finished', service_id: other.stopIds[1], completion_note: note },
      });
      ws.send(change(withNul('At the door')));
      expect((await ws.next('error')).data.message).toMatch(/data\.completion_note must not contain .*U\+0000/);
      ws.send({ type: 'location', data: { error: withNul('User denied Geolocation') } });
      expect((await ws.next('error')).data.message).toMatch(/data\.error must not contain .*U\+0000/);
      ws.send(change('At the door'));
      ws.send({ type: 'location', data: { error: 'User denied Geolocation' } });
      await ws.flush();
      expect(ws.all('error')).toHaveLength(2);
      const { db } = t.server.ctx;
      const events = await db.selectFrom('route_events').select('body').where('route_id', '=', other.routeId).execute();
      expect(events.map((e) => JSON.parse(e.body).completion_note)).toEqual(['At the door']);
      const errors = await db.selectFrom('locations').select('error').where('route_id', '=', other.routeId).execute();
      expect(errors).toEqual([{ error: 'User denied Geolocation' }]);
    } finally {
      await ws.close();
    }
  });
});

describe('text limits count characters, not UTF-16 code units', () => {
  const EMOJI = '\u{1F4E6}';

  it('takes a 500-emoji note and refuses a 501-emoji one, naming it', async () => {
    const taken = await updateStop(t, s, 2, { status: 'finished', completion_note: EMOJI.repeat(500) });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const stored = await t.server.ctx.db
      .selectFrom('stops')
      .select('completion_note')
      .where('id', '=', s.stopIds[2]!)
      .executeTakeFirstOrThrow();
    expect(stored.completion_note).toBe(EMOJI.repeat(500));
    const refused = await updateStop(t, s, 2, { status: 'finished', recipient_note: EMOJI.repeat(501) });
    expect([refused.status, (refused.body as unknown as ApiError).field]).toEqual([400, 'recipient_note']);
  });

  it('takes a 500-emoji reason for a missing position on the socket', async () => {
    const other = await startedSession(t, { date: today }, await makeDriver(t, await makeOrganisation(t)));
    const ws = await openSocket(t, { routeId: other.routeId, projectId: other.projectId, token: other.token });
    try {
      ws.send({ type: 'location', data: { error: EMOJI.repeat(500) } });
      await ws.flush();
      expect(ws.all('error')).toEqual([]);
    } finally {
      await ws.close();
    }
  });
});
