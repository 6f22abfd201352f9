/**
 * The live route (issue 13), the core against the real server's socket: dispatcher changes reach the open route as
 * the spec says, live status and location go out only as the plan allows and at the spec's cadence, the channel
 * reconnects after it drops, and a withdrawn route stops it for good. Timers are the test's (fake clock).
 */

import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { localDate } from '../../src-shared/domain/geo.ts';
import { LOCATION_INTERVAL_MS } from '../../src-shared/domain/position-source.ts';
import type { Plan, Route } from '../../src-shared/protocol/entities.ts';
import type { WebSocketLike } from '../../src-worker/live/live-connection.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type FaultyFetch, faultyFetch, manualTimers } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  signIn,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';

const suite = coreSuite();
const today = localDate(new Date());

async function driverWith(plan: Partial<Plan> = {}): Promise<DriverFixture> {
  return makeDriver(suite.t, await makeOrganisation(suite.t, { plan }));
}

/** Every socket the core opens, so a test can drop one as a network would, and every message the core sent on them. */
function trackedSockets() {
  const opened: WebSocket[] = [];
  const sent: { type: string }[] = [];
  return {
    opened,
    sent,
    open: (url: string) => {
      const ws = new WebSocket(url);
      const send = ws.send.bind(ws);
      ws.send = ((data: string) => {
        sent.push(JSON.parse(data));
        send(data);
      }) as typeof ws.send;
      opened.push(ws);
      return ws as unknown as WebSocketLike;
    },
  };
}

/** How often the core fetched the whole route (GET of it), among the requests faultyFetch passed on. */
const routeFetches = (requests: FaultyFetch, routeId: number) =>
  requests.passed.filter((r) => r.method === 'GET' && new URL(r.url).pathname.endsWith(`/routes/${routeId}`)).length;

async function liveRoute(driver: DriverFixture, options: { start?: boolean; fetch?: typeof fetch } = {}) {
  const timers = manualTimers();
  const sockets = trackedSockets();
  const c = await suite.core({ timers, openWebSocket: sockets.open, fetch: options.fetch });
  await c.api.signIn(driver.email, PASSWORD);
  const { routeId, projectId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(4) });
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  await c.until((s) => s.live.socket === 'connected');
  await expect.poll(() => suite.t.server.ctx.hub.listenerCount(routeId)).toBe(1);
  if (options.start) {
    expect(await c.api.startRoute(null)).toEqual({ ok: true });
    await c.until((s) => s.route?.route?.status === 'in_progress');
  }
  return { c, timers, sockets, routeId, projectId, stops: c.state().route!.route!.stops };
}

const events = (routeId: number) =>
  suite.t.server.ctx.db.selectFrom('route_events').selectAll().where('route_id', '=', routeId).orderBy('id').execute();
const locations = (routeId: number) =>
  suite.t.server.ctx.db.selectFrom('locations').selectAll().where('route_id', '=', routeId).orderBy('id').execute();

describe('dispatcher changes reach the open route', () => {
  it('stop_update merges the stop; one older than the shown copy is ignored', async () => {
    const { c, routeId, stops } = await liveRoute(await driverWith());
    const stop = stops[1]!;
    expect(
      (await suite.t.dispatch('PATCH', `/v1/dispatch/routes/${routeId}/stops/${stop.id}`, { notes: 'Gate code 1234' }))
        .status,
    ).toBe(200);
    await c.until((s) => s.route?.route?.stops[1]?.information.notes === 'Gate code 1234');

    // A late event of a version the copy on screen already holds changes nothing.
    const shown = c.state().route!.route!;
    await suite.t.server.ctx.hub.publish(routeId, {
      type: 'stop_update',
      data: {
        route_id: routeId,
        version: shown.version,
        stop: { ...shown.stops[1]!, information: { ...stop.information, notes: 'Old news' } },
        updated_at: shown.updated_at,
      },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(c.state().route?.route?.stops[1]?.information.notes).toBe('Gate code 1234');
  });

  it('publication_settings replace the route’s settings at once', async () => {
    const { c, routeId } = await liveRoute(await driverWith());
    const before = c.state().route!.route!.publication_settings;
    const { id: _id, ...settings } = before;
    const res = await suite.t.dispatch('PUT', `/v1/dispatch/routes/${routeId}/publication-settings`, {
      ...settings,
      photo_collection: false,
      fulfill_stops_in_any_order: true,
    });
    expect(res.status).toBe(200);
    const state = await c.until((s) => s.route?.route?.publication_settings.fulfill_stops_in_any_order === true);
    expect(state.route?.route?.publication_settings.photo_collection).toBe(false);
  });

  it('route_reorder shows the new order and its planned times as the server has them, with no fetch, and says "Your route has been updated"', async () => {
    const requests = faultyFetch();
    const driver = await driverWith();
    const { c, routeId, stops } = await liveRoute(driver, { fetch: requests.fetch });
    const order = [stops[0]!, stops[2]!, stops[1]!, ...stops.slice(3)].map((s) => s.id);
    const fetchesBefore = routeFetches(requests, routeId);
    expect((await suite.t.dispatch('PUT', `/v1/dispatch/routes/${routeId}/order`, { stop_ids: order })).status).toBe(
      200,
    );
    const state = await c.until((s) => s.route?.route?.stops.map((x) => x.id).join() === order.join());
    expect(state.notices.map((n) => n.kind)).toContain('route_updated');
    expect(routeFetches(requests, routeId)).toBe(fetchesBefore);
    // What the app planned is what the server stored.
    const { accessToken } = await signIn(suite.t, driver.email);
    const stored = await suite.t.request<Route>('GET', `/v1/projects/routes/${routeId}`, { token: accessToken });
    const plan = (r: Route) => ({
      stops: r.stops.map((x) => [x.id, x.arr_time, x.end_time]),
      distances: r.distances,
      completion_time: r.completion_time,
      version: r.version,
    });
    expect(plan(state.route!.route!)).toEqual(plan(stored.body));
  });

  it('a reorder that takes a stop off fetches the route', async () => {
    const requests = faultyFetch();
    const { c, routeId, stops } = await liveRoute(await driverWith(), { fetch: requests.fetch });
    const fetchesBefore = routeFetches(requests, routeId);
    const removed = stops.find((s) => s.type === 'delivery')!;
    expect((await suite.t.dispatch('DELETE', `/v1/dispatch/routes/${routeId}/stops/${removed.id}`)).status).toBe(200);
    await c.until((s) => s.route?.route?.stops.every((x) => x.id !== removed.id) === true);
    expect(routeFetches(requests, routeId)).toBe(fetchesBefore + 1);
  });

  it('republish opens New Changes; a refresh clears it', async () => {
    const { c, routeId } = await liveRoute(await driverWith());
    expect((await suite.t.dispatch('POST', `/v1/dispatch/routes/${routeId}/republish`)).status).toBeLessThan(300);
    await c.until((s) => s.route?.changes === 'republished');
    expect(await c.api.refreshRoute()).toEqual({ ok: true });
    await c.until((s) => s.route?.changes === null);
  });

  it('a driver change flags it, and the withdrawn socket (4403) is not reconnected', async () => {
    const driver = await driverWith();
    const { c, timers, sockets, routeId } = await liveRoute(driver);
    const other = await makeDriver(suite.t, driver.organisationId);
    expect(
      (await suite.t.dispatch('PUT', `/v1/dispatch/routes/${routeId}/driver`, { driver_id: other.driverId })).status,
    ).toBe(200);
    const state = await c.until((s) => s.route?.changes === 'driver_changed' && s.live.socket === 'withdrawn');
    expect(state.route?.changes).toBe('driver_changed');
    timers.fireAll();
    await new Promise((r) => setTimeout(r, 100));
    expect(sockets.opened).toHaveLength(1);
    expect(c.state().live.socket).toBe('withdrawn');
  });
});

describe('the channel', () => {
  it('reconnects 5 s after it dropped, with the session’s token, as the one socket of the route', async () => {
    const { c, timers, sockets, routeId } = await liveRoute(await driverWith());
    sockets.opened[0]!.terminate();
    await c.until((s) => s.live.socket === 'reconnecting');
    expect(timers.delays.at(-1)).toBe(5_000);
    timers.fireAll();
    await c.until((s) => s.live.socket === 'connected');
    expect(sockets.opened).toHaveLength(2);
    const token = (ws: WebSocket) => new URL(ws.url).searchParams.get('token');
    expect(token(sockets.opened[1]!)).toBe(token(sockets.opened[0]!));
    await expect.poll(() => suite.t.server.ctx.hub.listenerCount(routeId)).toBe(1);
  });

  it('backs off after failures in a row, and closes with the route', async () => {
    const timers = manualTimers();
    let refuse = true;
    const c = await suite.core({
      timers,
      openWebSocket: (url) =>
        new WebSocket(refuse ? url.replace(/routeId=\d+/, 'routeId=999999') : url) as unknown as WebSocketLike,
    });
    const driver = await driverWith();
    await c.api.signIn(driver.email, PASSWORD);
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    await c.api.openRoute(routeId, { shared: false });
    for (let i = 0; i < 5; i++) {
      await c.until((s) => s.live.socket === 'reconnecting');
      await expect.poll(() => timers.pending).toBe(1);
      timers.fireAll();
    }
    await expect.poll(() => timers.pending).toBe(1);
    expect(timers.delays.slice(0, 5)).toEqual([5_000, 5_000, 10_000, 20_000, 40_000]);
    refuse = false;
    timers.fireAll();
    await c.until((s) => s.live.socket === 'connected');
    await c.api.closeRoute();
    await c.until((s) => s.live.socket === 'off');
    await expect.poll(() => suite.t.server.ctx.hub.listenerCount(routeId)).toBe(0);
  });
});

describe('live status and location, as the plan allows', () => {
  it('the start and each stop change go out as service_change with ETAs, on the socket', async () => {
    const { c, routeId, stops } = await liveRoute(await driverWith(), { start: true });
    await expect.poll(async () => (await events(routeId)).length).toBe(1);
    await c.api.completeStop(stops[1]!.id, { status: 'skipped', completion_note: 'Closed' });
    await expect.poll(async () => (await events(routeId)).length).toBe(2);
    const [start, change] = await events(routeId);
    expect(start!.source).toBe('socket');
    expect(JSON.parse(start!.body)).toMatchObject({ status: 'finished', service_id: stops[0]!.id });
    expect(JSON.parse(change!.body)).toMatchObject({
      status: 'skipped',
      service_id: stops[1]!.id,
      completion_note: 'Closed',
    });
    expect(Object.keys(JSON.parse(change!.body).ETAs).length).toBeGreaterThan(0);
  });

  it('with the socket not open yet (a page just loaded), the start and a stop change go out on the events call', async () => {
    const driver = await driverWith();
    // A socket that never opens: still connecting, so the core gives it no message.
    const connecting = (): WebSocketLike => ({
      readyState: 0,
      send: () => {
        throw new Error('not open');
      },
      close: () => {},
      onopen: null,
      onclose: null,
      onerror: null,
      onmessage: null,
    });
    const c = await suite.core({ timers: manualTimers(), openWebSocket: connecting });
    await c.api.signIn(driver.email, PASSWORD);
    const { routeId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(4) });
    expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    const stops = (await c.until((s) => s.route?.route !== null && s.route?.route !== undefined)).route!.route!.stops;
    expect(await c.api.startRoute(null)).toEqual({ ok: true });
    await c.api.completeStop(stops[1]!.id, { status: 'skipped', completion_note: 'Closed' });
    await expect.poll(async () => (await events(routeId)).length).toBe(2);
    const [start, change] = await events(routeId);
    expect([start!.source, change!.source]).toEqual(['http', 'http']);
    expect(JSON.parse(change!.body)).toMatchObject({ status: 'skipped', service_id: stops[1]!.id });
    expect(c.state().live.socket).not.toBe('connected');
  });

  it('without ft_live_status_updates nothing goes out live', async () => {
    const { c, routeId, stops } = await liveRoute(await driverWith({ ft_live_status_updates: false }), { start: true });
    await c.api.completeStop(stops[1]!.id, { status: 'skipped' });
    await c.until((s) => s.outbox.unsent === 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(await events(routeId)).toEqual([]);
  });

  it('location at once, then every 30 s on the socket, PATCHed every second tick; errors go too', async () => {
    const { c, timers, routeId } = await liveRoute(await driverWith(), { start: true });
    await c.api.reportPosition({ lat: 52.0907, lng: 5.1214, accuracy: 8 });
    // The first goes at once.
    await expect.poll(async () => (await locations(routeId)).length).toBe(1);
    for (let tick = 2; tick <= 4; tick++) {
      await expect.poll(() => timers.delays.filter((d) => d === LOCATION_INTERVAL_MS).length).toBe(tick - 1);
      timers.fireAll();
    }
    await expect.poll(async () => (await locations(routeId)).length).toBe(6);
    const rows = await locations(routeId);
    expect(rows.filter((r) => r.source === 'socket')).toHaveLength(4);
    expect(rows.filter((r) => r.source === 'http')).toHaveLength(2);
    await c.api.reportPosition({ error: 'User denied Geolocation' });
    timers.fireAll();
    await expect.poll(async () => (await locations(routeId)).at(-1)?.error).toBe('User denied Geolocation');
  });

  it('without ft_realtime_driver_tracking no location goes out', async () => {
    const { c, timers, routeId } = await liveRoute(await driverWith({ ft_realtime_driver_tracking: false }), {
      start: true,
    });
    await c.api.reportPosition({ lat: 52.09, lng: 5.12 });
    expect(timers.pending).toBe(0);
    timers.fireAll();
    await new Promise((r) => setTimeout(r, 100));
    expect(await locations(routeId)).toEqual([]);
  });

  it('with tracking on, no location goes out once the route is finished', async () => {
    const requests = faultyFetch();
    const { c, timers, sockets, routeId, stops } = await liveRoute(await driverWith(), {
      start: true,
      fetch: requests.fetch,
    });
    // What the core sent, not what the server kept (the server refuses a finished route's position itself).
    const sentLocations = () =>
      sockets.sent.filter((m) => m.type === 'location').length +
      requests.passed.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/routes/${routeId}/location`)).length;
    const ticks = () => timers.delays.filter((d) => d === LOCATION_INTERVAL_MS).length;
    await c.api.reportPosition({ lat: 52.09, lng: 5.12 });
    // In progress, a position goes out at once and sets the next tick.
    await expect.poll(sentLocations).toBe(1);
    expect(ticks()).toBe(1);
    for (const stop of stops.filter((s) => s.type === 'delivery'))
      expect(await c.api.completeStop(stop.id, { status: 'finished' })).toEqual({ ok: true });
    await c.until((s) => s.outbox.unsent === 0);
    expect(await c.api.finishRoute(null)).toEqual({ ok: true });
    await c.until((s) => s.route?.route?.status === 'finished');
    // The route shows as finished only after the core stopped following it: from here nothing may go out.
    const sentBefore = sentLocations();
    const ticksBefore = ticks();
    await c.api.reportPosition({ lat: 52.1, lng: 5.13 });
    timers.fireAll();
    // A tick sends on the socket before it returns, or PATCHes and sets the next tick: none ran.
    expect(ticks()).toBe(ticksBefore);
    expect(sentLocations()).toBe(sentBefore);
  });
});

describe('catching up on what the socket did not bring (issue 30)', () => {
  it('an event that skips a version fetches the route: another device’s completion shows too', async () => {
    const driver = await driverWith();
    const { c, routeId, projectId, stops } = await liveRoute(driver, { start: true });
    // Another device of the driver's completes a stop: a change that sends no event.
    const other = await signIn(suite.t, driver.email);
    const done = await suite.t.request('POST', `/v1/projects/${projectId}/routes/${routeId}/services/${stops[1]!.id}`, {
      token: other.accessToken,
      body: { status: 'skipped', completed_at: new Date().toISOString() },
    });
    expect(done.status).toBe(200);
    // The dispatcher's next change arrives one version past the copy: the route is fetched, not merged.
    const patch = await suite.t.dispatch('PATCH', `/v1/dispatch/routes/${routeId}/stops/${stops[2]!.id}`, {
      notes: 'Back door',
    });
    expect(patch.status).toBe(200);
    const state = await c.until(
      (s) =>
        s.route?.route?.stops[1]?.status === 'skipped' && s.route.route.stops[2]?.information.notes === 'Back door',
    );
    const stored = await suite.t.request<Route>('GET', `/v1/projects/routes/${routeId}`, { token: other.accessToken });
    expect(state.route!.route!.version).toBe(stored.body.version);
  });

  it('a socket back after a dead zone fetches the reorder made meanwhile, with no tap', async () => {
    const { c, timers, routeId, stops } = await liveRoute(await driverWith());
    await c.api.setConnectivity({ online: false });
    await c.until((s) => s.live.socket === 'reconnecting');
    await expect.poll(() => suite.t.server.ctx.hub.listenerCount(routeId)).toBe(0);
    const order = [stops[0]!, stops[2]!, stops[1]!, ...stops.slice(3)].map((s) => s.id);
    expect((await suite.t.dispatch('PUT', `/v1/dispatch/routes/${routeId}/order`, { stop_ids: order })).status).toBe(
      200,
    );
    // No socket heard it.
    expect(c.state().route!.route!.stops.map((s) => s.id)).not.toEqual(order);
    // Back online: the socket opens at once (the test's timers never fire its 5 s wait), on a newer version than the
    // copy, which is fetched.
    expect(timers.pending).toBe(1);
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.route?.route?.stops.map((x) => x.id).join() === order.join());
  });
});
