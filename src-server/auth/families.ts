/**
 * A refresh family is one sign-in: every refresh token rotated from it, and every access token issued with them
 * (which carries the family as `fam`). Revoking it ends the session everywhere:
 *
 * - its refresh tokens get no new pair (token-pairs.ts refuses a revoked row);
 * - its access tokens are refused by every call and at the socket's upgrade (principal.ts);
 * - its open sockets are closed with 4401: this process's at once (the socket registry), every other process's
 *   at the first of their next event, next inbound message or next heartbeat (socket/session.ts and
 *   socket/socket-route.ts). Nothing is sent or taken on any of them after the revocation commits, as each event
 *   and message checks the family first; only a socket with no traffic stays open, until its heartbeat.
 *
 * A family is revoked by the revoke call (sign-out) and by the reuse of an old refresh token after its grace.
 *
 * A revocation and a rotation of one family never interleave (lockFamily), so a revocation covers every row the
 * family will ever have: none is added after it (issue 44).
 */
import { sql, type Transaction } from 'kysely';
import { isoNow, type ServerContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { Dialect } from '../db/migrations/001-initial.ts';
import type { Database } from '../db/schema.ts';

/** Families per query when a heartbeat checks them all (well under SQLite's and PostgreSQL's parameter limits). */
const FAMILIES_PER_QUERY = 500;
/** The advisory lock class of a refresh family (the seed uses 18_001, the sender limits 18_002, retention 18_003). */
const FAMILY_LOCK = 18_004;

/**
 * Makes the family's revocation and its rotations (token-pairs.ts) take turns: each holds this until its transaction
 * ends. Why that is needed, and enough:
 *
 * - Without it, on PostgreSQL (READ COMMITTED) the revocation's UPDATE sees the rows committed when it began; a
 *   rotation that had claimed its row and was inserting the successor made the UPDATE wait on that row, and once the
 *   rotation committed the UPDATE revoked the claimed row but never saw the new one, which went on rotating.
 * - With it, whichever comes second starts its statements after the first has committed, and under READ COMMITTED
 *   each statement sees every commit made before it began: a revocation after a rotation sees the successor and
 *   revokes it; a rotation after a revocation finds its row revoked and issues nothing. Every row of a family but its
 *   first is inserted by a rotation, and the first is committed before its token is given out.
 * - On SQLite the server's one connection runs a transaction at a time, and the database takes one writer at a time
 *   on its newest state, so the two take turns already; there is nothing to lock.
 *
 * The key is the family's hash: two families sharing one only wait for each other, never break the rule.
 */
export async function lockFamily(trx: Transaction<Database>, dialect: Dialect, familyId: string): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(${FAMILY_LOCK}, hashtext(${familyId}))`.execute(trx);
}

/**
 * Revokes the family (idempotent: a revoked row keeps its first time) and closes its sockets in this process. Every
 * row in one statement, in turn with the family's rotations (lockFamily).
 */
export async function revokeFamily(ctx: ServerContext, familyId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockFamily(trx, ctx.dialect, familyId);
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: isoNow(ctx) })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  });
  ctx.sockets.closeFamily(familyId);
}

/** Whether the family was revoked. Rows are revoked all together, so any revoked row says it. */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('jti')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these families are revoked: a heartbeat's one check for every socket of the process. */
async function revokedAmong(db: Db, familyIds: readonly string[]): Promise<string[]> {
  const revoked: string[] = [];
  for (let i = 0; i < familyIds.length; i += FAMILIES_PER_QUERY) {
    const rows = await db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('family_id', 'in', familyIds.slice(i, i + FAMILIES_PER_QUERY))
      .where('revoked_at', 'is not', null)
      .execute();
    revoked.push(...rows.map((r) => r.family_id));
  }
  return revoked;
}

/** Closes the sockets of every revoked family this process holds (the heartbeat calls it). */
export async function endRevokedFamilies(ctx: ServerContext): Promise<void> {
  const families = ctx.sockets.families();
  if (families.length === 0) return;
  for (const familyId of await revokedAmong(ctx.db, families)) ctx.sockets.closeFamily(familyId);
}
