/**
 * Sessions end when they should (issue 30): a socket lives no longer than its token (closed with 4401 at its expiry,
 * or when its refresh family is revoked: the revoke call, a reused refresh token, or a revocation made through
 * another process), nothing is sent or stored on it after, a revoked session's tokens open nothing, and one principal
 * holds at most WS_MAX_SOCKETS_PER_ROUTE sockets per route (the oldest closed with 4409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import {
  SOCKET_CLOSE_ACCESS_WITHDRAWN,
  SOCKET_CLOSE_REPLACED,
  SOCKET_CLOSE_TOKEN_ENDED,
} from '../../src-shared/protocol/socket.ts';
import { makeLink, stopIds } from '../helpers/dispatch.ts';
import { makeDriver, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket, refusedSocket } from '../helpers/socket.ts';

const ACCESS_TTL_S = 60;
const GRACE_S = 5;
let t: TestServer;
/** The server's clock runs with real time, moved ahead by this much. */
let skew = 0;

beforeAll(async () => {
  t = await startTestServer({
    now: () => Date.now() + skew,
    env: { ACCESS_TOKEN_TTL: String(ACCESS_TTL_S), REFRESH_GRACE_SECONDS: String(GRACE_S) },
  });
});
afterAll(() => t.close());

const locations = (routeId: number) =>
  t.server.ctx.db.selectFrom('locations').selectAll().where('route_id', '=', routeId).execute();
const inProgress = (routeId: number) =>
  t.server.ctx.db.updateTable('routes').set({ status: 'in_progress' }).where('id', '=', routeId).execute();
/** Past the expiry of every access token signed so far. */
const pastExpiry = () => {
  skew += (ACCESS_TTL_S + 1) * 1000;
};
const payload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const revoke = (token: string) => t.request('POST', '/v1/token/revoke', { body: { token } });
const refresh = (token: string) => t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token } });

describe('a socket ends with its token', () => {
  it('closes with 4401 at the expiry, by a timer, with no traffic', async () => {
    const a = await driverOnRoute(t);
    const exp = (payload(a.pair.accessToken).exp as number) * 1000;
    // 300 ms before the token's end, by the server's clock.
    skew = exp - 300 - Date.now();
    const socket = await openSocket(t, a.params);
    const closed = await socket.closed;
    expect(closed).toEqual({ code: SOCKET_CLOSE_TOKEN_ENDED, reason: 'The token has expired' });
    expect(Date.now() + skew).toBeGreaterThanOrEqual(exp);
  });

  it('delivers no event after the expiry: the event closes it', async () => {
    const a = await driverOnRoute(t);
    const socket = await openSocket(t, a.params);
    pastExpiry();
    const [first] = await stopIds(t, a.routeId);
    await t.dispatch('PATCH', `/v1/dispatch/routes/${a.routeId}/stops/${first}`, { recipient_name: 'Anna de Wit' });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect(socket.received).toEqual([]);
  });

  it('stores no position sent after the expiry: the message closes it', async () => {
    const a = await driverOnRoute(t);
    await inProgress(a.routeId);
    const socket = await openSocket(t, a.params);
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.1 } });
    await socket.flush();
    pastExpiry();
    socket.send({ type: 'location', data: { lat: 52.2, lng: 5.2 } });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect((await locations(a.routeId)).map((l) => l.lat)).toEqual([52.1]);
  });

  it("closes a shared link's socket at the link token's expiry", async () => {
    const a = await driverOnRoute(t);
    const link = await makeLink(t, a.routeId);
    const socket = await openSocket(t, { ...a.params, token: link.token });
    skew += (t.config.linkTokenTtlSeconds + 1) * 1000;
    socket.send({ type: 'location', data: { lat: 52.2, lng: 5.2 } });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
  });
});

describe('a revoked session ends its sockets and tokens', () => {
  it('the revoke call closes the family’s sockets at once; its tokens get nothing more', async () => {
    const a = await driverOnRoute(t);
    const other = await signIn(t, a.driver.email);
    const socket = await openSocket(t, a.params);
    const otherSocket = await openSocket(t, { ...a.params, token: other.accessToken });

    const res = await revoke(a.pair.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE_TOKEN_ENDED, reason: 'The session was signed out' });
    expect(socket.received).toEqual([]);
    // The refresh token gets no new pair, the access token opens no socket and makes no call.
    expect((await refresh(a.pair.refreshToken)).status).toBe(401);
    expect((await refusedSocket(t, a.params)).status).toBe(401);
    expect((await t.request('GET', `/v1/drivers/${a.driver.driverId}`, { token: a.pair.accessToken })).status).toBe(
      401,
    );
    // The driver's other sign-in (another device) is untouched.
    expect(otherSocket.ws.readyState).toBe(WebSocket.OPEN);
    expect((await refresh(other.refreshToken)).status).toBe(200);
    await otherSocket.close();
  });

  it('answers 200 again, and for an unknown, garbage or expired token; an expired one still revokes', async () => {
    const a = await driverOnRoute(t);
    expect((await revoke(a.pair.refreshToken)).status).toBe(200);
    expect((await revoke(a.pair.refreshToken)).status).toBe(200);
    expect((await revoke('x.y.z')).status).toBe(200);
    const unknownFamily = await t.server.ctx.tokens.signRefresh(a.driver.driverId, 'no-such-family');
    expect((await revoke(unknownFamily.token)).status).toBe(200);

    // A sign-out queued on a phone for longer than the refresh token lives still ends the session it names.
    const b = await signIn(t, a.driver.email);
    const rotated = await refresh(b.refreshToken);
    const savedSkew = skew;
    skew += (t.config.refreshTokenTtlSeconds + 1) * 1000;
    expect((await revoke(b.refreshToken)).status).toBe(200);
    skew = savedSkew;
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
  });

  it('takes an access token for its family too, refuses a link token, and needs a token', async () => {
    const a = await driverOnRoute(t);
    const socket = await openSocket(t, a.params);
    expect((await revoke(a.pair.accessToken)).status).toBe(200);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect((await refresh(a.pair.refreshToken)).status).toBe(401);

    const link = await makeLink(t, a.routeId);
    const linkAnswer = await revoke(link.token);
    expect(linkAnswer.status).toBe(400);
    expect(linkAnswer.body).toMatchObject({ field: 'token' });
    expect((await t.request('POST', '/v1/token/revoke', { body: {} })).status).toBe(400);
  });

  it('a refresh token reused after its grace closes the family’s sockets', async () => {
    const a = await driverOnRoute(t);
    const next = await refresh(a.pair.refreshToken);
    const socket = await openSocket(t, { ...a.params, token: next.body.accessToken });
    skew += (GRACE_S + 1) * 1000;
    expect((await refresh(a.pair.refreshToken)).status).toBe(401);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
  });

  it('a revocation made by another process stops the next event and message (nothing sent or stored)', async () => {
    const a = await driverOnRoute(t);
    await inProgress(a.routeId);
    const familyId = payload(a.pair.accessToken).fam as string;
    const eventSocket = await openSocket(t, a.params);
    const messageSocket = await openSocket(t, a.params);
    // As another process's revoke does it: in the database only, this process's registry never hears of it.
    await t.server.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('family_id', '=', familyId)
      .execute();

    messageSocket.send({ type: 'location', data: { lat: 52.2, lng: 5.2 } });
    expect((await messageSocket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect(await locations(a.routeId)).toEqual([]);
    await t.dispatch('POST', `/v1/dispatch/routes/${a.routeId}/republish`);
    expect((await eventSocket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect(eventSocket.received).toEqual([]);
  });

  it('a reassignment still tells the old driver, then withdraws the socket (4403, not 4401)', async () => {
    const a = await driverOnRoute(t);
    const socket = await openSocket(t, a.params);
    const newDriver = await makeDriver(t, a.driver.organisationId);
    await t.dispatch('PUT', `/v1/dispatch/routes/${a.routeId}/driver`, { driver_id: newDriver.driverId });
    expect((await socket.next('driver_change')).data.driver_id).toBe(newDriver.driverId);
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_ACCESS_WITHDRAWN);
  });
});

describe('the heartbeat', () => {
  let fast: TestServer;
  beforeAll(async () => {
    fast = await startTestServer({ env: { WS_PING_INTERVAL_MS: '100' } });
  });
  afterAll(() => fast.close());

  it('closes a quiet socket of a family revoked by another process within one interval', async () => {
    const a = await driverOnRoute(fast);
    const socket = await openSocket(fast, a.params);
    await fast.server.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('driver_id', '=', a.driver.driverId)
      .execute();
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect(socket.received).toEqual([]);
  });
});

describe('sockets per principal and route', () => {
  it('keeps the newest three and closes the oldest with 4409; other principals and routes are apart', async () => {
    const a = await driverOnRoute(t);
    const b = await driverOnRoute(t);
    const link = await makeLink(t, a.routeId);
    const bSocket = await openSocket(t, b.params);
    const linkSocket = await openSocket(t, { ...a.params, token: link.token });
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await openSocket(t, a.params));
    expect(t.server.ctx.hub.listenerCount(a.routeId)).toBe(4);

    mine.push(await openSocket(t, a.params));
    expect(await mine[0]!.closed).toEqual({
      code: SOCKET_CLOSE_REPLACED,
      reason: 'A newer connection to this route replaced this one',
    });
    for (const socket of [...mine.slice(1), bSocket, linkSocket]) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    // 150 held by one token (the finding) end as 3.
    const more = await Promise.all(Array.from({ length: 10 }, () => openSocket(t, a.params)));
    for (const socket of mine.slice(1)) expect((await socket.closed).code).toBe(SOCKET_CLOSE_REPLACED);
    await expect.poll(() => more.filter((s) => s.ws.readyState === WebSocket.OPEN).length).toBe(3);
    // The server lets go of a replaced socket's listener at its close event, which comes once the client's close
    // frame is back: a moment after the client already counts the socket as closed.
    await expect.poll(() => t.server.ctx.hub.listenerCount(a.routeId)).toBe(4);
    for (const socket of [...more, bSocket, linkSocket]) await socket.close();
  });
});
