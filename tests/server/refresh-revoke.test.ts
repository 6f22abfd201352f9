/**
 * A revoked refresh family stays revoked (issue 44): a refresh checks its family, not only its row, and a sign-out
 * racing a refresh leaves nothing of the family usable (docs/server.md, "Tokens"). Across two PostgreSQL processes
 * in tests/postgres/sessions.test.ts; here one server, on SQLite (and on PostgreSQL in its run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import { type DriverFixture, makeDriver, signIn } from '../helpers/fixtures.ts';
import { refreshRevokeRound } from '../helpers/refresh-race.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let driver: DriverFixture;

beforeAll(async () => {
  t = await startTestServer();
  driver = await makeDriver(t);
});
afterAll(async () => {
  await t?.close();
});

const refresh = (token: string) => t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token } });

describe('a refresh checks its family', () => {
  it('refuses a row left unrevoked in a revoked family, and issues nothing', async () => {
    const first = await signIn(t, driver.email);
    const second = (await refresh(first.refreshToken)).body;
    const { familyId, jti } = await t.server.ctx.tokens.verifyRefresh(second.refreshToken);
    expect((await t.request('POST', '/v1/token/revoke', { body: { token: second.refreshToken } })).status).toBe(200);
    // What the race left before the fix: the family revoked, its newest row not.
    await t.server.ctx.db.updateTable('refresh_tokens').set({ revoked_at: null }).where('jti', '=', jti).execute();
    const res = await refresh(second.refreshToken);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'The refresh token has been revoked' });
    const rows = await t.server.ctx.db
      .selectFrom('refresh_tokens')
      .select('jti')
      .where('family_id', '=', familyId)
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe('a revoke racing a refresh of the same family', () => {
  it('leaves every refresh token of the family refused and no access token working, over 50 rounds', async () => {
    const leaks: string[] = [];
    for (let round = 0; round < 50; round++) {
      const problems = await refreshRevokeRound(t, t, driver.driverId, round % 5);
      leaks.push(...problems.map((p) => `round ${round}: ${p}`));
    }
    expect(leaks).toEqual([]);
  }, 60_000);
});
