/**
 * A completion that waited in the app's queue while the route was finished (issue 12): accepted when the driver
 * did it before the finish, refused with the usual message when after or when it does not say when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  type RouteSession,
  routeSession,
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
const ago = (ms: number) => new Date(clock - ms).toISOString();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

const ALREADY_FINISHED = { status: 400, body: { message: "You've already completed the route" } };

/** A route whose deliveries were skipped and which the driver then finished, at `clock`. */
async function finished(): Promise<RouteSession> {
  const s = await routeSession(t, { date: localDate(today) });
  await startRoute(t, s);
  for (const i of [1, 2, 3]) expect((await updateStop(t, s, i, { status: 'skipped' })).status).toBe(200);
  expect((await t.request('POST', s.path, { token: s.token, body: { status: 'finished' } })).status).toBe(200);
  return s;
}

describe('a completion for a finished route', () => {
  it('is accepted when done before the finish; the route stays finished and the dispatcher sees it', async () => {
    const s = await finished();
    const completedAt = ago(5 * 60_000);
    const res = await updateStop(t, s, 1, { status: 'finished', completion_note: 'Late', completed_at: completedAt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[0]!.status).toBe('finished');
    expect(stopOf(res, s, 1)).toMatchObject({ status: 'finished', completion_note: 'Late', completed_at: completedAt });
    const route = await t.server.ctx.db
      .selectFrom('routes')
      .select(['status', 'finished_at'])
      .where('id', '=', s.routeId)
      .executeTakeFirstOrThrow();
    expect(route).toEqual({ status: 'finished', finished_at: nowIso });
    const detail = (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`)).body;
    expect(detail.status).toBe('finished');
    expect(detail.stops[1]).toMatchObject({ id: s.stopIds[1], status: 'finished', completed_at: completedAt });
    expect(detail.completions.filter((c) => c.stop_id === s.stopIds[1]).map((c) => c.status)).toEqual([
      'skipped',
      'finished',
    ]);
  });

  it('is refused when done at or after the finish, or when it does not say when', async () => {
    const s = await finished();
    const written = await writtenRows(t);
    const after = new Date(clock + 1000).toISOString();
    expect(await updateStop(t, s, 1, { status: 'finished', completed_at: after })).toMatchObject(ALREADY_FINISHED);
    expect(await updateStop(t, s, 1, { status: 'finished', completed_at: nowIso })).toMatchObject(ALREADY_FINISHED);
    expect(await updateStop(t, s, 1, { status: 'finished' })).toMatchObject(ALREADY_FINISHED);
    expect(await writtenRows(t)).toEqual(written);
  });

  it('is not held back by the end stop’s rule when the route was finished with stops still open', async () => {
    const s = await routeSession(t, { date: localDate(today) });
    await startRoute(t, s);
    // As a dispatcher's finish would leave it: finished while deliveries were open.
    await t.server.ctx.db
      .updateTable('routes')
      .set({ status: 'finished', finished_at: nowIso })
      .where('id', '=', s.routeId)
      .execute();
    const end = s.stopIds.length - 1;
    const late = await updateStop(t, s, end, { status: 'finished', completed_at: ago(60_000) });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(stopOf(late, s, end).status).toBe('finished');
    expect(stopOf(late, s, 2).status).toBe('pending');
  });

  it('is refused on a route that was never started, whatever it says', async () => {
    const s = await routeSession(t, { date: localDate(today) });
    expect(await updateStop(t, s, 1, { status: 'finished', completed_at: ago(60_000) })).toMatchObject({
      status: 400,
      body: { message: 'You need to start the route first' },
    });
  });
});
