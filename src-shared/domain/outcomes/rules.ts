/**
 * Delivery outcomes beyond the spec (issue 34; docs/delivery-outcomes.md): why a stop failed (a reason from the
 * organisation's list, each with its own proof rules), where a delivered parcel went (to the recipient, a neighbour,
 * a safe place, the mailbox), and a recipient's code. Pure, like completion-rules.ts: the complete screen marks what
 * these find (marks.ts), the core refuses to queue it, and the server refuses to store it, each with the facts built
 * by facts.ts from a place built by record.ts, so no copy of a rule lives in src-ui, src-worker or src-server
 * (tests/architecture/outcome-rules.test.ts).
 *
 * Whether a code typed is the right one is the server's alone (the app never holds the code, in clear or as
 * something a phone could try every code against); these rules only say whether one was typed where one is needed.
 */

import {
  HOUSE_NUMBER_MAX_LENGTH,
  NEIGHBOUR_NAME_MAX_LENGTH,
  REASON_CODE_MAX_LENGTH,
  SAFE_PLACE_MAX_LENGTH,
} from '../../limits.ts';
import type {
  DeliveryPlace,
  FailureReasonSetting,
  OrganisationConfig,
  Plan,
  PublicationSettings,
  StopType,
} from '../../protocol/entities.ts';
import { isFilled, textLength } from '../text.ts';

/** A reason a stop could not be done, as the organisation sets it through the dispatcher API. */
type FailureReason = FailureReasonSetting;

/** The list an organisation that set none has. */
const DEFAULT_FAILURE_REASONS: readonly FailureReason[] = [
  { code: 'not_at_home', label: null, photo: true, note: false },
  { code: 'address_not_found', label: null, photo: false, note: false },
  { code: 'refused', label: null, photo: false, note: false },
  { code: 'closed', label: null, photo: true, note: false },
  { code: 'no_safe_place', label: null, photo: false, note: false },
  { code: 'damaged', label: null, photo: true, note: false },
  { code: 'other', label: null, photo: false, note: true },
];

/** The safe places the complete screen offers by name (or the driver's own words). */
export const SAFE_PLACES = ['porch', 'back_door', 'garage', 'shed', 'reception'] as const;

/** A delivered stop's place, as the completion carries it. */
export interface DeliveryPlaceFacts {
  place: DeliveryPlace;
  /** With `neighbour`: who took it, and their house number. */
  neighbourName?: string | null;
  neighbourHouseNumber?: string | null;
  /** With `safe_place`: a place from the short list the screen offers (docs/delivery-outcomes.md), or the driver's words. */
  safePlace?: string | null;
}

/** The outcome features a route may use: the plan's flags and the route's publication settings, both on. */
export interface OutcomeGates {
  failureReasons: boolean;
  deliveryPlaces: boolean;
  deliveryCodes: boolean;
}

/** What the organisation decides about outcomes (its config), with the defaults of one that decided nothing. */
export interface OutcomeConfig {
  failureReasons: readonly FailureReason[];
  /** Outcomes that stand in for a stop's code (a parcel left with a neighbour cannot be handed over against it). */
  codeExemptPlaces: readonly DeliveryPlace[];
}

export const DEFAULT_OUTCOME_CONFIG: OutcomeConfig = {
  failureReasons: DEFAULT_FAILURE_REASONS,
  codeExemptPlaces: ['neighbour'],
};

/** The plan flags the outcome gates read; a plan stored before issue 34 lacks them, and has neither feature. */
export type OutcomePlan = Partial<Pick<Plan, 'ft_failure_reasons' | 'ft_delivery_places' | 'ft_delivery_codes'>>;
/** The publication settings they read; a route stored before lacks them (off). */
export type OutcomeSettings = Partial<
  Pick<PublicationSettings, 'failure_reasons' | 'delivery_places' | 'delivery_codes'>
>;

/**
 * The outcome features a route may use, as featureGates (proofs.ts) says for the proofs: the plan's flag and the
 * route's setting, both on. Off unless set, so every route stored before keeps the spec's flows. Without the
 * organisation (a shared link offline on first open) the route's own settings decide.
 */
export function outcomeGates(plan: OutcomePlan | null, settings: OutcomeSettings): OutcomeGates {
  const planHas = (flag: boolean | undefined) => (plan === null ? true : flag === true);
  return {
    failureReasons: planHas(plan?.ft_failure_reasons) && settings.failure_reasons === true,
    deliveryPlaces: planHas(plan?.ft_delivery_places) && settings.delivery_places === true,
    deliveryCodes: planHas(plan?.ft_delivery_codes) && settings.delivery_codes === true,
  };
}

/** The organisation's config as the outcome rules read it. */
export type OutcomeOrganisationConfig = Partial<Pick<OrganisationConfig, 'failure_reasons' | 'code_exempt_places'>>;

/** The organisation's outcome config, with the defaults of one that set nothing (a config stored before included). */
export function outcomeConfig(config: OutcomeOrganisationConfig | null): OutcomeConfig {
  return {
    failureReasons: config?.failure_reasons ?? DEFAULT_FAILURE_REASONS,
    codeExemptPlaces: config?.code_exempt_places ?? DEFAULT_OUTCOME_CONFIG.codeExemptPlaces,
  };
}

/** The reason of `code` in the organisation's list, or undefined. */
export const failureReasonOf = (config: OutcomeConfig, code: string | null) =>
  code === null ? undefined : config.failureReasons.find((reason) => reason.code === code);

/** A completion's outcome facts, beside CompletionFacts (completion-rules.ts). */
export interface OutcomeFacts {
  status: 'finished' | 'skipped';
  /** The stop's type: only a delivery is asked where its parcel went. */
  stopType: StopType;
  failureReason: string | null;
  place: DeliveryPlaceFacts | null;
  /** A code was typed (its rightness is the server's to judge). */
  codeTyped: boolean;
  /** Photos the completion keeps, and its internal note (the skip's). */
  photos: number;
  note: string | null;
}

export interface OutcomeContext {
  gates: OutcomeGates;
  config: OutcomeConfig;
  /** The dispatcher set a code on this stop. */
  codeRequired: boolean;
}

/** Why an outcome may not be stored: each a rule the screen would not have let through. */
export type OutcomeProblem =
  | 'failure_reason_required'
  | 'failure_reason_unknown'
  | 'failure_reason_not_allowed'
  | 'failure_photo_required'
  | 'failure_note_required'
  | 'delivery_place_required'
  | 'delivery_place_not_allowed'
  | 'neighbour_name_required'
  | 'neighbour_house_number_required'
  | 'safe_place_required'
  | 'safe_place_photo_required'
  | 'outcome_text_too_long'
  | 'delivery_code_required'
  | 'delivery_code_not_allowed';

function skipProblems(facts: OutcomeFacts, ctx: OutcomeContext): OutcomeProblem[] {
  if (facts.failureReason === null) return ctx.gates.failureReasons ? ['failure_reason_required'] : [];
  if (!ctx.gates.failureReasons) return ['failure_reason_not_allowed'];
  const reason = failureReasonOf(ctx.config, facts.failureReason);
  if (!reason) return ['failure_reason_unknown'];
  const problems: OutcomeProblem[] = [];
  if (reason.photo && facts.photos < 1) problems.push('failure_photo_required');
  if (reason.note && !isFilled(facts.note)) problems.push('failure_note_required');
  return problems;
}

function placeProblems(place: DeliveryPlaceFacts | null, facts: OutcomeFacts, gates: OutcomeGates): OutcomeProblem[] {
  if (place === null) return gates.deliveryPlaces ? ['delivery_place_required'] : [];
  if (!gates.deliveryPlaces) return ['delivery_place_not_allowed'];
  const problems: OutcomeProblem[] = [];
  if (place.place === 'neighbour') {
    if (!isFilled(place.neighbourName)) problems.push('neighbour_name_required');
    if (!isFilled(place.neighbourHouseNumber)) problems.push('neighbour_house_number_required');
  }
  if (place.place === 'safe_place') {
    if (!isFilled(place.safePlace)) problems.push('safe_place_required');
    if (facts.photos < 1) problems.push('safe_place_photo_required');
  }
  const long = (text: string | null | undefined, max: number) => text != null && textLength(text) > max;
  if (
    long(place.neighbourName, NEIGHBOUR_NAME_MAX_LENGTH) ||
    long(place.neighbourHouseNumber, HOUSE_NUMBER_MAX_LENGTH) ||
    long(place.safePlace, SAFE_PLACE_MAX_LENGTH)
  )
    problems.push('outcome_text_too_long');
  return problems;
}

/** Whether a delivered stop still needs its code: the stop has one, and the place chosen does not stand in for it. */
export function codeNeeded(place: DeliveryPlaceFacts | null, ctx: OutcomeContext): boolean {
  if (!ctx.codeRequired || !ctx.gates.deliveryCodes) return false;
  return !(place && ctx.gates.deliveryPlaces && ctx.config.codeExemptPlaces.includes(place.place));
}

/** Every outcome rule a completion breaks (none: it may be stored, as far as its outcome goes). */
export function outcomeProblems(facts: OutcomeFacts, ctx: OutcomeContext): OutcomeProblem[] {
  if (facts.status === 'skipped') {
    const problems = skipProblems(facts, ctx);
    if (facts.place !== null) problems.push('delivery_place_not_allowed');
    return problems;
  }
  const problems = facts.failureReason !== null ? (['failure_reason_not_allowed'] as OutcomeProblem[]) : [];
  // Only a parcel delivered was left somewhere: a pickup, a break or the start takes no place.
  if (placeAsked(facts.stopType)) problems.push(...placeProblems(facts.place, facts, ctx.gates));
  else if (facts.place !== null) problems.push('delivery_place_not_allowed');
  if (facts.codeTyped && !ctx.gates.deliveryCodes) problems.push('delivery_code_not_allowed');
  else if (!facts.codeTyped && codeNeeded(facts.place, ctx)) problems.push('delivery_code_required');
  return problems;
}

/** Whether a stop of this type says where its parcel went when done (with the gates on): deliveries only. */
export const placeAsked = (stopType: StopType) => stopType === 'delivery';

/** A reason code an organisation may set: lower-case letters, digits and _, starting with a letter. */
export const isReasonCode = (code: string) => code.length <= REASON_CODE_MAX_LENGTH && /^[a-z][a-z0-9_]*$/.test(code);
