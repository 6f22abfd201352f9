/**
 * The outcome rules of issue 34 (src-shared/domain/outcomes/: why a stop failed, where a parcel went), applied by the
 * server before it stores a stop update, beside the proof rules of completion-policy.ts: the plan's flags and the
 * route's publication settings open them (outcomeGates), the organisation's config lists the reasons. The rules are
 * the shared ones; only their wording for an HTTP answer is here, as in completion-policy.ts.
 */
import { outcomeContext, outcomeFacts, stopOutcomes } from '../../src-shared/domain/outcomes/facts.ts';
import { failureReasonOf, type OutcomeProblem, outcomeProblems } from '../../src-shared/domain/outcomes/rules.ts';
import { HOUSE_NUMBER_MAX_LENGTH, NEIGHBOUR_NAME_MAX_LENGTH, SAFE_PLACE_MAX_LENGTH } from '../../src-shared/limits.ts';
import type { OrganisationConfig, Plan, StopType } from '../../src-shared/protocol/entities.ts';
import type { PublicationSettingsRow } from '../db/schema.ts';
import { Refusal } from '../domain/errors.ts';
import type { PreparedStopUpdate } from '../domain/stop-update.ts';

const FEATURE = "part of this organisation's plan or this route's settings";
/** A code sent where the plan or the route's settings have no codes: a completion's and the try endpoint's words. */
export const CODES_OFF_MESSAGE = `Delivery codes are not ${FEATURE}`;

/** 400: the outcome breaks a rule; 403: it carries a feature the plan or the route's settings lack. */
const REFUSALS: Record<OutcomeProblem, [400 | 403, string, string]> = {
  failure_reason_required: [400, 'failure_reason', 'A reason is required to skip this stop'],
  failure_reason_unknown: [400, 'failure_reason', "failure_reason is not one of this organisation's reasons"],
  failure_reason_not_allowed: [403, 'failure_reason', `Failure reasons are not ${FEATURE}`],
  failure_photo_required: [400, 'images', 'A photo is required to skip this stop for this reason'],
  failure_note_required: [400, 'completion_note', 'A note is required to skip this stop for this reason'],
  delivery_place_required: [400, 'delivery_place', 'Where the parcel was left is required to complete this stop'],
  delivery_place_not_allowed: [403, 'delivery_place', `Delivery places are not ${FEATURE}`],
  neighbour_name_required: [400, 'delivery_place.neighbour_name', "The neighbour's name is required"],
  neighbour_house_number_required: [
    400,
    'delivery_place.neighbour_house_number',
    "The neighbour's house number is required",
  ],
  safe_place_required: [400, 'delivery_place.safe_place', 'Say where the safe place is'],
  safe_place_photo_required: [400, 'images', 'A photo is required for a parcel left in a safe place'],
  outcome_text_too_long: [
    400,
    'delivery_place',
    `A neighbour's name and a safe place are at most ${NEIGHBOUR_NAME_MAX_LENGTH} and ${SAFE_PLACE_MAX_LENGTH} characters, a house number at most ${HOUSE_NUMBER_MAX_LENGTH}`,
  ],
  delivery_code_required: [400, 'delivery_code', 'The delivery code is required to complete this stop'],
  delivery_code_not_allowed: [403, 'delivery_code', CODES_OFF_MESSAGE],
};

/** A reason or a place sent with the other status: a wrong request, whether or not the route has the feature. */
const WRONG_STATUS: Partial<Record<OutcomeProblem, [string, string]>> = {
  failure_reason_not_allowed: ['failure_reason', 'A failure reason goes only with a skipped stop'],
  delivery_place_not_allowed: ['delivery_place', 'A delivery place goes only with a delivered stop'],
};

const SKIP_PHOTO_MESSAGE = 'A skipped stop carries photos only with a failure reason that asks for one';

function outcomeRefusal(problem: OutcomeProblem, update: PreparedStopUpdate): Refusal {
  const wrongStatus = WRONG_STATUS[problem];
  const sentWithOther =
    (problem === 'failure_reason_not_allowed' && update.status !== 'skipped') ||
    (problem === 'delivery_place_not_allowed' && update.status === 'skipped');
  if (wrongStatus && sentWithOther) return new Refusal('bad_request', wrongStatus[1], wrongStatus[0]);
  const [status, field, message] = REFUSALS[problem];
  return new Refusal(status === 400 ? 'bad_request' : 'forbidden', message, field);
}

/** Throws the first outcome rule the update breaks. Runs in the write's transaction, after the proof rules. */
export function assertOutcomeAllowed(
  plan: Partial<Plan>,
  config: Partial<OrganisationConfig>,
  settings: Pick<PublicationSettingsRow, 'failure_reasons' | 'delivery_places' | 'delivery_codes'>,
  update: PreparedStopUpdate,
  /** The stop's type, and whether it has a code the dispatcher set. */
  stop: { type: StopType; hasCode: boolean },
): void {
  const outcomes = stopOutcomes(
    plan,
    {
      failure_reasons: Boolean(settings.failure_reasons),
      delivery_places: Boolean(settings.delivery_places),
      delivery_codes: Boolean(settings.delivery_codes),
    },
    config,
  );
  const ctx = outcomeContext(outcomes, stop.hasCode);
  // Only a right code gets this far (repo/delivery-codes.ts refused a wrong one before the write).
  const held = { ...update, delivery_code: update.delivery_code_checked, photos: update.photos.length };
  const [first] = outcomeProblems(outcomeFacts(held, stop.type), ctx);
  if (first) throw outcomeRefusal(first, update);
  // A skipped stop's photos are the proof its reason asks for, and nothing else (spec: a skip carries no proof).
  const reason = failureReasonOf(ctx.config, update.failure_reason);
  if (update.status === 'skipped' && update.photos.length > 0 && !reason?.photo)
    throw new Refusal('bad_request', SKIP_PHOTO_MESSAGE, 'images');
}
