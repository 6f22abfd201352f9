/**
 * Trying a stop's delivery code (issue 34): the driver's check before completing, and the completion itself. Every
 * wrong try is counted against the stop, and a stop that took DELIVERY_CODE_MAX_WRONG wrong codes takes no more,
 * right or wrong, until the dispatcher sets its code again (route-changes.ts): only the outcomes that stand in for a
 * code (`code_exempt_places`) complete it then. A code is tried only where the code gates are open: with them off
 * nothing is judged or counted, so no stop is locked before the office turns codes on.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { outcomeGates } from '../../src-shared/domain/outcomes/rules.ts';
import { DELIVERY_CODE_MAX_WRONG } from '../../src-shared/limits.ts';
import type { Plan } from '../../src-shared/protocol/entities.ts';
import type { Database, PublicationSettingsRow, RouteRow } from '../db/schema.ts';
import { deliveryCodeMatches } from '../domain/delivery-code.ts';
import { badRequest, forbidden, unprocessable } from '../domain/errors.ts';
import { CODES_OFF_MESSAGE } from './outcome-policy.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** What a typed code did: the stop has none, it was right, wrong (this many tries left), or the stop is locked. */
export type CodeVerdict =
  | { kind: 'no_code' }
  | { kind: 'right'; triesLeft: number }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked' };

const CODE_LOCKED_MESSAGE =
  'Too many wrong delivery codes for this stop: leave the parcel where the organisation allows it without a code, or ask the office to set the code again';

/**
 * 403 naming `field` unless the organisation's plan (`ft_delivery_codes`) and the route's publication settings
 * (`delivery_codes`) both turn codes on: checked before a code is tried, so with the gates off nothing is judged or
 * counted. The write's transaction checks the gates again under the route's lock (outcome-policy.ts).
 */
export async function assertCodeGatesOpen(
  db: Q,
  route: Pick<RouteRow, 'organisation_id'>,
  settings: Pick<PublicationSettingsRow, 'delivery_codes'>,
  field: string,
): Promise<void> {
  const org = await db
    .selectFrom('organisations')
    .select('plan')
    .where('id', '=', route.organisation_id)
    .executeTakeFirstOrThrow();
  const plan = JSON.parse(org.plan) as Partial<Plan>;
  if (!outcomeGates(plan, { delivery_codes: Boolean(settings.delivery_codes) }).deliveryCodes)
    throw forbidden(CODES_OFF_MESSAGE, field);
}

/**
 * Tries `typed` against the stop's code: a try is counted before it is judged, and only a counted try is judged.
 *
 * Why this is safe with any number of tries at once, on any number of server processes: the try claims one of the
 * stop's places (`delivery_code_wrong + 1`, only while below the limit) and reads the hash in one UPDATE ... RETURNING.
 * One statement on one row is atomic on both databases: PostgreSQL locks the row and re-checks the WHERE on the row
 * as the last writer left it (READ COMMITTED), SQLite writes one statement at a time. So at most
 * DELIVERY_CODE_MAX_WRONG tries hold a place at any moment, and a try that got none is answered "locked" without its
 * code being compared. A right try gives its place back (one statement, guarded by the same hash so a code the
 * dispatcher set meanwhile, whose count started anew, is not touched): a right code costs the driver nothing, and
 * it was judged only while fewer than DELIVERY_CODE_MAX_WRONG wrong tries were counted, so "right" is never answered
 * once five wrong tries are counted. Nothing is read in one statement and written back in another. For the moment a
 * right try holds its place, a wrong try beside it sees one place fewer (at the limit it is answered "locked"): the
 * overlap errs toward refusing a try, never toward judging one more.
 */
export async function tryDeliveryCode(db: Q, stopId: number, typed: string): Promise<CodeVerdict> {
  const claimed = await db
    .updateTable('stops')
    .set({ delivery_code_wrong: sql<number>`delivery_code_wrong + 1` })
    .where('id', '=', stopId)
    .where('delivery_code_hash', 'is not', null)
    .where('delivery_code_wrong', '<', DELIVERY_CODE_MAX_WRONG)
    .returning(['delivery_code_hash', 'delivery_code_wrong'])
    .executeTakeFirst();
  if (!claimed?.delivery_code_hash) return (await hasCode(db, stopId)) ? { kind: 'locked' } : { kind: 'no_code' };
  if (!deliveryCodeMatches(typed, claimed.delivery_code_hash))
    return { kind: 'wrong', triesLeft: DELIVERY_CODE_MAX_WRONG - claimed.delivery_code_wrong };
  const givenBack = await db
    .updateTable('stops')
    .set({ delivery_code_wrong: sql<number>`delivery_code_wrong - 1` })
    .where('id', '=', stopId)
    .where('delivery_code_hash', '=', claimed.delivery_code_hash)
    .where('delivery_code_wrong', '>', 0)
    .returning('delivery_code_wrong')
    .executeTakeFirst();
  const wrongSoFar = givenBack?.delivery_code_wrong ?? claimed.delivery_code_wrong - 1;
  return { kind: 'right', triesLeft: DELIVERY_CODE_MAX_WRONG - wrongSoFar };
}

/** Whether the stop has a code (read only after a try got no place: it tells "locked" from "no code"). */
async function hasCode(db: Q, stopId: number): Promise<boolean> {
  const stop = await db.selectFrom('stops').select('delivery_code_hash').where('id', '=', stopId).executeTakeFirst();
  return Boolean(stop?.delivery_code_hash);
}

/**
 * The completion's code: true when it carried the stop's right code, false when it carried none (the outcome rules
 * then say whether one was needed). A code where the code gates are off is refused before it is tried (so it is
 * neither judged nor counted); a code for a stop without one, a wrong one, or any on a locked stop is refused, and the
 * wrong one stays counted: this runs before the completion's transaction, which a refusal rolls back. Each request
 * tries its code once, after its Idempotency-Key was looked up: a replay of a stored answer tries nothing, and two
 * requests with one key in flight at once each claim a place of their own (stop-routes.ts), so no code is judged
 * more often than it is counted.
 */
export async function assertDeliveryCode(
  db: Q,
  route: { route: Pick<RouteRow, 'organisation_id'>; settings: Pick<PublicationSettingsRow, 'delivery_codes'> },
  stopId: number,
  typed: string | undefined,
): Promise<boolean> {
  if (typed === undefined) return false;
  await assertCodeGatesOpen(db, route.route, route.settings, 'delivery_code');
  const verdict = await tryDeliveryCode(db, stopId, typed);
  switch (verdict.kind) {
    case 'right':
      return true;
    case 'no_code':
      throw badRequest(
        'This stop has no delivery code: send delivery_code only for a stop that asks for one',
        'delivery_code',
      );
    case 'wrong':
      throw unprocessable(
        `The delivery code is not right: ${verdict.triesLeft} ${verdict.triesLeft === 1 ? 'try' : 'tries'} left`,
        'delivery_code',
      );
    case 'locked':
      throw forbidden(CODE_LOCKED_MESSAGE, 'delivery_code');
  }
}
