/**
 * Finished is final (issue 30; issue 12 took late completions first). Once a route is finished a stop update is
 * taken only when it was made while the route was open (from its start to before its finish) and arrives within
 * LATE_COMPLETION_HOURS of the finish; a late one never replaces what a done stop holds but is stored beside it; and
 * a shared link changes nothing on a finished route. The backdated rewrite of a delivered stop, through the driver
 * or a link, is refused and its proof still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { jpegUrl } from '../helpers/images.ts';
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestServer;
const first = new Date();
first.setHours(10, 0, 0, 0);
/** The server's clock: each test moves it on (never back), so every token stays valid for the whole file. */
let clock = first.getTime();
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  // A day's access token: the tests move the server's clock days ahead.
  t = await startTestServer({ now: () => clock, env: { ACCESS_TOKEN_TTL: String(30 * 24 * 3600) } });
});
afterAll(() => t.close());

const ALREADY_FINISHED = { status: 400, body: { message: "You've already completed the route" } };

interface Finished {
  s: RouteSession;
  link: string;
  startedAt: number;
  finishedAt: number;
  /** Stop 1 as delivered during the route, with one photo. */
  delivered: Stop;
}

/** A route started now, stop 1 delivered with a photo an hour later, the others skipped, and finished an hour on. */
async function finished(): Promise<Finished> {
  clock += HOUR;
  const startedAt = clock;
  const s = await routeSession(t, { date: localDate(new Date(clock)) });
  const link = await makeLink(t, s.routeId);
  await startRoute(t, s);
  clock += HOUR;
  const res = await updateStop(t, s, 1, { status: 'finished', images: { '0': jpegUrl() }, completed_at: iso(clock) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const delivered = stopOf(res, s, 1);
  for (const i of [2, 3]) expect((await updateStop(t, s, i, { status: 'skipped' })).status).toBe(200);
  clock += HOUR;
  const finish = await t.request('POST', s.path, { token: s.token, body: { status: 'finished' } });
  expect(finish.status).toBe(200);
  return { s, link, startedAt, finishedAt: clock, delivered };
}

const detailOf = async (s: RouteSession) =>
  (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`)).body;

/** The stop as the driver's route shows it now, and whether its photo still answers. */
async function current(f: Finished) {
  const route = await t.request<{ stops: Stop[] }>('GET', `/v1/projects/routes/${f.s.routeId}`, { token: f.s.token });
  const stop = route.body.stops.find((x) => x.id === f.s.stopIds[1])!;
  const photo = await t.request('GET', f.delivered.images[0]!, { token: f.s.token });
  return { stop, photo: photo.status };
}

describe('a stop update for a finished route', () => {
  it('refuses the backdated rewrite of a delivered stop, through the driver and through a link', async () => {
    const f = await finished();
    clock += 24 * HOUR;
    const written = await writtenRows(t);
    const rewrite = { status: 'skipped', completed_at: '2001-01-01T00:00:00Z' };
    // The request: a date long before the route (its exact words may come from another rule, so the status).
    expect((await updateStop(t, f.s, 1, rewrite)).status).toBe(400);
    expect(await updateStop(t, f.s, 1, { status: 'skipped', completed_at: iso(f.startedAt - MINUTE) })).toMatchObject({
      status: 400,
      body: { message: 'completed_at is before the route was started', field: 'completed_at' },
    });
    expect(await updateStop(t, f.s, 1, { status: 'skipped', completed_at: iso(f.finishedAt) })).toMatchObject(
      ALREADY_FINISHED,
    );
    expect(await updateStop(t, f.s, 1, { status: 'skipped' })).toMatchObject(ALREADY_FINISHED);
    const linkRefusal = {
      status: 403,
      body: { message: 'This route is finished: a shared link can no longer change it' },
    };
    expect(await updateStop(t, f.s, 1, rewrite, f.link)).toMatchObject(linkRefusal);
    // Even one made while the route was open: a link changes nothing once the route is finished.
    const during = { status: 'skipped', completed_at: iso(f.startedAt + 30 * MINUTE) };
    expect(await updateStop(t, f.s, 1, during, f.link)).toMatchObject(linkRefusal);

    expect(await writtenRows(t)).toEqual(written);
    const now = await current(f);
    expect(now.stop).toEqual(f.delivered);
    expect(now.photo).toBe(200);
  });

  it('refuses an update made during the route once LATE_COMPLETION_HOURS (72) have passed since the finish', async () => {
    const f = await finished();
    const during = { status: 'skipped', completed_at: iso(f.startedAt + 30 * MINUTE) };
    clock = f.finishedAt + 72 * HOUR + 1000;
    const written = await writtenRows(t);
    expect(await updateStop(t, f.s, 2, during)).toMatchObject({
      status: 409,
      body: { message: 'This route was finished more than 72 hours ago: it takes no more completions' },
    });
    expect(await writtenRows(t)).toEqual(written);
  });

  it('keeps a late update made during the route beside the done stop’s current completion', async () => {
    const f = await finished();
    clock += 5 * HOUR;
    const completedAt = iso(f.startedAt + 30 * MINUTE);
    const late = { status: 'skipped', completion_note: 'Nobody home', completed_at: completedAt };
    const res = await updateStop(t, f.s, 1, late);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The answer and the route show the stop as it was: delivered, with its photo.
    expect(stopOf(res, f.s, 1)).toEqual(f.delivered);
    expect(res.body[0]!.status).toBe('finished');
    expect(await current(f)).toEqual({ stop: f.delivered, photo: 200 });

    const detail = await detailOf(f.s);
    const records = detail.completions.filter((c) => c.stop_id === f.s.stopIds[1]);
    expect(records.map((c) => [c.status, c.role, c.current, c.completed_at])).toEqual([
      ['skipped', 'late', false, completedAt],
      ['finished', 'current', true, f.delivered.completed_at],
    ]);
    expect(records[0]!.body).toMatchObject({ completion_note: 'Nobody home' });
    expect(records[1]!.image_urls).toEqual(f.delivered.images);
    const route = await t.server.ctx.db
      .selectFrom('routes')
      .select(['status', 'finished_at'])
      .where('id', '=', f.s.routeId)
      .executeTakeFirstOrThrow();
    expect(route).toEqual({ status: 'finished', finished_at: iso(f.finishedAt) });
  });

  it('applies a late update to a stop still open, not held back by the end stop’s rule', async () => {
    clock += HOUR;
    const startedAt = clock;
    const s = await startedSession(t, { date: localDate(new Date(clock)) });
    clock += HOUR;
    // As a dispatcher's finish would leave it: finished while deliveries were open.
    await t.server.ctx.db
      .updateTable('routes')
      .set({ status: 'finished', finished_at: iso(clock) })
      .where('id', '=', s.routeId)
      .execute();
    clock += HOUR;
    const end = s.stopIds.length - 1;
    const late = await updateStop(t, s, end, { status: 'finished', completed_at: iso(startedAt + MINUTE) });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(stopOf(late, s, end).status).toBe('finished');
    expect(stopOf(late, s, 2).status).toBe('pending');
    const records = (await detailOf(s)).completions;
    expect(records.map((c) => [c.stop_id, c.role])).toEqual([[s.stopIds[end], 'current']]);
  });

  it('a link adds no status event to a finished route, and its start is refused', async () => {
    const f = await finished();
    const event = { type: 'service_change', data: { service_id: f.s.stopIds[1], status: 'finished' } };
    const refused = await t.request('POST', `${f.s.path}/events`, { token: f.link, body: event });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'This route is finished: a shared link can no longer change it' },
    });
    expect(await t.request('POST', f.s.path, { token: f.link, body: { status: 'in_progress' } })).toMatchObject(
      ALREADY_FINISHED,
    );
    const position = await t.request('PATCH', `${f.s.path}/location`, {
      token: f.link,
      body: { lat: '52.1', lng: '5.1' },
    });
    expect(position.status).toBe(409);
    expect((await detailOf(f.s)).events).toEqual([]);
  });

  it('is refused on a route that was never started, whatever it says', async () => {
    const s = await routeSession(t, { date: localDate(new Date(clock)) });
    expect(await updateStop(t, s, 1, { status: 'finished', completed_at: iso(clock - MINUTE) })).toMatchObject({
      status: 400,
      body: { message: 'You need to start the route first' },
    });
  });
});
