/**
 * Events in order across processes (issue 30): a route's changes are numbered (routes.version) in their own
 * transactions under the route's lock, and their events are written and announced (NOTIFY) in those transactions, so
 * PostgreSQL delivers them in the order they were stored whichever process made them. Before, events were numbered
 * and published after the commit, outside the lock: six concurrent PATCHes of one stop through two processes left an
 * older `stop_update` after a newer one in up to 5 of 20 rounds, and the app on a stale stop in up to 3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import { type CoreHarness, startCore } from '../helpers/core.ts';
import { makeDriver, makeOrganisation, makeRoute, PASSWORD, signIn, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { openSocket } from '../helpers/socket.ts';

let a: TestServer;
let b: TestServer;
let core: CoreHarness | null = null;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ sameDatabaseAs: a });
});
afterAll(async () => {
  await core?.close();
  // b first: a drops the database they share.
  await b?.close();
  await a?.close();
});

const ROUNDS = 20;
const EDITS = 6;

describe('an event is written with its change', () => {
  it('reaches the driver on another process even when its own process dies right after the commit', async () => {
    const driver = await makeDriver(a, await makeOrganisation(a));
    const { routeId, projectId } = await makeRoute(a, driver);
    const onB = await openSocket(b, { routeId, projectId, token: (await signIn(b, driver.email)).accessToken });
    const { db, hub } = a.server.ctx;
    await db.transaction().execute(async (trx) => {
      await hub.stage(trx, routeId, [{ type: 'republish', data: { route_id: routeId, version: 41 } }]);
    });
    // What stage answered (the work after the commit) is never run, as by a process killed just after its commit.
    expect((await onB.next('republish', 5_000)).data).toEqual({ route_id: routeId, version: 41 });
    await onB.close();
  });

  it('never reaches anyone when its change rolls back', async () => {
    const driver = await makeDriver(a, await makeOrganisation(a));
    const { routeId, projectId } = await makeRoute(a, driver);
    const onB = await openSocket(b, { routeId, projectId, token: (await signIn(b, driver.email)).accessToken });
    const { db, hub } = a.server.ctx;
    const failed = db.transaction().execute(async (trx) => {
      await hub.stage(trx, routeId, [{ type: 'republish', data: { route_id: routeId, version: 42 } }]);
      throw new Error('the change failed after its event was staged');
    });
    await expect(failed).rejects.toThrow('the change failed');
    // A change after it: once its event has come, the rolled-back one would have come before it.
    await a.dispatch('POST', `/v1/dispatch/routes/${routeId}/republish`);
    const next = await onB.next('republish', 5_000);
    expect(next.data.version).toBe(onB.version! + 1);
    expect(onB.all('republish')).toEqual([next]);
    await onB.close();
  });
});

describe('concurrent edits of one stop through two processes', () => {
  it(`reach a socket in version order, and the app ends on the stored stop, ${ROUNDS} rounds of ${EDITS}`, async () => {
    const driver = await makeDriver(a, await makeOrganisation(a));
    const { routeId, projectId } = await makeRoute(a, driver, {
      date: localDate(new Date()),
      stops: stopsAroundUtrecht(3),
    });
    // The app's core on process a; a raw socket on process b sees every event as sent.
    core = await startCore({ baseUrl: a.url });
    await core.api.signIn(driver.email, PASSWORD);
    expect(await core.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    await core.until((s) => s.live.socket === 'connected');
    const watcher = await openSocket(b, { routeId, projectId, token: (await signIn(b, driver.email)).accessToken });
    const stopId = core.state().route!.route!.stops[1]!.id;
    const path = `/v1/dispatch/routes/${routeId}/stops/${stopId}`;

    for (let round = 0; round < ROUNDS; round++) {
      const edits = Array.from({ length: EDITS }, (_, i) =>
        (i % 2 === 0 ? a : b).dispatch('PATCH', path, { notes: `round ${round} edit ${i}` }),
      );
      expect((await Promise.all(edits)).map((res) => res.status)).toEqual(Array(EDITS).fill(200));
      const { body } = await a.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${routeId}`);
      const stored = body.stops.find((s) => s.id === stopId)!.information.notes;
      // The app shows what is stored once the last event has come, and nothing older comes after it.
      await core.until((s) => s.route?.route?.stops[1]?.information.notes === stored, 5_000);
      await watcher.flush();
      const shown = core.state().route!.route!;
      expect(shown.stops[1]!.information.notes, `round ${round}`).toBe(stored);
      expect(shown.version, `round ${round}`).toBe(body.version);
    }

    const versions = watcher.all('stop_update').map((e) => e.data.version);
    expect(versions).toHaveLength(ROUNDS * EDITS);
    // Every change once, in the order stored: consecutive versions from the one the socket opened on.
    expect(versions).toEqual(versions.map((_, i) => watcher.version! + 1 + i));
    await watcher.close();
  });
});
