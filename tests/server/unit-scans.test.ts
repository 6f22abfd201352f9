/**
 * Scanning a stop's units (issue 19) on the server: the stop update carries each unit's scan state, the server checks
 * that every unit named is the stop's own, applies the barcode requirement under the plan flag and the route's
 * publication setting, stores the states, and the dispatcher API shows them with the captured and received times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail, StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { Plan } from '../../src-shared/protocol/entities.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, pngUrl } from '../helpers/images.ts';
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
let clock = today.getTime();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

/** Stop 1 has two parcels with barcodes and one without; stop 2 has one parcel. */
const parcels = (index: number): StopInput['units'] => [
  { id: `s${index}-a`, name: 'Parcel', quantity: 1, note: null, barcode: `400638133393${index}` },
  { id: `s${index}-b`, name: 'Box+Cooled', quantity: 2, note: null, barcode: `3SDRL000000000${index}` },
  { id: `s${index}-c`, name: 'Envelope', quantity: 1, note: null, barcode: null },
];

async function started(
  options: { barcode?: boolean; plan?: Partial<Plan>; barcodeScanning?: boolean } = {},
): Promise<RouteSession> {
  const org = await makeOrganisation(t, { plan: options.plan ?? {} });
  const driver = await makeDriver(t, org);
  const stops = stopsAroundUtrecht(2).map((stop, i) =>
    stop.type === 'delivery'
      ? { ...stop, units: parcels(i), requirements: { barcode: options.barcode ?? true } }
      : stop,
  );
  const s = await routeSession(
    t,
    {
      date: localDate(today),
      stops,
      publication_settings: { barcode_scanning: options.barcodeScanning ?? true },
    },
    driver,
  );
  await startRoute(t, s);
  return s;
}

const capturedAt = () => new Date(clock - 35 * 60_000).toISOString();
const scanned = (id: string, method: 'camera' | 'manual' = 'camera') => ({
  id,
  barcode_scanned: true,
  scan_method: method,
  scanned_at: capturedAt(),
});
const detail = async (s: RouteSession) =>
  (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`)).body;

describe('a stop whose requirements include barcode', () => {
  it('is refused until every unit with a barcode is scanned or marked, and nothing is written', async () => {
    const s = await started();
    const before = await writtenRows(t);
    const none = await updateStop(t, s, 1, { status: 'finished' });
    expectError(none, 400, /Every unit with a barcode must be scanned or marked/, 'units');
    const half = await updateStop(t, s, 1, { status: 'finished', units: [scanned('s1-a')] });
    expectError(half, 400, /Every unit with a barcode/, 'units');
    expect(await writtenRows(t)).toEqual(before);
  });

  it('stores scans and reasons, and the driver API and the dispatcher API show them with both times', async () => {
    const s = await started();
    const completedAt = capturedAt();
    const res = await updateStop(t, s, 1, {
      status: 'finished',
      completed_at: completedAt,
      units: [
        scanned('s1-a', 'manual'),
        { id: 's1-b', barcode_scanned: false, scan_reason: 'damaged', scanned_at: completedAt },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stop = stopInAnswer(res, s, 1);
    expect(stop.units).toEqual([
      expect.objectContaining({ id: 's1-a', barcode_scanned: true, scan_method: 'manual', scan_reason: null }),
      expect.objectContaining({ id: 's1-b', barcode_scanned: false, scan_reason: 'damaged', scan_method: null }),
      expect.objectContaining({ id: 's1-c', barcode_scanned: false, scan_reason: null, scanned_at: null }),
    ]);
    expect(stop.units[0]!.scanned_at).toBe(completedAt);
    // Captured on the phone 35 minutes before the server received it: both instants are kept.
    expect(stop.completed_at).toBe(completedAt);
    expect(stop.received_at).toBe(new Date(clock).toISOString());

    const route = await detail(s);
    const stored = route.stops.find((x) => x.id === s.stopIds[1])!;
    expect(stored.units.map((u) => [u.id, u.barcode_scanned, u.scan_reason])).toEqual([
      ['s1-a', true, null],
      ['s1-b', false, 'damaged'],
      ['s1-c', false, null],
    ]);
    const completion = route.completions.find((c) => c.stop_id === s.stopIds[1])!;
    expect(completion.completed_at).toBe(completedAt);
    expect(completion.received_at).toBe(new Date(clock).toISOString());
    expect((completion.body as { units: unknown[] }).units).toHaveLength(2);
  });

  it('refuses a unit of another stop, an unknown unit, a unit listed twice and a scan of a unit with no barcode', async () => {
    const s = await started({ barcode: false });
    const cases: [unknown[], RegExp, string][] = [
      [[scanned('s2-a')], /units\.0\.id is not a unit of this stop/, 'units.0.id'],
      [[scanned('s1-a'), scanned('nope')], /units\.1\.id is not a unit of this stop/, 'units.1.id'],
      [[scanned('s1-a'), scanned('s1-a')], /already listed/, 'units.1.id'],
      [[scanned('s1-c')], /has no barcode to scan/, 'units.0.barcode_scanned'],
      [
        [{ id: 's1-a', barcode_scanned: true, scan_reason: 'missing' }],
        /A scanned unit has no scan_reason/,
        'units.0.scan_reason',
      ],
      [[{ id: 's1-a', barcode_scanned: false, scan_reason: 'lost' }], /.+/, 'units/0/scan_reason'],
    ];
    for (const [units, message, field] of cases) {
      const res = await updateStop(t, s, 1, { status: 'finished', units });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as unknown as { message: string }).message).toMatch(message);
      if (!field.includes('/')) expect((res.body as unknown as { field: string }).field).toBe(field);
    }
  });

  it('a skipped stop carries no scans and needs none', async () => {
    const s = await started();
    const withScans = await updateStop(t, s, 1, { status: 'skipped', units: [scanned('s1-a')] });
    expectError(withScans, 400, /A skipped stop carries no proof/, 'units');
    const skipped = await updateStop(t, s, 1, { status: 'skipped' });
    expect(skipped.status).toBe(200);
  });

  it('an edit keeps the stored scans when it sends none', async () => {
    const s = await started();
    const first = await updateStop(t, s, 1, {
      status: 'finished',
      units: [scanned('s1-a'), scanned('s1-b')],
    });
    expect(first.status).toBe(200);
    clock += 60_000;
    const edit = await updateStop(t, s, 1, { status: 'finished', completion_note: 'Edited' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(stopInAnswer(edit, s, 1).units.filter((u) => u.barcode_scanned)).toHaveLength(2);
  });
});

describe('capture times of photos and the signature', () => {
  it('are kept in the completion beside the time it was received, in the order of the stored images', async () => {
    const s = await started({ barcode: false });
    const photoAt = new Date(clock - 40 * 60_000).toISOString();
    const signedAt = new Date(clock - 38 * 60_000).toISOString();
    const first = await updateStop(t, s, 1, {
      status: 'finished',
      images: { '0': jpegUrl(), '2': jpegUrl() },
      signature: pngUrl(),
      completed_at: capturedAt(),
      captured_at: { images: { '2': photoAt }, signature: signedAt },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stored = stopInAnswer(first, s, 1);
    const route = await detail(s);
    const completion = route.completions.find((c) => c.stop_id === s.stopIds[1])!;
    const body = completion.body as { images: number[]; captured_at: unknown };
    expect(body.images).toHaveLength(2);
    expect(body.captured_at).toEqual({ images: [null, photoAt], signature: signedAt });
    expect(completion.received_at).toBe(new Date(clock).toISOString());

    // An edit keeping the stored images carries no new capture time, and a time for a kept one is refused.
    clock += 60_000;
    const kept = { '0': stored.images![0]!, '1': stored.images![1]! };
    const refused = await updateStop(t, s, 1, {
      status: 'finished',
      images: kept,
      captured_at: { images: { '1': photoAt } },
    });
    expectError(refused, 400, /captured_at\.images\.1 has no new image/, 'captured_at.images.1');
    const noSignature = await updateStop(t, s, 1, {
      status: 'finished',
      images: kept,
      signature: stored.signature!,
      captured_at: { signature: signedAt },
    });
    expectError(noSignature, 400, /captured_at\.signature needs a new signature/, 'captured_at.signature');
    const skipped = await updateStop(t, s, 2, { status: 'skipped', captured_at: { signature: signedAt } });
    expectError(skipped, 400, /A skipped stop carries no proof/, 'captured_at');
  });
});

describe("a dispatcher's change to a stop's units", () => {
  const unitsOf = async (s: RouteSession) => (await detail(s)).stops.find((x) => x.id === s.stopIds[1])!.units;
  const change = (s: RouteSession, units: StopInput['units']) =>
    t.dispatch('PATCH', `/v1/dispatch/routes/${s.routeId}/stops/${s.stopIds[1]}`, { units });

  it('keeps what the driver did with a unit given again with its id and barcode; a new or rebarcoded unit starts unscanned', async () => {
    const s = await started();
    const done = await updateStop(t, s, 1, {
      status: 'finished',
      units: [
        scanned('s1-a'),
        { id: 's1-b', barcode_scanned: false, scan_reason: 'damaged', scanned_at: capturedAt() },
      ],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [a, b] = parcels(1)!;
    const res = await change(s, [
      { ...a!, name: 'Parcel (heavy)' },
      { ...b!, barcode: '3SDRL0000000099' },
      { name: 'Extra box', quantity: 1, note: null, barcode: '4006381333999' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const units = await unitsOf(s);
    expect(units.map((u) => [u.id, u.name, u.barcode_scanned, u.scan_method, u.scan_reason])).toEqual([
      ['s1-a', 'Parcel (heavy)', true, 'camera', null],
      ['s1-b', 'Box+Cooled', false, null, null],
      [expect.stringMatching(/^u[\w-]{8}$/), 'Extra box', false, null, null],
    ]);
    expect(units[0]!.scanned_at).toBe(capturedAt());
  });
});

describe('gating (plan flag ft_barcode_scanning, publication setting barcode_scanning)', () => {
  it.each([
    ['the plan lacks scanning', { plan: { ft_barcode_scanning: false } }],
    ["the route's settings turn scanning off", { barcodeScanning: false }],
  ])('%s: the requirement does not apply, and new scans are refused with 403', async (_name, options) => {
    const s = await started(options);
    const scans = await updateStop(t, s, 1, { status: 'finished', units: [scanned('s1-a')] });
    expectError(scans, 403, /Barcode scanning is not part of/, 'units');
    const plain = await updateStop(t, s, 1, { status: 'finished' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
  });

  it('the publication setting is on by default, shown and replaced through the dispatcher API', async () => {
    const s = await started();
    expect((await detail(s)).publication_settings.barcode_scanning).toBe(true);
    const { publication_settings: ps } = await detail(s);
    const { id: _, ...rest } = ps;
    const put = await t.dispatch('PUT', `/v1/dispatch/routes/${s.routeId}/publication-settings`, {
      ...rest,
      barcode_scanning: false,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await detail(s)).publication_settings.barcode_scanning).toBe(false);
    // A replacement from a client that predates the setting changes the others and leaves it as it was.
    const { barcode_scanning: __, ...older } = rest;
    const olderPut = await t.dispatch('PUT', `/v1/dispatch/routes/${s.routeId}/publication-settings`, {
      ...older,
      completion_notes: !older.completion_notes,
    });
    expect(olderPut.status, JSON.stringify(olderPut.body)).toBe(200);
    const after = (await detail(s)).publication_settings;
    expect(after.barcode_scanning).toBe(false);
    expect(after.completion_notes).toBe(!older.completion_notes);
    await t.dispatch('PUT', `/v1/dispatch/routes/${s.routeId}/publication-settings`, {
      ...rest,
      barcode_scanning: true,
    });
    expect((await detail(s)).publication_settings.barcode_scanning).toBe(true);
  });
});
