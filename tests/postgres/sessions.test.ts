/**
 * A sign-out through one process ends the session's sockets on another (issue 30): the revoke call on A closes the
 * socket held by B with 4401 at B's next event, message or heartbeat, whichever comes first (docs/server.md,
 * "Tokens"), and a revoke racing a refresh on the other process leaves nothing of the family usable (issue 44). Two
 * real servers in-process on one PostgreSQL database, as in scale-out.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_TOKEN_ENDED } from '../../src-shared/protocol/socket.ts';
import { makeDriver } from '../helpers/fixtures.ts';
import { refreshRevokeRound } from '../helpers/refresh-race.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { driverOnRoute, openSocket } from '../helpers/socket.ts';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer();
  // B's heartbeat every 200 ms: the bound for a quiet socket is one interval.
  b = await startTestServer({ env: { WS_PING_INTERVAL_MS: '200' }, sameDatabaseAs: a });
});
afterAll(async () => {
  // b first: a drops the database they share.
  await b?.close();
  await a?.close();
});

describe('revoked through one process', () => {
  it("closes the session's quiet socket on the other within one heartbeat", async () => {
    const driver = await driverOnRoute(a);
    const onB = await openSocket(b, driver.params);
    const res = await a.request('POST', '/v1/token/revoke', { body: { token: driver.pair.refreshToken } });
    expect(res.status).toBe(200);
    const started = Date.now();
    expect((await onB.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(onB.received).toEqual([]);
  });

  it('delivers no event on the other process after the revoke', async () => {
    const driver = await driverOnRoute(a);
    const slow = await startTestServer({ sameDatabaseAs: a });
    try {
      const onSlow = await openSocket(slow, driver.params);
      await a.request('POST', '/v1/token/revoke', { body: { token: driver.pair.refreshToken } });
      await a.dispatch('POST', `/v1/dispatch/routes/${driver.routeId}/republish`);
      expect((await onSlow.closed).code).toBe(SOCKET_CLOSE_TOKEN_ENDED);
      expect(onSlow.received).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

describe('a revoke racing a refresh of the same family', () => {
  it('leaves every refresh token of the family refused and no access token working, over 50 rounds', async () => {
    const driver = await makeDriver(a);
    const leaks: string[] = [];
    for (let round = 0; round < 50; round++) {
      // The refresh and the revoke go to different processes, each way in turn; the revoke 0 to 4 ms after.
      const [refreshVia, revokeVia] = round % 2 === 0 ? [a, b] : [b, a];
      const problems = await refreshRevokeRound(refreshVia, revokeVia, driver.driverId, round % 5);
      leaks.push(...problems.map((p) => `round ${round}: ${p}`));
    }
    expect(leaks).toEqual([]);
  }, 120_000);
});
