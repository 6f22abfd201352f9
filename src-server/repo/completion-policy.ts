/**
 * The completion rules the app shows and its core checks (src-shared/domain/completion-rules.ts), applied by the
 * server before it stores a stop update (issue 16, item 7): the organisation's plan flags and the route's
 * publication settings decide which proofs may be sent and which are required, the customer variant decides the
 * notes rules. Without this a client that skips the app (or an old app) could store a photo on a Basic plan.
 * The rules are the shared ones; only their wording for an HTTP answer is here.
 */
import { ADULT_AGE, calendarDateOf } from '../../src-shared/domain/age.ts';
import {
  type CompletionFacts,
  type CompletionProblem,
  completionProblems,
} from '../../src-shared/domain/completion-rules.ts';
import { featureGates, requiredProofs } from '../../src-shared/domain/proofs.ts';
import { wallClock } from '../../src-shared/domain/time-zone.ts';
import { unitScanFacts } from '../../src-shared/domain/unit-scans.ts';
import { resolveVariant } from '../../src-shared/domain/variant.ts';
import { NOTE_MAX } from '../../src-shared/limits.ts';
import type { OrganisationConfig, Plan, Requirements, StopType } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ServerContext } from '../context.ts';
import type { PublicationSettingsRow } from '../db/schema.ts';
import { Refusal, type RefusalKind } from '../domain/errors.ts';
import type { PreparedStopUpdate } from '../domain/stop-update.ts';
import { DATE_OF_BIRTH_MESSAGE, TOO_MANY_IMAGES_MESSAGE } from '../domain/stop-update.ts';
import { assertOutcomeAllowed } from './outcome-policy.ts';
import type { Q } from './routes.ts';
import { DEFAULT_REQUIREMENTS, parseUnits } from './serialize.ts';

/** 400: the completion breaks a rule; 403: it carries a feature the plan or the route's settings lack. */
const KIND: Record<400 | 403, RefusalKind> = { 400: 'bad_request', 403: 'forbidden' };

const REFUSALS: Record<CompletionProblem, [400 | 403, string, string]> = {
  photo_required: [400, 'images', 'A photo is required to complete this stop'],
  signature_required: [400, 'signature', 'A signature is required to complete this stop'],
  signature_name_required: [400, 'signature_name', "The signer's name is required with the signature"],
  age_verification_required: [
    400,
    'recipient_date_of_birth',
    "The recipient's date of birth is required to complete this stop",
  ],
  too_many_photos: [400, 'images', TOO_MANY_IMAGES_MESSAGE],
  photo_not_allowed: [403, 'images', "Photos are not part of this organisation's plan or this route's settings"],
  signature_not_allowed: [
    403,
    'signature',
    "Signatures are not part of this organisation's plan or this route's settings",
  ],
  age_verification_not_allowed: [
    403,
    'recipient_date_of_birth',
    "Age verification is not part of this organisation's plan or this route's settings",
  ],
  birth_date_invalid: [400, 'recipient_date_of_birth', DATE_OF_BIRTH_MESSAGE],
  recipient_under_age: [400, 'recipient_date_of_birth', `The recipient must be ${ADULT_AGE} or older`],
  note_too_long: [400, 'completion_note', `Notes are at most ${NOTE_MAX} characters`],
  recipient_note_too_long: [400, 'recipient_note', `Notes are at most ${NOTE_MAX} characters`],
  internal_note_required: [400, 'completion_note', 'A note is required to skip this stop'],
  cleaning_status_required: [400, 'cleaning_status', 'cleaning_status is required'],
  cleaning_definition_required: [
    400,
    'cleaning_definition',
    'cleaning_definition is required when cleaning_status is other',
  ],
  units_unscanned: [
    400,
    'units',
    'Every unit with a barcode must be scanned or marked missing or damaged to complete this stop',
  ],
  barcode_scanning_not_allowed: [
    403,
    'units',
    "Barcode scanning is not part of this organisation's plan or this route's settings",
  ],
};

function completionRefusal(problem: CompletionProblem): Refusal {
  const [status, field, message] = REFUSALS[problem];
  return new Refusal(KIND[status], message, field);
}

/** Throws the first rule the update breaks, as the app would have shown it. Runs in the write's transaction. */
export async function assertCompletionAllowed(
  db: Q,
  ctx: Pick<ServerContext, 'config'>,
  routeId: number,
  stop: {
    type: string;
    requirements: string;
    recipient_date_of_birth: string | null;
    units: string;
    delivery_code_hash: string | null;
  },
  body: StopUpdateRequest,
  update: PreparedStopUpdate,
  /** The route's publication settings, as the caller read them under the route's lock. */
  settings: Pick<
    PublicationSettingsRow,
    | 'photo_collection'
    | 'signature_capture'
    | 'age_verification'
    | 'completion_notes'
    | 'barcode_scanning'
    | 'failure_reasons'
    | 'delivery_places'
    | 'delivery_codes'
  >,
): Promise<void> {
  const org = await db
    .selectFrom('routes')
    .innerJoin('organisations', 'organisations.id', 'routes.organisation_id')
    .select(['organisations.plan', 'organisations.config', 'organisations.customer_id', 'organisations.time_zone'])
    .where('routes.id', '=', routeId)
    .executeTakeFirstOrThrow();
  const plan = JSON.parse(org.plan) as Plan;
  const config = JSON.parse(org.config) as Partial<OrganisationConfig>;
  const gates = featureGates(plan, {
    photo_collection: Boolean(settings.photo_collection),
    signature_capture: Boolean(settings.signature_capture),
    age_verification: Boolean(settings.age_verification),
    completion_notes: Boolean(settings.completion_notes),
    barcode_scanning: Boolean(settings.barcode_scanning),
  });
  const requirements = { ...DEFAULT_REQUIREMENTS, ...(JSON.parse(stop.requirements) as Partial<Requirements>) };
  const units = parseUnits(stop.units);
  const required = requiredProofs(requirements, gates, config.require_name_with_signature ?? false, units);
  const variant = resolveVariant(null, { customer_id: org.customer_id }, ctx.config);
  const timeZone = org.time_zone ?? ctx.config.timeZone;
  const birthDate = update.recipient_date_of_birth;
  const facts: CompletionFacts = {
    status: update.status,
    completionNote: update.completion_note,
    recipientNote: update.recipient_note,
    photos: update.photos.length,
    newPhotos: update.photos.filter((photo) => photo.kind === 'new').length,
    signature: update.signature !== null,
    newSignature: update.signature?.kind === 'new',
    signatureName: update.signature_name,
    birthDate,
    newBirthDate: birthDate !== null && birthDate !== stop.recipient_date_of_birth,
    // The status picker was used when the update carries its field (the app sends it only in the cleaning variant).
    cleaning:
      body.cleaning_status !== undefined
        ? { status: body.cleaning_status ?? null, definition: body.cleaning_definition ?? null }
        : null,
    units: unitScanFacts(units, update.units ?? undefined),
  };
  const completedOn = calendarDateOf(wallClock(new Date(update.completed_at), timeZone).date);
  const [first] = completionProblems(facts, { variant, required, gates, completedOn });
  if (first) throw completionRefusal(first);
  assertOutcomeAllowed(plan, config, settings, update, {
    type: stop.type as StopType,
    hasCode: stop.delivery_code_hash !== null,
  });
}
