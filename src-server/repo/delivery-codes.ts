/**
 * Trying a stop's delivery code (issue 34): the driver's check before completing, and the completion itself. Every
 * wrong try is counted against the stop, and a stop that took DELIVERY_CODE_MAX_WRONG wrong codes takes no more,
 * right or wrong, until the dispatcher sets its code again (route-changes.ts): only the outcomes that stand in for a
 * code (`code_exempt_places`) complete it then.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { DELIVERY_CODE_MAX_WRONG } from '../../src-shared/limits.ts';
import type { Database } from '../db/schema.ts';
import { deliveryCodeMatches } from '../domain/delivery-code.ts';
import { badRequest, forbidden, unprocessable } from '../domain/errors.ts';

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
 * Tries `typed` against the stop's code. A wrong try is counted in one statement that adds one only below the limit
 * (`delivery_code_wrong < max`), so two phones or two tabs trying at once each count, and the count never passes the
 * limit. A right code reads the count it was given; a wrong try landing between that read and the completion's write
 * can let one right code through at the limit, which locks nothing a driver could abuse.
 */
export async function tryDeliveryCode(db: Q, stopId: number, typed: string): Promise<CodeVerdict> {
  const stop = await db
    .selectFrom('stops')
    .select(['delivery_code_hash', 'delivery_code_wrong'])
    .where('id', '=', stopId)
    .executeTakeFirst();
  if (!stop?.delivery_code_hash) return { kind: 'no_code' };
  if (stop.delivery_code_wrong >= DELIVERY_CODE_MAX_WRONG) return { kind: 'locked' };
  if (deliveryCodeMatches(typed, stop.delivery_code_hash))
    return { kind: 'right', triesLeft: DELIVERY_CODE_MAX_WRONG - stop.delivery_code_wrong };
  const counted = await db
    .updateTable('stops')
    .set({ delivery_code_wrong: sql<number>`delivery_code_wrong + 1` })
    .where('id', '=', stopId)
    .where('delivery_code_wrong', '<', DELIVERY_CODE_MAX_WRONG)
    .returning('delivery_code_wrong')
    .executeTakeFirst();
  if (!counted) return { kind: 'locked' };
  return { kind: 'wrong', triesLeft: DELIVERY_CODE_MAX_WRONG - counted.delivery_code_wrong };
}

/**
 * The completion's code: true when it carried the stop's right code, false when it carried none (the outcome rules
 * then say whether one was needed). A code for a stop without one, a wrong one, or any on a locked stop is refused,
 * and the wrong one stays counted: this runs before the completion's transaction, which a refusal rolls back.
 */
export async function assertDeliveryCode(db: Q, stopId: number, typed: string | undefined): Promise<boolean> {
  if (typed === undefined) return false;
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
