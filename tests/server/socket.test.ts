import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { SOCKET_CLOSE_ACCESS_WITHDRAWN } from '../../src-shared/protocol/socket.ts';
import { makeLink, stopIds } from '../helpers/dispatch.ts';
import { makeDriver, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket, refusedSocket, type SocketParams, until } from '../helpers/socket.ts';

let t: TestServer;
let clock = Date.now();
const MAX_MESSAGE_BYTES = 16_384;

beforeAll(async () => {
  t = await startTestServer({
    now: () => clock,
    env: {
      ACCESS_TOKEN_TTL: '60',
      PUBLIC_URL: 'https://droplane.example',
      ALLOWED_ORIGINS: 'https://partner.example, https://other.example',
      WS_MAX_MESSAGE_BYTES: String(MAX_MESSAGE_BYTES),
    },
  });
});
afterAll(() => t.close());

describe('opening the socket', () => {
  it('opens with the access token of the route driver, subscribed to that route until it closes', async () => {
    const { routeId, params } = await driverOnRoute(t);
    const socket = await openSocket(t, params);
    // The server subscribes before it sends the 101 answer, so the count is right as soon as the socket opens.
    expect(t.server.ctx.hub.listenerCount(routeId)).toBe(1);
    await socket.close();
    await until(() => t.server.ctx.hub.listenerCount(routeId) === 0, 'the unsubscription');
  });

  it("opens with the route's link token", async () => {
    const { routeId, projectId } = await driverOnRoute(t);
    const link = await makeLink(t, routeId);
    const socket = await openSocket(t, { routeId, projectId, token: link.token });
    expect(t.server.ctx.hub.listenerCount(routeId)).toBe(1);
    await socket.close();
  });

  it('refuses a missing, garbage or refresh token with 401 before upgrading', async () => {
    const { params, pair } = await driverOnRoute(t);
    for (const token of [undefined, 'garbage', pair.refreshToken]) {
      const refusal = await refusedSocket(t, { ...params, token });
      expect(refusal.status, String(token)).toBe(401);
      expect(refusal.body.message).toBeTruthy();
    }
  });

  it('refuses an expired access token with 401', async () => {
    const { params } = await driverOnRoute(t);
    clock += 61_000;
    expect((await refusedSocket(t, params)).status).toBe(401);
  });

  it('refuses a driver who is not assigned to the route, or a wrong project id, with 404', async () => {
    const a = await driverOnRoute(t);
    const colleague = await makeDriver(t, a.driver.organisationId);
    const colleagueToken = (await signIn(t, colleague.email)).accessToken;
    const other = await driverOnRoute(t);
    for (const params of [
      { ...a.params, token: colleagueToken },
      { ...a.params, token: other.pair.accessToken },
      { ...a.params, projectId: other.projectId },
      { ...a.params, routeId: 999_999 },
    ]) {
      const refusal = await refusedSocket(t, params);
      expect(refusal.status).toBe(404);
      expect(refusal.body.field).toBe('id');
    }
  });

  it('refuses the link token of another route, and a revoked link', async () => {
    const a = await driverOnRoute(t);
    const b = await driverOnRoute(t);
    const linkOfB = await makeLink(t, b.routeId);
    expect((await refusedSocket(t, { ...a.params, token: linkOfB.token })).status).toBe(404);
    const linkOfA = await makeLink(t, a.routeId);
    await t.dispatch('DELETE', `/v1/dispatch/routes/${a.routeId}/links/${linkOfA.linkId}`);
    expect((await refusedSocket(t, { ...a.params, token: linkOfA.token })).status).toBe(401);
  });

  it('refuses a bad query with 400 naming the field', async () => {
    const { params } = await driverOnRoute(t);
    const cases: [SocketParams, RegExp][] = [
      [{ ...params, routeId: 'abc' }, /routeId/],
      [{ ...params, projectId: '' }, /projectId/],
      [{ ...params, owner: 'dispatcher' }, /owner/],
    ];
    for (const [query, message] of cases) {
      const refusal = await refusedSocket(t, query);
      expect(refusal.status).toBe(400);
      expect(refusal.body.message).toMatch(message);
    }
  });

  it("refuses a foreign Origin with 403, and accepts the server's own, the allowed ones and none", async () => {
    const { params } = await driverOnRoute(t);
    for (const origin of ['https://evil.example', 'null', 'https://droplane.example.evil.example']) {
      const refusal = await refusedSocket(t, params, { origin });
      expect(refusal.status, origin).toBe(403);
      expect(refusal.body.message).toMatch(/Origin/);
    }
    for (const origin of [t.url, 'https://droplane.example', 'https://partner.example', 'https://other.example']) {
      const socket = await openSocket(t, params, { origin });
      await socket.close();
    }
    const native = await openSocket(t, params);
    await native.close();
  });

  it('answers a plain HTTP request with 426', async () => {
    const res = await t.request<{ message: string }>('GET', '/v1/socket?routeId=1&projectId=1');
    expect(res.status).toBe(426);
    expect(res.body.message).toMatch(/WebSocket/);
  });
});

describe('dispatcher events', () => {
  it('reach the sockets of their route and no other', async () => {
    const a = await driverOnRoute(t);
    const b = await driverOnRoute(t);
    const link = await makeLink(t, a.routeId);
    const driverSocket = await openSocket(t, a.params);
    const linkSocket = await openSocket(t, { ...a.params, token: link.token });
    const otherRoute = await openSocket(t, b.params);
    const ids = await stopIds(t, a.routeId);

    // Each change brings the route one version further, and its event says which (the socket opened on the first).
    const opened = driverSocket.version!;
    expect(linkSocket.version).toBe(opened);
    await t.dispatch('PATCH', `/v1/dispatch/routes/${a.routeId}/stops/${ids[1]}`, { street: 'Nieuwe Gracht 1' });
    for (const socket of [driverSocket, linkSocket]) {
      const event = await socket.next('stop_update');
      expect(event.data).toMatchObject({
        route_id: a.routeId,
        version: opened + 1,
        stop: { id: ids[1], information: { street: 'Nieuwe Gracht 1' } },
      });
      expect(event.data.updated_at).toBe(event.data.stop.updated_at);
    }

    const settings = {
      project_date: '2030-01-02',
      fulfill_stops_in_any_order: true,
      photo_collection: false,
      completion_notes: true,
      signature_capture: false,
      age_verification: true,
    };
    await t.dispatch('PUT', `/v1/dispatch/routes/${a.routeId}/publication-settings`, settings);
    const settingsEvent = await driverSocket.next('publication_settings');
    expect(settingsEvent.data.publication_settings).toMatchObject(settings);
    expect(settingsEvent.data.version).toBe(opened + 2);

    const reversed = [...ids].reverse();
    await t.dispatch('PUT', `/v1/dispatch/routes/${a.routeId}/order`, { stop_ids: reversed });
    expect((await driverSocket.next('route_reorder')).data).toEqual({
      route_id: a.routeId,
      version: opened + 3,
      stop_ids: reversed,
    });

    await t.dispatch('POST', `/v1/dispatch/routes/${a.routeId}/republish`);
    expect((await driverSocket.next('republish')).data).toEqual({ route_id: a.routeId, version: opened + 4 });
    // The driver's route answers the version the last event brought.
    expect(
      (await t.request<Route>('GET', `/v1/projects/routes/${a.routeId}`, { token: a.pair.accessToken })).body.version,
    ).toBe(opened + 4);

    await otherRoute.flush();
    expect(otherRoute.received).toEqual([]);
    for (const socket of [driverSocket, linkSocket, otherRoute]) await socket.close();
  });

  it('tells the driver of a reassignment, then closes their socket; a link socket stays', async () => {
    const a = await driverOnRoute(t);
    const link = await makeLink(t, a.routeId);
    const driverSocket = await openSocket(t, a.params);
    const linkSocket = await openSocket(t, { ...a.params, token: link.token });
    const newDriver = await makeDriver(t, a.driver.organisationId);

    await t.dispatch('PUT', `/v1/dispatch/routes/${a.routeId}/driver`, { driver_id: newDriver.driverId });
    expect((await driverSocket.next('driver_change')).data).toEqual({
      route_id: a.routeId,
      version: driverSocket.version! + 1,
      driver_id: newDriver.driverId,
    });
    expect((await driverSocket.closed).code).toBe(SOCKET_CLOSE_ACCESS_WITHDRAWN);
    expect((await linkSocket.next('driver_change')).data.driver_id).toBe(newDriver.driverId);
    expect(linkSocket.ws.readyState).toBe(WebSocket.OPEN);
    await linkSocket.close();
  });

  it('closes the socket of a revoked link at the next event, without delivering it', async () => {
    const a = await driverOnRoute(t);
    const link = await makeLink(t, a.routeId);
    const linkSocket = await openSocket(t, { ...a.params, token: link.token });
    await t.dispatch('DELETE', `/v1/dispatch/routes/${a.routeId}/links/${link.linkId}`);
    await t.dispatch('POST', `/v1/dispatch/routes/${a.routeId}/republish`);
    expect((await linkSocket.closed).code).toBe(SOCKET_CLOSE_ACCESS_WITHDRAWN);
    expect(linkSocket.received).toEqual([]);
  });
});

describe('driver messages', () => {
  const events = (routeId: number) =>
    t.server.ctx.db.selectFrom('route_events').selectAll().where('route_id', '=', routeId).execute();
  const locations = (routeId: number) =>
    t.server.ctx.db.selectFrom('locations').selectAll().where('route_id', '=', routeId).orderBy('id').execute();

  it('stores service_change and location messages', async () => {
    const a = await driverOnRoute(t);
    const [first] = await stopIds(t, a.routeId);
    // Positions are taken only while the route is in progress (as the location PATCH takes them).
    await t.server.ctx.db.updateTable('routes').set({ status: 'in_progress' }).where('id', '=', a.routeId).execute();
    const socket = await openSocket(t, a.params);
    const change = { status: 'finished', service_id: first, lat: '52.0907', lng: 5.1214, ETAs: { [first!]: 28_800 } };
    socket.send({ type: 'service_change', data: change });
    socket.send({ type: 'location', data: { lat: 52.1, lng: '5.2' } });
    socket.send({ type: 'location', data: { error: 'User denied Geolocation' } });
    await socket.flush();
    expect(socket.received).toEqual([]);

    const [event] = await events(a.routeId);
    expect(event).toMatchObject({ type: 'service_change', source: 'socket', principal: `driver:${a.driver.driverId}` });
    expect(JSON.parse(event!.body)).toEqual(change);
    const stored = await locations(a.routeId);
    expect(stored.map((l) => [l.lat, l.lng, l.error, l.source])).toEqual([
      [52.1, 5.2, null, 'socket'],
      [null, null, 'User denied Geolocation', 'socket'],
    ]);
    await socket.close();
  });

  it('answers what it cannot take with an error and stays open', async () => {
    const a = await driverOnRoute(t);
    const b = await driverOnRoute(t);
    const [stopOfB] = await stopIds(t, b.routeId);
    // Status events are taken only while the route is in progress: this one is, so each refusal below is its own.
    await t.server.ctx.db.updateTable('routes').set({ status: 'in_progress' }).where('id', '=', a.routeId).execute();
    const socket = await openSocket(t, a.params);
    const cases: [unknown, RegExp][] = [
      ['{"type": "location", ', /not valid JSON/],
      ['[1, 2]', /JSON object/],
      [{ type: 'hello', data: {} }, /Unknown message type "hello"/],
      [{ type: 'location', data: 'here' }, /data must be an object/],
      [{ type: 'location', data: {}, extra: 1 }, /extra is not an allowed field/],
      [{ type: 'location', data: { lat: 52 } }, /data.lng is required/],
      [{ type: 'location', data: { lat: 95, lng: 5 } }, /lat must be a latitude/],
      [{ type: 'service_change', data: { status: 'finished', service_id: '1' } }, /data.service_id must be integer/],
      [{ type: 'service_change', data: { status: 'gone', service_id: 1 } }, /data.status must be equal to one/],
      [{ type: 'service_change', data: { status: 'finished', service_id: 1, x: 1 } }, /data.x is not an allowed/],
      [{ type: 'service_change', data: { status: 'finished', service_id: stopOfB } }, /Stop not found/],
    ];
    for (const [message, expected] of cases) {
      socket.send(message);
      expect((await socket.next('error')).data.message, JSON.stringify(message)).toMatch(expected);
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.next('error')).data.message).toMatch(/JSON text/);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    expect(await events(a.routeId)).toEqual([]);
    expect(await locations(a.routeId)).toEqual([]);
    await socket.close();
  });

  it('refuses each message when the plan lacks its flag', async () => {
    const a = await driverOnRoute(t, { ft_live_status_updates: false, ft_realtime_driver_tracking: false });
    const [first] = await stopIds(t, a.routeId);
    const socket = await openSocket(t, a.params);
    socket.send({ type: 'service_change', data: { status: 'finished', service_id: first } });
    expect((await socket.next('error')).data.message).toMatch(/live status updates/);
    socket.send({ type: 'location', data: { lat: 52, lng: 5 } });
    expect((await socket.next('error')).data.message).toMatch(/real-time driver tracking/);
    expect(await events(a.routeId)).toEqual([]);
    expect(await locations(a.routeId)).toEqual([]);
    await socket.close();
  });

  it('closes with 1009 on a message over the size limit', async () => {
    const a = await driverOnRoute(t);
    const socket = await openSocket(t, a.params);
    socket.send({ type: 'location', data: { error: 'x'.repeat(MAX_MESSAGE_BYTES) } });
    expect((await socket.closed).code).toBe(1009);
    await until(() => t.server.ctx.hub.listenerCount(a.routeId) === 0, 'the unsubscription');
  });
});
