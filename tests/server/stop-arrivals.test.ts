/**
 * A stop's arrival (issue 34): recorded where the plan and the route have arrival detection, on a started route, the
 * first one kept whatever is sent after it, and shown on the driver's stop and in the dispatcher's route detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { Plan, Route } from '../../src-shared/protocol/entities.ts';
import { expectError } from '../helpers/dispatch.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startRoute } from '../helpers/sessions.ts';

let t: TestServer;
const today = new Date();
today.setHours(10, 0, 0, 0);

beforeAll(async () => {
  t = await startTestServer({ now: () => today.getTime() });
});
afterAll(() => t.close());

async function session(plan: Partial<Plan>, setting: boolean, started = true): Promise<RouteSession> {
  const org = await makeOrganisation(t, { plan });
  const s = await routeSession(
    t,
    { date: localDate(today), stops: stopsAroundUtrecht(2), publication_settings: { arrival_detection: setting } },
    await makeDriver(t, org),
  );
  if (started) await startRoute(t, s);
  return s;
}

const arrive = (s: RouteSession, index: number, arrivedAt: Date, by = 'phone') =>
  t.request<{ arrived_at: string; arrival_by: string }>('POST', `${s.path}/services/${s.stopIds[index]}/arrival`, {
    token: s.token,
    body: { arrived_at: arrivedAt.toISOString(), by },
  });

describe("a stop's arrival", () => {
  it('keeps the first arrival, and shows it to the driver and the dispatcher', async () => {
    const s = await session({ ft_arrival_detection: true }, true);
    const first = new Date(today.getTime() - 60_000);
    const res = await arrive(s, 1, first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ arrived_at: first.toISOString(), arrival_by: 'phone' });
    // A retry, or the driver's tap after the phone noticed: the first stays.
    expect((await arrive(s, 1, today, 'driver')).body).toEqual({
      arrived_at: first.toISOString(),
      arrival_by: 'phone',
    });
    const route = (await t.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;
    expect(route.stops[1]).toMatchObject({ arrived_at: first.toISOString(), arrival_by: 'phone' });
    expect(route.stops[2]).toMatchObject({ arrived_at: null, arrival_by: null });
    const detail = await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`);
    expect(detail.body.stops[1]).toMatchObject({ arrived_at: first.toISOString() });
  });

  it('refuses an arrival without the gates, before the start, or in the future', async () => {
    expectError(await arrive(await session({}, true), 1, today), 403, /Arrival detection is not part/);
    expectError(await arrive(await session({ ft_arrival_detection: true }, false), 1, today), 403, /not part/);
    const waiting = await session({ ft_arrival_detection: true }, true, false);
    expectError(await arrive(waiting, 1, today), 409, /started route/, 'status');
    const s = await session({ ft_arrival_detection: true }, true);
    expectError(await arrive(s, 1, new Date(today.getTime() + 3_600_000)), 400, /future/, 'arrived_at');
  });
});
