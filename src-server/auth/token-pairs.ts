/**
 * Token pairs: issued at sign-in, rotated on refresh. Every refresh token belongs to a family (one sign-in); each use
 * replaces it with a successor, and reuse is handled as RFC 9700 section 4.14 says:
 *
 * - Reused within the grace window (REFRESH_GRACE_SECONDS) of its first use: the answer to that use was probably lost
 *   on the way (a flaky network, a phone that slept). The caller gets the very refresh token that use issued, signed
 *   again (HS256 is deterministic: the same claims, jti and iat give the same token), so a family never has two live
 *   successors, however many requests race; its access token (the same jti) starts at the reuse.
 * - Reused after the grace window: someone else holds a copy. The whole family is revoked.
 *
 * The use is claimed and its successor named in one transaction, so of concurrent refreshes with one token exactly
 * one mints the successor and the others read it. A refresh checks its family, not only its row, and rotates in turn
 * with the family's revocation (families.ts, lockFamily): once a sign-out has committed, no pair of its family is
 * issued again and no row of it is left to rotate.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import { isoNow, type ServerContext } from '../context.ts';
import type { DriverRow } from '../db/schema.ts';
import { badRequest, unauthorized } from '../domain/errors.ts';
import { isFamilyRevoked, lockFamily, revokeFamily } from './families.ts';
import { type Issue, TokenRejected } from './tokens.ts';

const INVALID_MESSAGE = 'The refresh token is invalid or has expired';
const REVOKED_MESSAGE = 'The refresh token has been revoked';
const REUSED_MESSAGE = 'This refresh token was already used; please sign in again';

/** The access token issued with a refresh token has a jti derived from the refresh token's, so it can be re-signed. */
const accessJti = (refreshJti: string) =>
  createHash('sha256').update(`access:${refreshJti}`).digest('hex').slice(0, 32);

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Signs the pair of a refresh token already recorded (or about to be) under `issue`. `accessIat`: when its access token
 * starts, `issue.iat` unless given.
 */
async function signPair(
  ctx: ServerContext,
  driver: DriverRow,
  familyId: string,
  issue: Issue,
  accessIat = issue.iat,
): Promise<TokenPair> {
  const org = await ctx.db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', driver.organisation_id)
    .executeTakeFirstOrThrow();
  const access = await ctx.tokens.signAccess(
    {
      id: driver.id,
      first_name: driver.first_name,
      last_name: driver.last_name,
      organisationName: org.name,
      organisationId: driver.organisation_id,
      familyId,
    },
    { jti: accessJti(issue.jti), iat: accessIat },
  );
  const refresh = await ctx.tokens.signRefresh(driver.id, familyId, issue);
  return { accessToken: access.token, refreshToken: refresh.token, expiresAt: access.expiresAt };
}

function newIssue(ctx: ServerContext): Issue {
  return { jti: randomUUID(), iat: Math.floor(ctx.now() / 1000) };
}

function refreshRow(ctx: ServerContext, driverId: number, familyId: string, issue: Issue) {
  return {
    jti: issue.jti,
    family_id: familyId,
    driver_id: driverId,
    issued_at: iso(issue.iat),
    expires_at: iso(issue.iat + ctx.config.refreshTokenTtlSeconds),
    used_at: null,
    replaced_by: null,
    revoked_at: null,
  };
}

/** A sign-in: a new family. */
export async function issueTokens(ctx: ServerContext, driver: DriverRow): Promise<TokenPair> {
  const issue = newIssue(ctx);
  const familyId = randomUUID();
  await ctx.db
    .insertInto('refresh_tokens')
    .values(refreshRow(ctx, driver.id, familyId, issue))
    .execute();
  return signPair(ctx, driver, familyId, issue);
}

export async function refreshTokens(ctx: ServerContext, token: string, log: FastifyBaseLogger): Promise<TokenPair> {
  let claims: Awaited<ReturnType<typeof ctx.tokens.verifyRefresh>>;
  try {
    claims = await ctx.tokens.verifyRefresh(token);
  } catch (error) {
    // Only the token's fault is a 401 (issue 46); anything else is the server's, a 500.
    if (error instanceof TokenRejected) throw unauthorized(INVALID_MESSAGE);
    throw error;
  }
  const row = await ctx.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', claims.jti).executeTakeFirst();
  if (!row || row.revoked_at) throw unauthorized(REVOKED_MESSAGE);
  const driver = await ctx.db.selectFrom('drivers').selectAll().where('id', '=', row.driver_id).executeTakeFirst();
  if (!driver) throw unauthorized('The driver no longer exists');

  const issue = newIssue(ctx);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    await lockFamily(trx, ctx.dialect, row.family_id);
    // Only one caller can turn used_at from null, and only while no row of the family is revoked (a family revoked
    // before this fix may have left one row unrevoked); it names the successor in the same statement.
    const use = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: isoNow(ctx), replaced_by: issue.jti })
      .where('jti', '=', row.jti)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refresh_tokens as revoked')
              .select('revoked.jti')
              .where('revoked.family_id', '=', row.family_id)
              .where('revoked.revoked_at', 'is not', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(use.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('refresh_tokens')
      .values(refreshRow(ctx, driver.id, row.family_id, issue))
      .execute();
    return true;
  });
  if (claimed) return signPair(ctx, driver, row.family_id, issue);

  // Reused (or its family revoked): read the first use as it was committed.
  const used = await ctx.db
    .selectFrom('refresh_tokens')
    .select(['used_at', 'replaced_by'])
    .where('jti', '=', row.jti)
    .executeTakeFirstOrThrow();
  const age = ctx.now() - Date.parse(used.used_at ?? '');
  const successor = used.replaced_by
    ? await ctx.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', used.replaced_by).executeTakeFirst()
    : undefined;
  // The family last, after both rows: a revocation committed by now refuses, whatever the rows said when read.
  if (await isFamilyRevoked(ctx.db, row.family_id)) throw unauthorized(REVOKED_MESSAGE);
  if (!(age <= ctx.config.refreshGraceSeconds * 1000) || !successor) {
    await revokeFamily(ctx, row.family_id);
    log.warn({ driverId: row.driver_id, family: row.family_id }, 'refresh token reuse: family revoked');
    throw unauthorized(REUSED_MESSAGE);
  }
  // The answer the first use got, signed again: the very refresh token it issued, so nothing new even if a
  // revocation commits meanwhile (its tokens are refused from then on like every other of the family). Its access
  // token starts now: the first one may have run out while its answer was lost (a TTL shorter than the grace), and a
  // pair that is dead on arrival would sign the driver out. Access tokens are held nowhere, so this adds no holder.
  return signPair(
    ctx,
    driver,
    row.family_id,
    { jti: successor.jti, iat: Math.floor(Date.parse(successor.issued_at) / 1000) },
    Math.floor(ctx.now() / 1000),
  );
}

/**
 * The revoke call (`POST /v1/token/revoke`, RFC 7009): the family a refresh token (or an access token, which carries
 * it) names is revoked, and with it every token of that sign-in and its sockets (families.ts).
 *
 * Answered alike whatever the token's state, as RFC 7009 section 2.2 says: an expired token still revokes its family
 * (a sign-out queued on a phone for days must still end a copy taken before it; the signature proves the token is
 * ours), and a token that is garbage, of an unknown family or already revoked changes nothing, so the caller can send
 * it again until it hears an answer, and the answer tells nobody whether a token was live. A shared link's token is
 * refused: a link is revoked by the dispatcher (its row), not by whoever holds it.
 */
export async function revokeTokenFamily(ctx: ServerContext, token: string): Promise<void> {
  const type = ctx.tokens.peekType(token);
  if (type === 'link') throw badRequest('A shared link is revoked by the dispatcher, not with this call', 'token');
  let familyId: string | undefined;
  try {
    if (type === 'refresh') familyId = (await ctx.tokens.verifyRefresh(token, { evenExpired: true })).familyId;
    if (type === 'access') familyId = (await ctx.tokens.verifyAccess(token, { evenExpired: true })).familyId;
  } catch (error) {
    // A token that is not ours changes nothing; a failure of the server's is a 500, so the app sends it again.
    if (error instanceof TokenRejected) return;
    throw error;
  }
  if (familyId) await revokeFamily(ctx, familyId);
}
