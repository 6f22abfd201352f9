/**
 * A position sent on a socket is the message every driver sends every 30 s, so its cost is the server's: one
 * statement reads everything it needs decided (the socket's access, the plan, the route's status, the sender's last
 * minute) and one inserts it (repo/tracking.ts recordSocketLocation). Nothing is cached: a change made behind the
 * process's back (another process, straight in the database) counts for the very next position.
 */
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_ACCESS_WITHDRAWN, SOCKET_CLOSE_TOKEN_ENDED } from '../../src-shared/protocol/socket.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket } from '../helpers/socket.ts';

const RATE_LIMIT = 3;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ env: { LOCATION_RATE_LIMIT: String(RATE_LIMIT) } });
});
afterAll(() => t.close());

/** Counts the statements the server runs while `work` runs (those Kysely builds or runs raw; not BEGIN/COMMIT). */
async function statementsDuring(work: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const counter: KyselyPlugin = {
    transformQuery({ node }) {
      seen.push(node.kind);
      return node as RootOperationNode;
    },
    transformResult: async ({ result }) => result,
  };
  const ctx = t.server.ctx as { db: typeof t.server.ctx.db };
  const plain = ctx.db;
  ctx.db = plain.withPlugin(counter);
  try {
    await work();
  } finally {
    ctx.db = plain;
  }
  return seen;
}

async function startedDriver() {
  const a = await driverOnRoute(t);
  await t.server.ctx.db.updateTable('routes').set({ status: 'in_progress' }).where('id', '=', a.routeId).execute();
  const socket = await openSocket(t, a.params);
  const db = t.server.ctx.db;
  const locations = () => db.selectFrom('locations').selectAll().where('route_id', '=', a.routeId).execute();
  return { ...a, socket, locations };
}

describe('a position sent on the socket', () => {
  it('costs two statements: one read of what decides it, and the insert (the advisory lock aside)', async () => {
    const { socket, locations } = await startedDriver();
    const seen = await statementsDuring(async () => {
      socket.send({ type: 'location', data: { lat: 52.1, lng: 5.2 } });
      // Polled through the database as it was before the count (locations() would count its own reads).
      await expect.poll(locations, { timeout: 5000, interval: 20 }).toHaveLength(1);
    });
    // PostgreSQL's advisory lock is a raw statement.
    const withoutLock = seen.filter((kind) => kind !== 'RawNode');
    expect(withoutLock, JSON.stringify(seen)).toEqual(['SelectQueryNode', 'InsertQueryNode']);
    await socket.close();
  });

  it('closes the socket, storing nothing, when the route was taken from the driver behind the process’s back', async () => {
    const { socket, locations, routeId } = await startedDriver();
    // Straight in the database, as another process would: no event reaches this one.
    await t.server.ctx.db.updateTable('routes').set({ driver_id: null }).where('id', '=', routeId).execute();
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.2 } });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_ACCESS_WITHDRAWN);
    expect(await locations()).toEqual([]);
  });

  it('closes the socket, storing nothing, when the session was signed out through another process', async () => {
    const { socket, locations, driver } = await startedDriver();
    await t.server.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('driver_id', '=', driver.driverId)
      .execute();
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.2 } });
    expect((await socket.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect(await locations()).toEqual([]);
  });

  it('is refused, the socket staying open, once the route is finished or past the sender’s limit a minute', async () => {
    const { socket, locations, routeId } = await startedDriver();
    for (let i = 0; i < RATE_LIMIT; i++) socket.send({ type: 'location', data: { lat: 52.1, lng: 5.2 + i / 100 } });
    await socket.flush();
    expect(socket.all('error')).toEqual([]);
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.3 } });
    expect((await socket.next('error')).data.message).toMatch(/Too many positions: at most 3 a minute/);
    await t.server.ctx.db.updateTable('routes').set({ status: 'finished' }).where('id', '=', routeId).execute();
    socket.send({ type: 'location', data: { lat: 52.1, lng: 5.3 } });
    expect((await socket.next('error')).data.message).toMatch(/only while the route is in progress/);
    expect(await locations()).toHaveLength(RATE_LIMIT);
    await socket.close();
  });
});
