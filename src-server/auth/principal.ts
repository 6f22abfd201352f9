/**
 * Who is calling: a signed-in driver (access token) or a shared-link holder (link token, one route only).
 * Tokens come from the Authorization header, or from the query on the socket.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { forbidden, unauthorized } from '../domain/errors.ts';
import { isFamilyRevoked } from './families.ts';
import { type AccessClaims, TokenRejected } from './tokens.ts';

/** `expiresAt`: when the token ends, epoch milliseconds (a socket closes then). */
export type Principal =
  | {
      kind: 'driver';
      driverId: number;
      organisationId: number;
      claims: AccessClaims;
      /** The refresh family the access token was issued with; null for a token from before tokens carried it. */
      familyId: string | null;
      expiresAt: number;
    }
  | { kind: 'link'; linkId: string; routeId: number; projectId: number; organisationId: number; expiresAt: number };

/** The sender's name in stored records: "driver:12" or "link:abc". Never the token. */
export const principalKey = (p: Principal) => (p.kind === 'driver' ? `driver:${p.driverId}` : `link:${p.linkId}`);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

const INVALID_TOKEN = 'The token is invalid or has expired';

/** A token's own fault (tokens.ts) is a 401; any other error (a database's) is the server's, and goes on as is. */
async function verified<T>(verify: Promise<T>): Promise<T> {
  try {
    return await verify;
  } catch (error) {
    if (error instanceof TokenRejected) throw unauthorized(INVALID_TOKEN);
    throw error;
  }
}

async function driverPrincipal(ctx: ServerContext, token: string): Promise<Principal> {
  const claims = await verified(ctx.tokens.verifyAccess(token));
  const driver = await ctx.db
    .selectFrom('drivers')
    .select(['id', 'organisation_id'])
    .where('id', '=', claims.id)
    .executeTakeFirst();
  if (!driver) throw unauthorized(INVALID_TOKEN);
  const familyId = claims.familyId ?? null;
  // Signed out, or its refresh token reused: refused like an expired token.
  if (familyId !== null && (await isFamilyRevoked(ctx.db, familyId))) throw unauthorized(INVALID_TOKEN);
  return {
    kind: 'driver',
    driverId: driver.id,
    organisationId: driver.organisation_id,
    claims,
    familyId,
    expiresAt: ctx.tokens.peekExpiry(token) ?? 0,
  };
}

async function linkPrincipal(ctx: ServerContext, token: string): Promise<Principal> {
  const claims = await verified(ctx.tokens.verifyLink(token));
  const link = await ctx.db
    .selectFrom('links')
    .select(['revoked_at', 'route_id'])
    .where('id', '=', claims.linkId)
    .executeTakeFirst();
  if (!link || link.revoked_at || link.route_id !== claims.routeId) throw unauthorized(INVALID_TOKEN);
  return { kind: 'link', ...claims, expiresAt: ctx.tokens.peekExpiry(token) ?? 0 };
}

/**
 * Verifies an access or link token. Only the token's own faults are a 401 (bad signature, expired, of another type,
 * malformed, its driver gone, its family revoked, its link revoked or of another route), so the app tries its refresh
 * token, or holds a shared link as refused for good. Any other failure (the database's) is not the token's: it goes
 * on to the error handler as a 500 (issue 46), and the same token works once the server does.
 */
export async function principalFromToken(ctx: ServerContext, token: string | null): Promise<Principal> {
  if (!token) throw unauthorized('Authentication required');
  const type = ctx.tokens.peekType(token);
  if (type === 'access') return driverPrincipal(ctx, token);
  if (type === 'link') return linkPrincipal(ctx, token);
  throw unauthorized('This token cannot be used for this call');
}

export const authenticate = (ctx: ServerContext, request: FastifyRequest) =>
  principalFromToken(ctx, bearerToken(request));

/** For calls a shared link may not make (route list, driver, other routes). */
export async function authenticateDriver(ctx: ServerContext, request: FastifyRequest) {
  const principal = await authenticate(ctx, request);
  if (principal.kind !== 'driver') throw forbidden('A shared link opens only its own route');
  return principal;
}
