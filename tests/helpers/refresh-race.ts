/**
 * A refresh and a sign-out (revoke) of one refresh family sent at once, and what must hold once both are answered:
 * the revoke won, whichever came first. The race of issue 44: on PostgreSQL a refresh committing its new row while
 * the revoke's UPDATE ran could leave that row unrevoked and rotating (docs/server.md, "Tokens").
 */

import { issueTokens } from '../../src-server/auth/token-pairs.ts';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { TestServer } from './server.ts';

const refresh = (t: TestServer, token: string) =>
  t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token } });

/** The family's rows the revoke left unrevoked: none may be left. */
async function liveRows(t: TestServer, familyId: string): Promise<number> {
  const rows = await t.server.ctx.db
    .selectFrom('refresh_tokens')
    .select('jti')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

/**
 * One round: a new sign-in of the driver, then its refresh through `refreshVia` and its revoke through `revokeVia`
 * at once. Answers what went wrong (empty when the revoke held): a row of the family left unrevoked, a refresh token
 * of the family that still rotates, an access token issued by the racing refresh that still opens a call.
 *
 * `revokeAfterMs` starts the revoke that much after the refresh: a revoke sent at the very same moment mostly lands
 * before the refresh has claimed its row (it has less to do first), so rounds that shift it by 0 to a few
 * milliseconds sweep the refresh's transaction, where the old code lost (4 to 10 rounds of 50 on PostgreSQL rather
 * than 0 to 4). It is not a wait for anything: every check below waits for answers only.
 */
export async function refreshRevokeRound(
  refreshVia: TestServer,
  revokeVia: TestServer,
  driverId: number,
  revokeAfterMs: number,
): Promise<string[]> {
  const { ctx } = refreshVia.server;
  const driver = await ctx.db.selectFrom('drivers').selectAll().where('id', '=', driverId).executeTakeFirstOrThrow();
  const pair = await issueTokens(ctx, driver);
  const { familyId } = await ctx.tokens.verifyRefresh(pair.refreshToken);
  const [refreshed, revoked] = await Promise.all([
    refresh(refreshVia, pair.refreshToken),
    new Promise((started) => setTimeout(started, revokeAfterMs)).then(() =>
      revokeVia.request('POST', '/v1/token/revoke', { body: { token: pair.refreshToken } }),
    ),
  ]);
  const problems: string[] = [];
  if (revoked.status !== 200) problems.push(`the revoke answered ${revoked.status}`);
  if (![200, 401].includes(refreshed.status)) problems.push(`the refresh answered ${refreshed.status}`);
  const left = await liveRows(refreshVia, familyId);
  if (left > 0) problems.push(`${left} row(s) of the family left unrevoked`);
  if ((await refresh(revokeVia, pair.refreshToken)).status !== 401) problems.push('the signed-in token still rotates');
  if (refreshed.status === 200) {
    const fresh = refreshed.body;
    const opened = await revokeVia.request('GET', `/v1/drivers/${driverId}`, { token: fresh.accessToken });
    if (opened.status !== 401) problems.push(`the racing refresh's access token answered ${opened.status}`);
    const again = await refresh(revokeVia, fresh.refreshToken);
    if (again.status !== 401) problems.push(`the racing refresh's refresh token answered ${again.status}`);
    if (again.status === 200) {
      const next = await refreshVia.request('GET', `/v1/drivers/${driverId}`, { token: again.body.accessToken });
      if (next.status !== 401) problems.push(`an access token issued after the revoke answered ${next.status}`);
    }
  }
  return problems;
}
