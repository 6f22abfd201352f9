import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, secondsSinceMidnight } from '../../src-shared/domain/geo.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, PHOTO_PNG, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  makeLink,
  type RouteSession,
  routeSession,
  startedSession,
  startRoute,
  stopInAnswer as stopOf,
  updateStop,
  writtenRows,
} from '../helpers/sessions.ts';

let t: TestServer;
const today = new Date();
today.setHours(10, 0, 0, 0);
const clock = today.getTime();
const nowIso = new Date(clock).toISOString();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

/** A started route of `date` (today): a completion's device times must lie from the day before it to now. */
async function started(date = localDate(today)): Promise<RouteSession> {
  return startedSession(t, { date });
}

const update = (s: RouteSession, stop: number, body: unknown, token?: string) => updateStop(t, s, stop, body, token);

const imageId = (url: string) => Number(url.split('/').at(-1));

describe('a delivered stop', () => {
  it('stores every field and the route shows them', async () => {
    const s = await started();
    const completedAt = new Date(clock - 300_000).toISOString();
    const res = await update(s, 1, {
      status: 'finished',
      lat: '52.0800001',
      lng: '5.1000002',
      completion_note: 'Left at the back door',
      recipient_note: 'Thank you!',
      signature: pngUrl(),
      signature_name: 'A. de Vries',
      recipient_date_of_birth: '1990-05-17',
      images: { '0': jpegUrl(), '1': pngUrl(PHOTO_PNG) },
      finish_time: '35700',
      completed_at: completedAt,
      cleaning_status: 'washed',
      cleaning_definition: null,
      sticker: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const stop = stopOf(res, s, 1);
    expect(stop).toMatchObject({
      status: 'finished',
      finish_time: 35_700,
      completed_at: completedAt,
      received_at: nowIso,
      updated_at: nowIso,
      completion_note: 'Left at the back door',
      recipient_note: 'Thank you!',
      signature_name: 'A. de Vries',
      recipient_date_of_birth: '1990-05-17',
      age_verified: true,
      cleaning_status: 'washed',
      cleaning_definition: null,
      sticker: true,
    });
    expect(stop.images).toEqual([
      expect.stringMatching(/^\/v1\/images\/\d+$/),
      expect.stringMatching(/^\/v1\/images\/\d+$/),
    ]);
    expect(stop.signature).toMatch(/^\/v1\/images\/\d+$/);
    expect(res.body[0]!.updated_at).toBe(nowIso);

    const route = await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token });
    expect(route.body.stops[1]).toEqual(stop);

    const completion = await t.server.ctx.db
      .selectFrom('completions')
      .selectAll()
      .where('stop_id', '=', s.stopIds[1]!)
      .executeTakeFirstOrThrow();
    expect(completion).toMatchObject({
      route_id: s.routeId,
      principal: `driver:${s.driver.driverId}`,
      idempotency_key: null,
      status: 'finished',
      finish_time: 35_700,
      completed_at: completedAt,
      received_at: nowIso,
    });
    expect(completion.body).not.toContain('base64');
    expect(JSON.parse(completion.body)).toMatchObject({
      lat: 52.0800001,
      lng: 5.1000002,
      images: stop.images.map(imageId),
      signature: imageId(stop.signature!),
      age_verified: true,
    });
    // What a replay needs: the stop as answered and the route's version, not the whole route.
    expect(JSON.parse(completion.result)).toEqual(stop);
    expect(completion.route_updated_at).toBe(nowIso);
  });

  it('defaults completed_at and finish_time to the server’s now, or finish_time to completed_at', async () => {
    const s = await started();
    const plain = stopOf(await update(s, 1, { status: 'finished' }), s, 1);
    expect(plain).toMatchObject({ completed_at: nowIso, finish_time: secondsSinceMidnight(today) });
    // Done two hours before it was received (a phone that was offline).
    const completedAt = new Date(clock - 2 * 3_600_000 + 9_000).toISOString();
    const late = stopOf(await update(s, 2, { status: 'finished', completed_at: completedAt }), s, 2);
    expect(late).toMatchObject({ completed_at: completedAt, finish_time: secondsSinceMidnight(new Date(completedAt)) });
  });

  it('verifies age 18 on the day of completion, 29 February birthdays coming of age on 1 March', async () => {
    // A route of 27 February 2026, worked until June: its device times lie from 26 February to now.
    const s = await started('2026-02-27');
    // Noon in the server's time zone, so the day of completion is the same wherever the tests run.
    const noon = (month: number, day: number) => new Date(2026, month - 1, day, 12).toISOString();
    const cases: [string, string, boolean][] = [
      ['2008-06-15', noon(6, 15), true],
      ['2008-06-16', noon(6, 15), false],
      ['2008-02-29', noon(2, 28), false],
      ['2008-02-29', noon(3, 1), true],
    ];
    for (const [birth, completedAt, adult] of cases) {
      const res = await update(s, 1, { status: 'finished', recipient_date_of_birth: birth, completed_at: completedAt });
      // The app refuses an under-age recipient (Receiver is underage!), and so does the server (completion-rules).
      if (!adult) {
        expect(res.status, `${birth} on ${completedAt}`).toBe(400);
        expect(res.body).toMatchObject({
          field: 'recipient_date_of_birth',
          message: 'The recipient must be 18 or older',
        });
        continue;
      }
      expect(res.status).toBe(200);
      expect(stopOf(res, s, 1).age_verified, `${birth} on ${completedAt}`).toBe(true);
    }
  });

  it('finishes a break (Resume work)', async () => {
    const s = await routeSession(t, {
      date: localDate(today),
      stops: [
        { type: 'start', lat: 52.09, lng: 5.12 },
        { type: 'break', lat: 52.09, lng: 5.12, service_time: 1800 },
        { type: 'end', lat: 52.09, lng: 5.12 },
      ],
    });
    await startRoute(t, s);
    expect(stopOf(await update(s, 1, { status: 'finished' }), s, 1).status).toBe('finished');
  });
});

describe('skips and edits', () => {
  it('refuses a skipped update that carries proof, and a skip keeps only the notes', async () => {
    const s = await started();
    for (const [field, value] of [
      ['signature', pngUrl()],
      ['signature_name', 'Anna'],
      ['recipient_date_of_birth', '1990-01-01'],
      ['images', { '0': jpegUrl() }],
    ] as const) {
      const res = await update(s, 1, { status: 'skipped', [field]: value });
      expect(res, field).toMatchObject({ status: 400, body: { field } });
      expect((res.body as unknown as { message: string }).message).toMatch(/skipped stop carries no proof of delivery/);
    }
    const res = await update(s, 1, {
      status: 'skipped',
      completion_note: 'Nobody home',
      recipient_note: 'We will come back',
      signature: null,
      images: {},
    });
    expect(stopOf(res, s, 1)).toMatchObject({
      status: 'skipped',
      completion_note: 'Nobody home',
      recipient_note: 'We will come back',
      images: [],
      signature: null,
    });
  });
});

describe('the cleaning variant', () => {
  it('stores status, definition and sticker; other needs a definition', async () => {
    const s = await started();
    const missing = await update(s, 1, { status: 'finished', cleaning_status: 'other', cleaning_definition: ' ' });
    expect(missing).toMatchObject({ status: 400, body: { field: 'cleaning_definition' } });
    const res = await update(s, 1, {
      status: 'finished',
      cleaning_status: 'other',
      cleaning_definition: 'Bin was blue',
      sticker: false,
    });
    expect(stopOf(res, s, 1)).toMatchObject({
      cleaning_status: 'other',
      cleaning_definition: 'Bin was blue',
      sticker: false,
    });
  });
});

describe('the cleaning variant (issue 31)', () => {
  it('holds the stop’s required photo: a status alone is refused, with the photo it is stored', async () => {
    const organisation = await makeOrganisation(t, { customer_id: t.config.cleaningCustomerId });
    const stops = stopsAroundUtrecht(2, { requirements: { picture: true } });
    const s = await startedSession(t, { date: localDate(today), stops }, await makeDriver(t, organisation));
    const washed = { status: 'finished', cleaning_status: 'washed', sticker: true };
    const before = await writtenRows(t);
    const bare = await update(s, 1, washed);
    expect(bare).toMatchObject({
      status: 400,
      body: { field: 'images', message: 'A photo is required to complete this stop' },
    });
    expect(await writtenRows(t)).toEqual(before);
    const res = await update(s, 1, { ...washed, images: { '0': jpegUrl() } });
    expect(res.status).toBe(200);
    expect(stopOf(res, s, 1)).toMatchObject({
      status: 'finished',
      cleaning_status: 'washed',
      images: [expect.any(String)],
    });
  });
});

describe('refusals write nothing', () => {
  it('refuses bad fields with 400 naming the field', async () => {
    const s = await started();
    const before = await writtenRows(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'pending' }, 'status'],
      [{ status: 'finished', colour: 'red' }, 'colour'],
      [{ status: 'finished', completion_note: 'x'.repeat(501) }, 'completion_note'],
      [{ status: 'finished', recipient_note: 'x'.repeat(501) }, 'recipient_note'],
      [{ status: 'finished', signature_name: 'x'.repeat(201) }, 'signature_name'],
      [{ status: 'finished', finish_time: '86400' }, 'finish_time'],
      [{ status: 'finished', finish_time: '-1' }, 'finish_time'],
      [{ status: 'finished', finish_time: 37800 }, 'finish_time'],
      [{ status: 'finished', completed_at: 'yesterday' }, 'completed_at'],
      [{ status: 'finished', cleaning_status: 'shiny' }, 'cleaning_status'],
      [{ status: 'finished', cleaning_definition: 'x'.repeat(501) }, 'cleaning_definition'],
      [{ status: 'finished', sticker: 'yes' }, 'sticker'],
      [{ status: 'finished', images: [jpegUrl()] }, 'images'],
      [{ status: 'finished', images: { '0': 5 } }, 'images.0'],
      [{ status: 'finished', lat: '200', lng: '5' }, 'lat'],
      [{ status: 'finished', lat: 52.1 }, 'lat'],
      [{ status: 'finished', recipient_date_of_birth: '17-05-1990' }, 'recipient_date_of_birth'],
      [{ status: 'finished', recipient_date_of_birth: '1899-12-31' }, 'recipient_date_of_birth'],
      [{ status: 'finished', recipient_date_of_birth: '2001-02-30' }, 'recipient_date_of_birth'],
      [
        { status: 'finished', recipient_date_of_birth: localDate(new Date(clock + 86_400_000)) },
        'recipient_date_of_birth',
      ],
      [{ status: 'finished', images: { '0': jpegUrl(), '1': jpegUrl(), '2': jpegUrl(), '3': jpegUrl() } }, 'images'],
      [{ status: 'finished', images: { '5': jpegUrl() } }, 'images.5'],
    ];
    for (const [body, field] of cases) {
      const res = await update(s, 1, body);
      expect(res, JSON.stringify(body).slice(0, 120)).toMatchObject({ status: 400, body: { field } });
    }
    const four = await update(s, 1, cases.at(-2)![0]);
    expect(four.body).toMatchObject({ message: 'At most 3 images per stop' });
    expect(await writtenRows(t)).toEqual(before);
  });
});

describe('route and stop state', () => {
  it('needs the route started and not finished', async () => {
    const s = await routeSession(t, { date: localDate(today) });
    expect(await update(s, 1, { status: 'finished' })).toMatchObject({
      status: 400,
      body: { message: 'You need to start the route first' },
    });
    await startRoute(t, s);
    for (const i of [1, 2, 3]) expect((await update(s, i, { status: 'finished' })).status).toBe(200);
    await t.request('POST', s.path, { token: s.token, body: { status: 'finished' } });
    expect(await update(s, 1, { status: 'finished' })).toMatchObject({
      status: 400,
      body: { message: "You've already completed the route" },
    });
  });

  it('completes the end stop only when every other stop is done', async () => {
    const s = await started();
    const end = s.stopIds.length - 1;
    expect(await update(s, end, { status: 'finished' })).toMatchObject({
      status: 400,
      body: { message: 'Complete all stops before arriving at your final destination' },
    });
    for (const i of [1, 2, 3]) await update(s, i, { status: 'skipped' });
    const res = await update(s, end, { status: 'finished' });
    expect(res.status).toBe(200);
    expect(stopOf(res, s, end).status).toBe('finished');
  });

  it('answers 404 field service for an unknown stop and for a stop of another route', async () => {
    const s = await started();
    const other = await routeSession(t, { date: localDate(today) }, s.driver);
    for (const stopId of [999_999, other.stopIds[1]!]) {
      const res = await t.request('POST', `${s.path}/services/${stopId}`, {
        token: s.token,
        body: { status: 'finished' },
      });
      expect(res).toMatchObject({ status: 404, body: { message: 'Stop not found', field: 'service' } });
    }
  });

  it('takes updates from the route’s shared link', async () => {
    const s = await started();
    const link = await makeLink(t, s.routeId);
    const res = await update(s, 1, { status: 'finished', images: { '0': jpegUrl() } }, link);
    expect(res.status).toBe(200);
    const stop: Stop = stopOf(res, s, 1);
    expect(stop.images).toHaveLength(1);
    const row = await t.server.ctx.db
      .selectFrom('completions')
      .select('principal')
      .where('stop_id', '=', s.stopIds[1]!)
      .executeTakeFirstOrThrow();
    expect(row.principal).toMatch(/^link:/);
  });
});
