/**
 * Whether a socket's principal may still reach its route, checked for every event and message (socket/session.ts): a
 * revoked link, a route given to another driver or a signed-out session stops the flow at once, without waiting for
 * a token to expire. As a column set over `routes`, so a socket position reads it in the same statement as the rest
 * it needs (tracking.ts `recordSocketLocation`).
 */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/schema.ts';

/** `withdrawn`: the route is no longer this principal's (or its link was revoked); `signed_out`: its family was. */
export type RouteAccess = 'allowed' | 'withdrawn' | 'signed_out';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Whether the principal's right to the route was revoked: its link, or its token's refresh family (signed out, or a
 * refresh token reused). A token without a family (issued before tokens carried it) matches no revoked row.
 */
export function revokedColumn(eb: ExpressionBuilder<Database, 'routes'>, principal: Principal) {
  if (principal.kind === 'link') {
    const live = eb
      .selectFrom('links')
      .select('links.id')
      .where('links.id', '=', principal.linkId)
      .where('links.revoked_at', 'is', null);
    return eb.not(eb.exists(live)).as('revoked');
  }
  const revokedFamily = eb
    .selectFrom('refresh_tokens')
    .select('refresh_tokens.jti')
    .where('refresh_tokens.family_id', '=', principal.familyId ?? '')
    .where('refresh_tokens.revoked_at', 'is not', null);
  return eb.exists(revokedFamily).as('revoked');
}

/** The access a route row with `revokedColumn` says (SQLite answers 0 or 1 for it, PostgreSQL a boolean). */
export function accessFrom(principal: Principal, row: { driver_id: number | null; revoked: unknown } | undefined) {
  let access: RouteAccess = 'allowed';
  if (!row) access = 'withdrawn';
  else if (principal.kind === 'link') access = row.revoked ? 'withdrawn' : 'allowed';
  else if (row.revoked) access = 'signed_out';
  else if (row.driver_id !== principal.driverId) access = 'withdrawn';
  return access;
}

/** One statement: the route's driver, and whether the principal's family or link was revoked. */
export async function routeAccess(db: Q, principal: Principal, routeId: number): Promise<RouteAccess> {
  const row = await db
    .selectFrom('routes')
    .select('routes.driver_id')
    .select((eb) => revokedColumn(eb, principal))
    .where('routes.id', '=', routeId)
    .executeTakeFirst();
  return accessFrom(principal, row);
}
