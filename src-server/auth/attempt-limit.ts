/**
 * Failed attempts in a row per email, with an exponential wait (NIST SP 800-63B 5.2.2: at most 100 failed attempts
 * in a row on one account). The per-address limit of the sign-in calls stops one client; this stops many clients
 * guessing one driver's password, and the "does this account exist" answer of step one from being asked without end.
 *
 * - The first `free` failures in a row are answered at once; after them each attempt waits 1 s, 2 s, 4 s ... up to
 *   15 minutes, so a driver who mistypes a few times notices nothing and a guesser gets a few hundred tries a day.
 * - The 100th failure in a row locks the email for a day, and each failure after it for another day: an attacker
 *   never gets past 100 plus one a day, a driver can still sign in the day after.
 * - A successful sign-in clears the count. Password-reset requests have no success: their count starts afresh
 *   after a quiet day.
 *
 * The count lives in the database (attempt_limits), so every server process sees the same one, and is changed by a
 * compare-and-swap: of many attempts at the same moment each is counted once, and one that loses the race waits.
 */
import type { ServerContext } from '../context.ts';
import { Refusal } from '../domain/errors.ts';

const MAX_FAILURES_IN_A_ROW = 100;
export const MAX_WAIT_SECONDS = 15 * 60;
export const LOCKOUT_SECONDS = 24 * 3600;
/** A password-reset count with no request for this long starts again from zero. */
const FORGET_RESETS_AFTER_MS = 24 * 3600 * 1000;
/** Compare-and-swap rounds before an attempt that keeps losing the race is told to wait. */
const CAS_ROUNDS = 5;

export type AttemptKind = 'signin' | 'forgot';

export const attemptKey = (kind: AttemptKind, email: string) => `${kind}:${email}`;

/** Seconds to wait after `failures` failures in a row. */
export function waitAfter(failures: number, free: number): number {
  if (failures >= MAX_FAILURES_IN_A_ROW) return LOCKOUT_SECONDS;
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), MAX_WAIT_SECONDS);
}

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** 429 with Retry-After (errors.ts sends the header): the app shows how long to wait. */
class TooManyAttempts extends Refusal {
  constructor(retryAfterSeconds: number) {
    super(
      'too_many_requests',
      `Too many attempts with this email. Try again in ${waitText(retryAfterSeconds)}.`,
      undefined,
      retryAfterSeconds,
    );
  }
}

interface Row {
  failures: number;
  last_failure_at: string;
  wait_until: string | null;
}

async function read(ctx: ServerContext, key: string): Promise<Row | undefined> {
  return ctx.db
    .selectFrom('attempt_limits')
    .select(['failures', 'last_failure_at', 'wait_until'])
    .where('key', '=', key)
    .executeTakeFirst();
}

function assertNotWaiting(row: Row | undefined, now: number): void {
  const until = row?.wait_until ? Date.parse(row.wait_until) : 0;
  if (until > now) throw new TooManyAttempts(Math.ceil((until - now) / 1000));
}

/** The count a new failure starts from: a reset count is forgotten after a quiet day. */
function previousFailures(key: string, row: Row | undefined, now: number): number {
  if (!row) return 0;
  const stale = key.startsWith('forgot:') && now - Date.parse(row.last_failure_at) > FORGET_RESETS_AFTER_MS;
  return stale ? 0 : row.failures;
}

/** Throws TooManyAttempts while the email must wait; counts nothing. */
export async function assertMayAttempt(ctx: ServerContext, key: string): Promise<void> {
  assertNotWaiting(await read(ctx, key), ctx.now());
}

/**
 * Takes an attempt: throws TooManyAttempts while the email must wait, else counts the attempt as a failure before
 * it is made (the password check is slow; concurrent guesses must not all pass the check first). A success calls
 * clearAttempts.
 */
export async function takeAttempt(ctx: ServerContext, key: string): Promise<void> {
  const free = ctx.config.signinFreeFailures;
  for (let round = 0; round < CAS_ROUNDS; round++) {
    const row = await read(ctx, key);
    const now = ctx.now();
    assertNotWaiting(row, now);
    const failures = previousFailures(key, row, now) + 1;
    const wait = waitAfter(failures, free);
    const values = {
      failures,
      last_failure_at: new Date(now).toISOString(),
      wait_until: wait > 0 ? new Date(now + wait * 1000).toISOString() : null,
    };
    if (!row) {
      const inserted = await ctx.db
        .insertInto('attempt_limits')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
      continue;
    }
    const updated = await ctx.db
      .updateTable('attempt_limits')
      .set(values)
      .where('key', '=', key)
      .where('failures', '=', row.failures)
      .where('last_failure_at', '=', row.last_failure_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return;
  }
  throw new TooManyAttempts(1);
}

/** A failure found after the fact (step one's unknown email): counted, never refused here. */
export async function recordFailure(ctx: ServerContext, key: string): Promise<void> {
  try {
    await takeAttempt(ctx, key);
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
  }
}

export async function clearAttempts(ctx: ServerContext, key: string): Promise<void> {
  await ctx.db.deleteFrom('attempt_limits').where('key', '=', key).execute();
}
