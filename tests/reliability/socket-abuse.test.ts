/**
 * WebSocket abuse: foreign origins, frames over the cap, floods and expired tokens, against the real server's
 * socket with its default settings. Nothing of it may be stored, and the server keeps serving.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket, refusedSocket } from '../helpers/socket.ts';

let t: TestServer;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { PUBLIC_URL: 'https://droplane.example' } });
});
afterAll(() => t.close());

const stored = async (routeId: number) =>
  (await t.server.ctx.db.selectFrom('locations').select('id').where('route_id', '=', routeId).execute()).length;

it('refuses foreign origins and expired tokens, cuts oversized frames and floods, and stores within the limit', async () => {
  const a = await driverOnRoute(t);
  await t.server.ctx.db.updateTable('routes').set({ status: 'in_progress' }).where('id', '=', a.routeId).execute();
  const origins = ['https://evil.example', 'null', 'https://droplane.example.evil.example', 'http://droplane.example'];
  for (const origin of origins) expect((await refusedSocket(t, a.params, { origin })).status, origin).toBe(403);

  // A frame over the 64 KiB cap: closed with 1009 before it is read.
  const big = await openSocket(t, a.params);
  big.send({ type: 'location', data: { error: 'x'.repeat(70 * 1024) } });
  expect((await big.closed).code).toBe(1009);

  // A flood: 1,000 messages at once. The queue cap closes the socket (1008) or the per-sender limit refuses the
  // rest; either way at most the limit of positions is stored.
  const flood = await openSocket(t, a.params);
  const message = JSON.stringify({ type: 'location', data: { lat: 52.1, lng: 5.1 } });
  for (let i = 0; i < 1000; i++) flood.ws.send(message);
  const outcome = await Promise.race([
    flood.closed.then((c) => `closed ${c.code}`),
    new Promise<string>((resolve) => setTimeout(() => resolve('open'), 3000)),
  ]);
  const positions = await stored(a.routeId);
  expect(positions).toBeLessThanOrEqual(t.config.locationRateLimit);
  if (outcome === 'open') await flood.close();

  // An access token past its expiry opens nothing.
  clock += (t.config.accessTokenTtlSeconds + 1) * 1000;
  expect((await refusedSocket(t, a.params)).status).toBe(401);
  clock = Date.now();

  // The server still serves a well-behaved client.
  const fine = await openSocket(t, a.params);
  expect(fine.ws.readyState).toBe(WebSocket.OPEN);
  await fine.close();
  console.log(
    `reliability: WebSocket abuse ${origins.length} foreign origins 403, 70 KiB frame 1009, 1000-message flood ${outcome} with ${positions} stored (limit ${t.config.locationRateLimit}), expired token 401`,
  );
});
