/**
 * Only a token's own failures are refusals (issue 46): a database that fails while the server reads who is calling is
 * the server's failure, a 500 with the usual error body, never the 401 that makes the app refresh a driver's session
 * or record a shared link as refused for good. The database fails for real: the table the lookup reads is renamed
 * away, then back (on SQLite here, on PostgreSQL in its run).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTokenService } from '../../src-server/auth/tokens.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, type RouteSession, routeSession } from '../helpers/sessions.ts';
import { openSocket, refusedSocket } from '../helpers/socket.ts';

let t: TestServer;
let s: RouteSession;
let link: string;

const SERVER_ERROR = { message: 'Something went wrong on the server' };

beforeAll(async () => {
  t = await startTestServer();
  s = await routeSession(t);
  link = await makeLink(t, s.routeId);
});
afterAll(() => t.close());

/** Runs `during` while `table` is missing, and puts it back whatever happens. */
async function withoutTable(table: 'drivers' | 'links', during: () => Promise<void>): Promise<void> {
  const { db } = t.server.ctx;
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
  try {
    await during();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db);
  }
}

const getRoute = (token: string) => t.request('GET', `/v1/projects/routes/${s.routeId}`, { token });
const socketParams = (token: string) => ({ routeId: s.routeId, projectId: s.projectId, token });

describe('a database failure while reading who is calling', () => {
  it("answers a shared link's call with 500, and the same token works once the database is back", async () => {
    await withoutTable('links', async () => {
      const res = await getRoute(link);
      expect(res.status).toBe(500);
      expect(res.body).toEqual(SERVER_ERROR);
    });
    expect((await getRoute(link)).status).toBe(200);
  });

  it("answers a driver's call with 500, and the same token works once the database is back", async () => {
    await withoutTable('drivers', async () => {
      const res = await getRoute(s.token);
      expect(res.status).toBe(500);
      expect(res.body).toEqual(SERVER_ERROR);
    });
    expect((await getRoute(s.token)).status).toBe(200);
  });

  it('refuses a socket with 500 before the upgrade, never as refused, and opens it once the database is back', async () => {
    for (const [token, table] of [
      [link, 'links'],
      [s.token, 'drivers'],
    ] as const) {
      await withoutTable(table, async () => {
        const refusal = await refusedSocket(t, socketParams(token));
        expect(refusal, table).toEqual({ status: 500, body: SERVER_ERROR });
      });
      const socket = await openSocket(t, socketParams(token));
      expect(socket.version, table).not.toBeNull();
      await socket.close();
    }
  });

  it("keeps an open link's socket when its access check fails: an error message, not the refusal's 4403", async () => {
    const socket = await openSocket(t, socketParams(link));
    await withoutTable('links', async () => {
      socket.send('not JSON');
      expect((await socket.next('error')).data).toEqual(SERVER_ERROR);
    });
    await socket.flush();
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    await socket.close();
  });

  it('still refuses a revoked link with 401, on a call and at the socket', async () => {
    const revoked = await makeLink(t, s.routeId);
    const { linkId } = await t.server.ctx.tokens.verifyLink(revoked);
    await t.server.ctx.db
      .updateTable('links')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', linkId)
      .execute();
    expect(await getRoute(revoked)).toMatchObject({
      status: 401,
      body: { message: 'The token is invalid or has expired' },
    });
    expect((await refusedSocket(t, socketParams(revoked))).status).toBe(401);
  });

  it('still refuses a token signed with another key with 401, and its revoke changes nothing (200)', async () => {
    const forger = createTokenService('not-the-server-secret', t.config);
    const { linkId, routeId, projectId, organisationId } = await t.server.ctx.tokens.verifyLink(link);
    const forgedLink = await forger.signLink({ linkId, routeId, projectId, organisationId });
    const driverClaims = await t.server.ctx.tokens.verifyAccess(s.token);
    const forgedAccess = (await forger.signAccess(driverClaims)).token;
    for (const token of [forgedLink, forgedAccess]) {
      expect(await getRoute(token)).toMatchObject({
        status: 401,
        body: { message: 'The token is invalid or has expired' },
      });
      expect((await refusedSocket(t, socketParams(token))).status).toBe(401);
    }
    const forgedRefresh = (await forger.signRefresh(s.driver.driverId, 'some-family')).token;
    expect((await t.request('POST', '/v1/token/refresh', { body: { token: forgedRefresh } })).status).toBe(401);
    expect((await t.request('POST', '/v1/token/revoke', { body: { token: forgedRefresh } })).status).toBe(200);
  });
});
