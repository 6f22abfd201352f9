/**
 * A shared link the server refuses while a completion made through it waits on the device (issue 31), the core
 * against the real server: the dispatcher unlinks it, the phone comes back online, and the send is refused. The
 * completion is kept on the device, parked (nothing can send it through that link any more, and another sender may
 * not: the server's idempotency keys are per sender), the route view hears how many were not saved, and the server
 * never gets it. A link refused with nothing waiting says none.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { makeLink } from '../helpers/dispatch.ts';
import { faultyFetch, isCompletion } from '../helpers/faults.ts';
import { makeDriver, makeRoute, stopsAroundUtrecht } from '../helpers/fixtures.ts';

const suite = coreSuite();
const today = localDate(new Date());

/** A started route opened through a new shared link in a new core; completions get no answer until told. */
async function linkCore() {
  const driver = await makeDriver(suite.t);
  const { routeId, projectId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(3) });
  const link = await makeLink(suite.t, routeId);
  const faults = faultyFetch();
  const dbName = newDbName();
  const c = await suite.core({
    fetch: faults.fetch,
    dbName,
    init: { link: { projectId, routeId, webView: false, token: link.token } },
  });
  expect(await c.api.openRoute(routeId, { shared: true })).toEqual({ ok: true });
  expect(await c.api.startRoute(null)).toEqual({ ok: true });
  const state = await c.until((s) => s.route?.route?.status === 'in_progress');
  const stops = state.route!.route!.stops.filter((s) => s.type === 'delivery');
  return { c, faults, dbName, routeId, link, stops };
}

const unlink = async (routeId: number, linkId: string) =>
  expect((await suite.t.dispatch('DELETE', `/v1/dispatch/routes/${routeId}/links/${linkId}`)).status).toBe(200);

it('keeps a waiting completion parked as not saved when the link is refused, and says how many', async () => {
  const { c, faults, dbName, routeId, link, stops } = await linkCore();
  faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
  expect(await c.api.completeStop(stops[0]!.id, { status: 'skipped', completion_note: 'Gate locked' })).toEqual({
    ok: true,
  });
  await c.until((s) => s.outbox.unsent === 1);

  await unlink(routeId, link.linkId);
  faults.rule = () => 'pass';
  await c.api.setConnectivity({ online: true });
  const state = await c.until((s) => s.route?.lost === 'link_refused');
  expect(state.route!.lostNotSaved).toBe(1);

  const storage = await openAppStorage(dbName);
  // Kept with what the driver entered; parked, so no flush picks it up again.
  const kept = (await storage.db.getAll('outbox')).map((i) => [i.stopId, i.state, i.parked?.reason, i.body.status]);
  storage.close();
  expect(kept).toEqual([[stops[0]!.id, 'parked', 'link_refused', 'skipped']]);
  const rows = await suite.t.server.ctx.db
    .selectFrom('completions')
    .select('id')
    .where('route_id', '=', routeId)
    .execute();
  expect(rows).toEqual([]);
});

it('a link refused with nothing waiting says none were lost', async () => {
  const { c, routeId, link } = await linkCore();
  await unlink(routeId, link.linkId);
  expect(await c.api.refreshRoute()).toMatchObject({ ok: false });
  const state = await c.until((s) => s.route?.lost === 'link_refused');
  expect(state.route!.lostNotSaved).toBe(0);
});
