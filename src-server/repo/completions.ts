/**
 * The idempotency record of stop updates (IETF Idempotency-Key draft, as Stripe does it): a key is unique per
 * sender; the same key with the same request replays the stored answer, with another request it is a 422.
 * The unique index on (principal, idempotency_key) is the final guard against concurrent duplicates.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest, HttpError } from '../http/errors.ts';

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
  response: string;
}

export function findStoredAnswer(db: Q, principal: string, key: string): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('completions')
    .select(['request_hash', 'response'])
    .where('principal', '=', principal)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The stored answer's JSON when it was made for this very request; a 422 when the key served another. */
export function replayable(stored: StoredAnswer, hash: string): string {
  if (stored.request_hash !== hash) throw new HttpError(422, KEY_REUSED_MESSAGE, 'Idempotency-Key');
  return stored.response;
}

/** A unique index refused a row: SQLite (better-sqlite3) and PostgreSQL (23505) say so differently. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
