/**
 * A stop the dispatcher removes is marked removed, not deleted (issue 30): it leaves the driver's route, the counts,
 * the planning and the order check, but its row stays, so a completion the driver queued offline for it is stored
 * against it, shown to the dispatcher, and answered with a marker the app tells the driver about.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail, DispatchRouteSummary } from '../../src-shared/protocol/dispatch.ts';
import type { ProjectEntry, Route } from '../../src-shared/protocol/entities.ts';
import { IDEMPOTENCY_HEADER, type RemovedStopRoute } from '../../src-shared/protocol/http.ts';
import { jpegUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, startedSession, updateStop } from '../helpers/sessions.ts';

let t: TestServer;
let clock = Date.now();

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

const started = (): Promise<RouteSession> => startedSession(t, { date: localDate(new Date(clock)) });

const routePath = (s: RouteSession, rest = '') => `/v1/dispatch/routes/${s.routeId}${rest}`;
const remove = (s: RouteSession, index: number) =>
  t.dispatch<Route>('DELETE', routePath(s, `/stops/${s.stopIds[index]}`));
const driverRoute = async (s: RouteSession) =>
  (await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;
const detail = async (s: RouteSession) => (await t.dispatch<DispatchRouteDetail>('GET', routePath(s))).body;

describe('a stop the dispatcher removed', () => {
  it('keeps its row, and leaves the driver’s route, the counts, the order and the finish', async () => {
    const s = await started();
    clock += 1000;
    expect((await remove(s, 2)).status).toBe(200);
    const removedId = s.stopIds[2]!;
    const row = await t.server.ctx.db.selectFrom('stops').selectAll().where('id', '=', removedId).executeTakeFirst();
    expect(row).toMatchObject({ status: 'pending', removed_at: new Date(clock).toISOString() });

    const left = s.stopIds.filter((id) => id !== removedId);
    expect((await driverRoute(s)).stops.map((x) => x.id)).toEqual(left);
    const list = await t.request<ProjectEntry[]>('GET', '/v1/projects/routes', { token: s.token });
    const card = list.body.flatMap((p) => p.routes).find((r) => r.id === s.routeId)!;
    expect(card.stop_count).toBe(2);
    const summaries = await t.dispatch<DispatchRouteSummary[]>(
      'GET',
      `/v1/dispatch/routes?organisation_id=${s.driver.organisationId}`,
    );
    expect(summaries.body.find((r) => r.id === s.routeId)?.stop_count).toBe(2);
    const route = await detail(s);
    expect(route.stops.map((x) => x.id)).toEqual(left);
    expect(route.distances.legs).toHaveLength(left.length - 1);
    expect(route.removed_stops).toEqual([
      expect.objectContaining({ id: removedId, status: 'pending', removed_at: row!.removed_at }),
    ]);

    // The order check knows only the stops on the route.
    expect((await t.dispatch('PUT', routePath(s, '/order'), { stop_ids: [...left].reverse() })).status).toBe(200);
    const withRemoved = await t.dispatch<{ message: string }>('PUT', routePath(s, '/order'), {
      stop_ids: [...left, removedId],
    });
    expect(withRemoved.status).toBe(400);
    expect(withRemoved.body.message).toMatch(`not on this route: ${removedId}`);
    expect((await t.dispatch('PUT', routePath(s, '/order'), { stop_ids: left })).status).toBe(200);
    // Changed or removed again: it is no stop of the route any more.
    expect((await t.dispatch('PATCH', routePath(s, `/stops/${removedId}`), { notes: 'x' })).status).toBe(404);
    expect((await remove(s, 2)).status).toBe(404);
    const event = { type: 'service_change', data: { service_id: removedId, status: 'finished' } };
    expect((await t.request('POST', `${s.path}/events`, { token: s.token, body: event })).status).toBe(404);

    // The other stops done, the route finishes: a removed stop holds nothing back.
    for (const i of [1, 3]) expect((await updateStop(t, s, i, { status: 'skipped' })).status).toBe(200);
    const finish = await t.request<Route[]>('POST', s.path, { token: s.token, body: { status: 'finished' } });
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
  });

  it('stores a completion queued for it before the removal, and answers it marked removed, replays too', async () => {
    const s = await started();
    clock += 1000;
    expect((await remove(s, 1)).status).toBe(200);
    const versionAfterRemoval = (await driverRoute(s)).updated_at;
    const stopId = s.stopIds[1]!;
    clock += 60_000;
    const key = randomUUID();
    const body = {
      status: 'finished',
      images: { '0': jpegUrl() },
      completed_at: new Date(clock - 90_000).toISOString(),
    };
    const send = () =>
      t.request<RemovedStopRoute[]>('POST', `${s.path}/services/${stopId}`, {
        token: s.token,
        body,
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual([
      {
        id: s.routeId,
        project_id: s.projectId,
        updated_at: versionAfterRemoval,
        partial: true,
        stop_removed: true,
        stops: [expect.objectContaining({ id: stopId, status: 'finished', completed_at: body.completed_at })],
      },
    ]);
    const stop = first.body[0]!.stops[0];
    expect(stop.images).toHaveLength(1);
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    // The driver's route has not changed; the dispatcher sees the removed stop with the completion and its proof.
    const route = await driverRoute(s);
    expect(route.updated_at).toBe(versionAfterRemoval);
    expect(route.stops.map((x) => x.id)).not.toContain(stopId);
    const seen = await detail(s);
    expect(seen.removed_stops).toEqual([{ ...stop, removed_at: expect.any(String) }]);
    expect(seen.completions).toEqual([
      expect.objectContaining({ stop_id: stopId, status: 'finished', current: true, image_urls: stop.images }),
    ]);
    for (const token of [s.token, t.config.dispatchToken]) {
      const image = await fetch(t.url + stop.images[0]!, { headers: { authorization: `Bearer ${token}` } });
      expect(image.status).toBe(200);
    }
  });
});
