/**
 * Starting and finishing the route (src-worker/routes/route-status.ts), the core against the real server: a start
 * not before the route's day, synced as an event; a finish only once every stop is done and the outbox has sent them
 * all, and not while a completion the server refused waits for the driver (issue 31).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/domain/dates.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';
import { openedRoute, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Route Co' }));
});

describe('starting', () => {
  it('starts: in progress, start stop finished, ETAs from the answer, the start synced as an event', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const c = await signedInCore(suite, driver);
    await openedRoute(c, routeId);
    expect(await c.api.startRoute({ lat: 52.09, lng: 5.12 })).toEqual({ ok: true });
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stops = state.route!.route!.stops;
    expect(stops[0]!.status).toBe('finished');
    expect(state.route!.activeStopId).toBe(stops[1]!.id);
    await expect
      .poll(
        async () =>
          (await suite.t.server.ctx.db.selectFrom('route_events').selectAll().where('route_id', '=', routeId).execute())
            .length,
      )
      .toBe(1);
  });

  it('refuses a route of a later day with start_too_early and its date', async () => {
    const tomorrow = addDays(today, 1);
    const { routeId } = await makeRoute(suite.t, driver, { date: tomorrow });
    const c = await signedInCore(suite, driver);
    await openedRoute(c, routeId);
    expect(await c.api.startRoute(null)).toEqual({ ok: false, error: 'start_too_early', message: tomorrow });
  });
});

describe('finishing', () => {
  it('finishes the route only when every stop is done and nothing waits', async () => {
    const net = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: net.fetch });
    const { stops, routeId } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(2) });
    expect(await c.api.finishRoute(null)).toMatchObject({ ok: false, error: 'blocked' });
    await c.api.completeStop(stops[1]!.id, { status: 'finished' });
    net.rule = () => 'offline';
    await c.api.completeStop(stops[2]!.id, { status: 'finished' });
    await c.until((s) => s.route?.finishing === true);
    expect(await c.api.finishRoute(null)).toEqual({ ok: false, error: 'unsent_pending' });
    net.rule = () => 'pass';
    expect(await c.api.finishRoute(null)).toEqual({ ok: true });
    const state = await c.until((s) => s.route?.route?.status === 'finished');
    expect(state.route!.route!.stops.every((s) => s.status === 'finished')).toBe(true);
    const route = await suite.t.server.ctx.db
      .selectFrom('routes')
      .select('status')
      .where('id', '=', routeId)
      .executeTakeFirstOrThrow();
    expect(route.status).toBe('finished');
  });
});

describe('a completion the server refused (issue 31)', () => {
  it('counts as done for the in-order rule; Complete route waits until it is sent again or discarded', async () => {
    const net = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: net.fetch });
    const { routeId, stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(2) });
    net.rule = () => 'offline';
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished' })).toEqual({ ok: true });
    // While it waited, the dispatcher made the stop ask for a photo: the server refuses it for good.
    const photo = { requirements: { picture: true } };
    expect(
      (await suite.t.dispatch('PATCH', `/v1/dispatch/routes/${routeId}/stops/${stops[1]!.id}`, photo)).status,
    ).toBe(200);
    net.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    const refused = await c.until((s) => s.outbox.parked.some((p) => p.stopId === stops[1]!.id));
    // Still done on the phone, so the next stop is the active one and can be completed.
    expect(refused.route!.route!.stops[1]!.status).toBe('finished');
    expect(refused.route!.activeStopId).toBe(stops[2]!.id);
    expect(await c.api.completeStop(stops[2]!.id, { status: 'finished' })).toEqual({ ok: true });
    await c.until((s) => s.route?.finishing === true && s.route.unsentStopIds.length === 0);
    expect(await c.api.finishRoute(null)).toEqual({ ok: false, error: 'blocked', message: 'not_saved' });
    // Discarded, the stop is open again on the phone as on the server, and the rules apply to it again.
    const parked = c.state().outbox.parked.find((p) => p.stopId === stops[1]!.id)!;
    expect(await c.api.discardCompletion(parked.id)).toEqual({ ok: true });
    const back = await c.until((s) => s.outbox.parked.length === 0 && s.route?.route?.stops[1]?.status === 'pending');
    expect(back.route!.finishing).toBe(false);
  });
});
