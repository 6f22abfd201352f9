/**
 * Issue 30: a completion's device times (completed_at, captured_at, scanned_at) are taken only within the route's
 * time, from the start of the day before the route's date (on the organisation's calendar) to the time received plus
 * ten minutes; outside it a 400 names the time and nothing is written. They were only checked to lie in 2000-2099.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/domain/dates.ts';
import { dateInZone, instantInZone } from '../../src-shared/domain/time-zone.ts';
import type { ApiError } from '../../src-shared/protocol/http.ts';
import { makeDriver, makeOrganisation, signIn, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, startedSession, updateStop, writtenRows } from '../helpers/sessions.ts';

const ZONE = 'Europe/Amsterdam';
const MINUTE = 60_000;
let t: TestServer;
let clock = Date.now();
let s: RouteSession;
const today = dateInZone(clock, ZONE);
/** The window's first instant: midnight in Amsterdam at the start of the day before the route's date. */
const from = instantInZone(addDays(today, -1), 0, ZONE).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
  const driver = await makeDriver(t, await makeOrganisation(t, { time_zone: ZONE }));
  const stops = stopsAroundUtrecht(3).map((stop, i) =>
    i === 1 ? { ...stop, units: [{ id: 'p1', name: 'Parcel', quantity: 1, barcode: '4006381333931' }] } : stop,
  );
  s = await startedSession(t, { date: today, stops }, driver);
});
afterAll(() => t.close());

describe('a device time outside the route’s time', () => {
  it.each<[string, object, string]>([
    ['a phone reset to 2001', { completed_at: '2001-01-01T00:00:00Z' }, 'completed_at'],
    ['a second before the day before the route', { completed_at: iso(from - 1_000) }, 'completed_at'],
    ['eleven minutes ahead of the server', { completed_at: iso(clock + 11 * MINUTE) }, 'completed_at'],
    [
      'a photo captured tomorrow',
      { images: { 0: jpegUrl() }, captured_at: { images: { 0: iso(clock + 86_400_000) } } },
      'captured_at.images.0',
    ],
    [
      'a signature signed last week',
      { signature: pngUrl(), captured_at: { signature: iso(clock - 7 * 86_400_000) } },
      'captured_at.signature',
    ],
    [
      'a parcel scanned last year',
      { units: [{ id: 'p1', barcode_scanned: true, scanned_at: iso(clock - 365 * 86_400_000) }] },
      'units.0.scanned_at',
    ],
  ])('is refused: %s', async (_name, fields, field) => {
    const before = await writtenRows(t);
    const res = await updateStop(t, s, 1, { status: 'finished', ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const body = res.body as unknown as ApiError;
    expect(body.field).toBe(field);
    expect(body.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')} must lie in the route's time, from `));
    expect(await writtenRows(t)).toEqual(before);
  });
});

describe('device times within it', () => {
  it('are taken: the window’s first instant, ten minutes ahead, and every proof’s time', async () => {
    const first = await updateStop(t, s, 2, { status: 'finished', completed_at: iso(from) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const res = await updateStop(t, s, 1, {
      status: 'finished',
      completed_at: iso(clock + 10 * MINUTE),
      images: { 0: jpegUrl() },
      signature: pngUrl(),
      captured_at: { images: { 0: iso(clock - 5 * MINUTE) }, signature: iso(clock - 4 * MINUTE) },
      units: [{ id: 'p1', barcode_scanned: true, scanned_at: iso(clock - 6 * MINUTE) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a replay of a stored completion keeps its answer after the window has moved on', async () => {
    const key = { 'idempotency-key': 'device-times-replay' };
    const body = { status: 'skipped', completed_at: iso(clock - MINUTE) };
    const path = `${s.path}/services/${s.stopIds[3]}`;
    expect((await t.request('POST', path, { token: s.token, body, headers: key })).status).toBe(200);
    clock += 5 * 86_400_000;
    try {
      // The same driver, signed in again (the first token has expired meanwhile).
      const { accessToken } = await signIn(t, s.driver.email);
      const replay = await t.request('POST', path, { token: accessToken, body, headers: key });
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      clock -= 5 * 86_400_000;
    }
  });
});
