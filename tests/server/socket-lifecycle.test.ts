import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAX_PENDING_MESSAGES } from '../../src-server/socket/session.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket, refusedSocket, type SocketParams, socketUrl, until } from '../helpers/socket.ts';

describe('heartbeat and shutdown', () => {
  let fast: TestServer;
  beforeAll(async () => {
    fast = await startTestServer({ env: { WS_PING_INTERVAL_MS: '100' } });
  });
  afterAll(() => fast.close());

  it('keeps a peer that answers pings and terminates one that does not', async () => {
    const live = await driverOnRoute(fast);
    const dead = await driverOnRoute(fast);
    const answering = await openSocket(fast, live.params);
    const silent = await openSocket(fast, dead.params, { autoPong: false });
    let pings = 0;
    const threePings = new Promise<void>((resolve) =>
      answering.ws.on('ping', () => {
        if (++pings === 3) resolve();
      }),
    );
    // One ping unanswered, then terminated at the next tick: no close frame, so 1006.
    expect((await silent.closed).code).toBe(1006);
    await until(() => fast.server.ctx.hub.listenerCount(dead.routeId) === 0, 'the unsubscription');
    await threePings;
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    await answering.close();
  });

  it('closes every socket when the server closes', async () => {
    const server = await startTestServer();
    const a = await driverOnRoute(server);
    const b = await driverOnRoute(server);
    const sockets = [await openSocket(server, a.params), await openSocket(server, b.params)];
    await server.close();
    // @fastify/websocket's preClose sends every client a close frame without a code, which clients read as 1005.
    for (const socket of sockets) expect((await socket.closed).code).toBe(1005);
    expect(server.server.app.websocketServer.clients.size).toBe(0);
  });

  it('cuts a peer that never answers the closing handshake, so closing the server does not hang', async () => {
    const server = await startTestServer();
    const a = await driverOnRoute(server);
    const raw = await rawSocket(server, a.params);
    expect(server.server.ctx.hub.listenerCount(a.routeId)).toBe(1);
    await server.close();
    await raw.closed;
  });

  it('closes with 1008 a client that floods it with messages', async () => {
    const a = await driverOnRoute(fast);
    const raw = await rawSocket(fast, a.params);
    // One write of many frames reaches the server in one read, faster than it can store them.
    const frame = clientFrame(JSON.stringify({ type: 'location', data: { lat: 52, lng: 5 } }));
    raw.socket.write(Buffer.concat(Array.from({ length: MAX_PENDING_MESSAGES + 8 }, () => frame)));
    await raw.closed;
    // Server frames are unmasked and short: a close frame is 0x88, its length, then the code.
    const data = Buffer.concat(raw.received);
    const close = data.indexOf(0x88);
    expect(close).toBeGreaterThan(-1);
    expect(data.readUInt16BE(close + 2)).toBe(1008);
  });
});

/** A text frame as a client sends it: masked, here with a zero mask so the payload stays readable. */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('short frames only');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

/** A bare TCP client that upgrades and then only records what it receives: it never answers a close frame. */
async function rawSocket(server: TestServer, params: SocketParams) {
  const url = new URL(socketUrl(server, params));
  const socket = connect(Number(url.port), '127.0.0.1');
  const received: Buffer[] = [];
  const upgraded = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    [
      `GET ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  expect(await upgraded).toMatch(/^HTTP\/1.1 101/);
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  return { socket, received, closed };
}

describe('logs', () => {
  it('never contain a socket token, at the most verbose level', async () => {
    const written: string[] = [];
    // Replacing stdout.write before the server starts makes its logger (pino) write through it.
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const garbage = 'garbage-token-that-must-not-be-logged';
    let token = '';
    try {
      const server = await startTestServer({ logger: true, env: { LOG_LEVEL: 'trace', WS_MAX_MESSAGE_BYTES: '1024' } });
      const a = await driverOnRoute(server);
      token = a.pair.accessToken;
      expect((await refusedSocket(server, { ...a.params, token: garbage })).status).toBe(401);
      expect((await refusedSocket(server, a.params, { origin: 'https://evil.example' })).status).toBe(403);
      const socket = await openSocket(server, a.params);
      socket.send('not JSON');
      await socket.next('error');
      socket.send('x'.repeat(2048));
      expect((await socket.closed).code).toBe(1009);
      await server.close();
    } finally {
      spy.mockRestore();
    }
    const log = written.join('');
    expect(log).toMatch(/token=\[redacted\]/);
    expect(log).not.toContain(garbage);
    expect(log).not.toContain(token);
  });
});
