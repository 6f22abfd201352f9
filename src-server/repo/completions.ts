/**
 * The idempotency record of stop updates (IETF Idempotency-Key draft, as Stripe does it): a key is unique per
 * sender; the same key with the same request replays the answer, with another request it is a 422. The record
 * keeps only what a replay needs (the stop as answered and the route's version), never the whole route.
 * The unique index on (principal, idempotency_key) is the final guard against concurrent duplicates.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import type { RemovedStopRoute, StopUpdateAnswer, StoredStopRoute } from '../../src-shared/protocol/http.ts';
import type { Principal } from '../auth/principal.ts';
import { isoNow, type ServerContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, unprocessable } from '../domain/errors.ts';
import { loadRouteRecord, loadStops, mayOpen } from './routes.ts';
import { serializeRoute } from './serialize.ts';

type Q = Kysely<Database> | Transaction<Database>;

const KEY_REUSED_MESSAGE = 'Idempotency-Key was already used for a different request';
const KEY_MAX_LENGTH = 200;

/** The header's value, or null when absent; 1..200 printable ASCII characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || header.length > KEY_MAX_LENGTH || !/^[\x20-\x7e]+$/.test(header))
    throw badRequest(
      `Idempotency-Key must be 1 to ${KEY_MAX_LENGTH} printable ASCII characters, sent once`,
      'Idempotency-Key',
    );
  return header;
}

/** JSON with object keys sorted, so the same body hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

export interface StoredAnswer {
  request_hash: string;
  /** JSON: the stop as the first answer had it. */
  result: string;
  route_updated_at: string;
}

export function findStoredAnswer(db: Q, principal: string, key: string): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('completions')
    .select(['request_hash', 'result', 'route_updated_at'])
    .where('principal', '=', principal)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The stored record when it was made for this very request; a 422 when the key served another. */
export function replayable(stored: StoredAnswer, hash: string): StoredAnswer {
  if (stored.request_hash !== hash) throw unprocessable(KEY_REUSED_MESSAGE, 'Idempotency-Key');
  return stored;
}

export interface ReplayTarget {
  projectId: number;
  routeId: number;
  stopId: number;
}

/**
 * A replay's answer, made when the replay comes: the route as it is now while the sender may still open it and the
 * stop is still on it, so the app gets current data; otherwise (the route reassigned or gone, the stop removed) the
 * stored stop alone with the route's version of the first answer, since the route is no longer the sender's to see.
 * A stop the dispatcher removed is marked so (`stop_removed`) as the first answer was: the app that lost that answer
 * still tells the driver once. The request's path is the first one's (the request hash covers it), so it names the
 * stored route and stop.
 */
export async function replayAnswer(
  ctx: ServerContext,
  principal: Principal,
  stored: StoredAnswer,
  { projectId, routeId, stopId }: ReplayTarget,
): Promise<StopUpdateAnswer> {
  const record = await loadRouteRecord(ctx.db, routeId);
  if (mayOpen(principal, record, projectId)) {
    const stops = await loadStops(ctx.db, routeId);
    if (stops.some((s) => s.id === stopId)) return [serializeRoute(record, stops, isoNow(ctx))];
  }
  const stop = JSON.parse(stored.result) as Stop;
  const removed = await ctx.db
    .selectFrom('stops')
    .select('id')
    .where('id', '=', stopId)
    .where('route_id', '=', routeId)
    .where('removed_at', 'is not', null)
    .executeTakeFirst();
  const answer: StoredStopRoute = {
    id: routeId,
    project_id: projectId,
    updated_at: stored.route_updated_at,
    partial: true,
    stops: [stop],
  };
  const marked: RemovedStopRoute = { ...answer, stop_removed: true };
  return [removed ? marked : answer];
}

/** A unique index refused a row: SQLite (better-sqlite3) and PostgreSQL (23505) say so differently. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
