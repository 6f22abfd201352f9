/**
 * A stop's arrival on two server processes of one PostgreSQL database (issue 44, docs/server.md "Arrival"): an
 * arrival is a route change whose `stop_update` reaches the route's sockets on either process, and arrivals at one
 * stop sent at once through both are one arrival: one stored, one version, one event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startRoute } from '../helpers/sessions.ts';
import { openSocket } from '../helpers/socket.ts';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ sameDatabaseAs: a });
});
afterAll(async () => {
  // b first: a drops the database they share.
  await b?.close();
  await a?.close();
});

async function startedWithArrivals(): Promise<RouteSession> {
  const org = await makeOrganisation(a, {
    plan: { ft_arrival_detection: true },
    config: { arrival_auto_record: true },
  });
  const s = await routeSession(
    a,
    { date: localDate(new Date()), stops: stopsAroundUtrecht(3), publication_settings: { arrival_detection: true } },
    await makeDriver(a, org),
  );
  await startRoute(a, s);
  return s;
}

const arrive = (t: TestServer, s: RouteSession, index: number, at: Date, by: 'phone' | 'driver') =>
  t.request<{ arrived_at: string; arrival_by: string }>('POST', `${s.path}/services/${s.stopIds[index]}/arrival`, {
    token: s.token,
    body: { arrived_at: at.toISOString(), by },
  });

describe('arrivals across processes', () => {
  it('arrivals at one stop sent at once through both processes: one kept, one version, one event, on both', async () => {
    const s = await startedWithArrivals();
    const params = { routeId: s.routeId, projectId: s.projectId, token: s.token };
    const onA = await openSocket(a, params);
    const onB = await openSocket(b, params);
    const before = onA.version!;
    for (const [round, index] of [1, 2, 3].entries()) {
      const sent = Array.from({ length: 10 }, (_, i) =>
        arrive(i % 2 === 0 ? a : b, s, index, new Date(Date.now() - (i + 1) * 1000), i % 3 === 0 ? 'driver' : 'phone'),
      );
      const answers = await Promise.all(sent);
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
      // Every answer is the arrival kept, whichever landed first.
      expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
      for (const socket of [onA, onB]) {
        const heard = await socket.next('stop_update');
        expect(heard.data).toMatchObject({ version: before + round + 1, stop: { id: s.stopIds[index] } });
        expect(heard.data.stop).toMatchObject(answers[0]!.body);
      }
    }
    const route = (await b.request<Route>('GET', `/v1/projects/routes/${s.routeId}`, { token: s.token })).body;
    expect(route.version).toBe(before + 3);
    // No event was left for a repeat: three rounds, three events on each socket.
    for (const socket of [onA, onB]) expect(socket.all('stop_update')).toHaveLength(3);
    await onA.close();
    await onB.close();
  });
});
