/**
 * Sessions end when they should (issue 30), the core against the real server: when the server closes the live
 * channel because its token ended (4401) the core renews the token and reconnects at once, with no reconnect shown;
 * a channel closed as the oldest of too many (4409) waits for its page; Sign out revokes the session on the server
 * without waiting for the network, and a revoke made offline is kept on the device and sent when the network is back,
 * also by a later start on the same IndexedDB with nobody signing in.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SocketSession } from '../../src-server/socket/session.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { LiveSocketState } from '../../src-shared/state/app-state.ts';
import type { WebSocketLike } from '../../src-worker/live/live-connection.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { type CoreHarness, type CoreOptions, newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { manualTimers } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeRoute, PASSWORD, stopsAroundUtrecht } from '../helpers/fixtures.ts';

const ACCESS_TTL_S = 60;
/** The server's and the cores' clock: real time, moved ahead by this much. */
let skew = 0;
const now = () => Date.now() + skew;
const suite = coreSuite({ now, env: { ACCESS_TOKEN_TTL: String(ACCESS_TTL_S) } });
const today = localDate(new Date());

const core = (options: Partial<CoreOptions> = {}) => suite.core({ now, ...options });

/** Every socket the core opens, with the token it carried. */
function trackedSockets() {
  const opened: { ws: WebSocket; token: string }[] = [];
  return {
    opened,
    open: (url: string) => {
      const ws = new WebSocket(url);
      opened.push({ ws, token: new URL(url).searchParams.get('token') ?? '' });
      return ws as unknown as WebSocketLike;
    },
  };
}

/** The live channel's states as the UI saw them, in order. */
const liveStates = (c: CoreHarness): LiveSocketState[] =>
  c.patches.flatMap((p) =>
    p.ops.flatMap((op) =>
      op.op === 'set' && op.path.join('.') === 'live.socket' ? [op.value as LiveSocketState] : [],
    ),
  );

const payload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

/** Whether the server has revoked the sign-in this refresh token belongs to. */
async function revoked(refreshToken: string): Promise<boolean> {
  const rows = await suite.t.server.ctx.db
    .selectFrom('refresh_tokens')
    .select('revoked_at')
    .where('family_id', '=', payload(refreshToken).fam as string)
    .execute();
  return rows.length > 0 && rows.every((r) => r.revoked_at !== null);
}

async function storedRefreshToken(dbName: string): Promise<string> {
  const storage = await openAppStorage(dbName);
  const driver = await storage.getDriver();
  storage.close();
  return driver!.refreshToken;
}

async function pendingRevocations(dbName: string): Promise<string[]> {
  const storage = await openAppStorage(dbName);
  const pending = await storage.pendingRevocations();
  storage.close();
  return pending;
}

async function liveRoute(driver: DriverFixture) {
  const sockets = trackedSockets();
  const timers = manualTimers();
  const c = await core({ timers, openWebSocket: sockets.open });
  await c.api.signIn(driver.email, PASSWORD);
  const { routeId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(3) });
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  await c.until((s) => s.live.socket === 'connected');
  return { c, sockets, routeId, timers };
}

/** The server's open sockets, as the sessions they are (the context knows them only as registered sockets). */
const serverSockets = () => suite.t.server.ctx.sockets.all() as SocketSession[];

describe('the live channel when the server ends its token', () => {
  it('renews the token (a refresh first) and reconnects at once after a 4401, showing no reconnect', async () => {
    const { c, sockets, routeId } = await liveRoute(await makeDriver(suite.t));
    const first = sockets.opened[0]!;
    skew += (ACCESS_TTL_S + 1) * 1000;
    // The next event finds the token ended: the server closes with 4401 and sends nothing.
    await suite.t.dispatch('POST', `/v1/dispatch/routes/${routeId}/republish`);
    await expect.poll(() => sockets.opened.length).toBe(2);
    await c.until((s) => s.live.socket === 'connected');
    await expect.poll(() => serverSockets().filter((s) => s.access.routeId === routeId).length).toBe(1);

    const second = sockets.opened[1]!;
    expect(second.token).not.toBe(first.token);
    expect(payload(second.token).exp).toBeGreaterThan(payload(first.token).exp);
    // The server holds the socket of the renewed token, and the driver saw the channel connected throughout.
    const [held] = serverSockets().filter((s) => s.access.routeId === routeId);
    expect(held!.access.principal.expiresAt).toBe(payload(second.token).exp * 1000);
    expect(liveStates(c)).toEqual(['connecting', 'connected']);
    expect(c.state().session.status).toBe('signed_in');
  });

  it('ends the session when the renewal is refused (the session was signed out elsewhere)', async () => {
    const driver = await makeDriver(suite.t);
    const { c, sockets } = await liveRoute(driver);
    skew += (ACCESS_TTL_S + 1) * 1000;
    // The session's family revoked (its refresh token used after its grace by someone else, say).
    await suite.t.request('POST', '/v1/token/revoke', { body: { token: sockets.opened[0]!.token } });
    const state = await c.until((s) => s.session.status === 'signed_out');
    expect(state.notices.map((n) => n.kind)).toContain('logged_out_automatically');
    expect(state.live.socket).toBe('off');
    expect(sockets.opened).toHaveLength(1);
  });

  it('waits after a 4409 (another tab took its place) until its page is shown again', async () => {
    const driver = await makeDriver(suite.t);
    const { c, sockets, routeId, timers } = await liveRoute(driver);
    const pair = await suite.t.request<{ accessToken: string }>('POST', '/v1/drivers/signin', {
      body: { email: driver.email, password: PASSWORD },
    });
    const projectId = c.state().route!.route!.project_id;
    const url = `${suite.t.wsUrl}/v1/socket?routeId=${routeId}&projectId=${projectId}&owner=driver&deviceId=x`;
    const others = [];
    for (let i = 0; i < 3; i++) {
      const ws = new WebSocket(`${url}&token=${pair.body.accessToken}`);
      await new Promise((resolve) => ws.once('open', resolve));
      others.push(ws);
    }
    await c.until((s) => s.live.socket === 'reconnecting');
    // No reconnect timer: reconnecting now would close another tab's socket, which would come back for this one.
    expect(timers.pending).toBe(0);
    expect(sockets.opened).toHaveLength(1);

    await c.api.setConnectivity({ visible: false });
    await c.api.setConnectivity({ visible: true });
    await c.until((s) => s.live.socket === 'connected');
    expect(sockets.opened).toHaveLength(2);
    for (const ws of others) ws.close();
  });
});

describe('sign-out', () => {
  it('revokes the session on the server: the refresh token the app held gets no new pair', async () => {
    const driver = await makeDriver(suite.t);
    const dbName = newDbName();
    const c = await core({ dbName });
    await c.api.signIn(driver.email, PASSWORD);
    const held = await storedRefreshToken(dbName);
    expect(await c.api.signOut()).toEqual({ ok: true });
    await expect.poll(() => revoked(held)).toBe(true);
    const refresh = await suite.t.request('POST', '/v1/token/refresh', { body: { token: held } });
    expect(refresh.status).toBe(401);
    await expect.poll(() => pendingRevocations(dbName)).toEqual([]);
  });

  it('offline: signs out at once, keeps the revoke, and sends it when the network is back', async () => {
    const driver = await makeDriver(suite.t);
    const dbName = newDbName();
    let offline = false;
    const net: typeof fetch = (input, init) =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
    const c = await core({ dbName, fetch: net });
    await c.api.signIn(driver.email, PASSWORD);
    const held = await storedRefreshToken(dbName);
    offline = true;
    expect(await c.api.signOut()).toEqual({ ok: true });
    await c.until((s) => s.session.status === 'signed_out');
    await expect.poll(() => pendingRevocations(dbName)).toEqual([held]);
    expect(await revoked(held)).toBe(false);

    offline = false;
    await c.api.setConnectivity({ online: true });
    await expect.poll(() => revoked(held)).toBe(true);
    await expect.poll(() => pendingRevocations(dbName)).toEqual([]);
  });

  it('offline, then the tab closed: the next start sends it, with nobody signing in', async () => {
    const driver = await makeDriver(suite.t);
    const dbName = newDbName();
    let offline = false;
    const net: typeof fetch = (input, init) =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
    const first = await core({ dbName, fetch: net });
    await first.api.signIn(driver.email, PASSWORD);
    const held = await storedRefreshToken(dbName);
    offline = true;
    await first.api.signOut();
    await expect.poll(() => pendingRevocations(dbName)).toEqual([held]);
    await first.close();

    const again = await core({ dbName });
    expect(again.state().session.status).toBe('signed_out');
    await expect.poll(() => revoked(held)).toBe(true);
    await expect.poll(() => pendingRevocations(dbName)).toEqual([]);
  });
});
