/**
 * The complete screen's marks for the delivery outcomes (issue 34), beside the proofs' marks of checkCompletion
 * (completion-rules.ts): each reads the shared rules (rules.ts) through the same facts (facts.ts) and place record
 * (record.ts) as the core and the server, so the screen marks exactly what they refuse.
 */

import type { Stop } from '../../protocol/entities.ts';
import type { CompletionStatus } from '../completion-rules.ts';
import { isDeliveryCodeShape } from './code.ts';
import { outcomeContext, outcomeFacts, type StopOutcomes } from './facts.ts';
import { type PlaceDraft, placeDraftRecord } from './record.ts';
import { codeNeeded, failureReasonOf, outcomeProblems } from './rules.ts';

/** What a skip's reason still lacks, for the complete screen's marks; all false when none is asked. */
export interface ReasonCheck {
  reasonMissing: boolean;
  photoMissing: boolean;
  noteMissing: boolean;
  /** The chosen reason asks for a photo: the screen shows the photos. */
  asksPhoto: boolean;
  /**
   * The chosen reason asks for a note: the screen opens the internal note even where the route's notes are off, or
   * the driver could not give that reason at all (issue 44; the server takes the note either way).
   */
  asksNote: boolean;
}

/** The skip's reason read through the shared outcome rules, so the screen marks what the core and the server refuse. */
export function reasonCheck(
  input: { status: CompletionStatus; failureReason: string | null; photos: number; internalNote: string },
  outcomes: StopOutcomes,
): ReasonCheck {
  const skipped = input.status === 'skipped' && outcomes.gates.failureReasons;
  const held = {
    status: 'skipped',
    failure_reason: input.failureReason,
    photos: input.photos,
    completion_note: input.internalNote,
  } as const;
  // Only the reason is judged here: the place and the code have their own marks.
  const reasonOnly = { ...outcomes, gates: { ...outcomes.gates, deliveryPlaces: false } };
  const problems = skipped ? outcomeProblems(outcomeFacts(held, 'delivery'), outcomeContext(reasonOnly, false)) : [];
  const reason = failureReasonOf(outcomes.config, input.failureReason);
  return {
    reasonMissing: problems.includes('failure_reason_required') || problems.includes('failure_reason_unknown'),
    photoMissing: problems.includes('failure_photo_required'),
    noteMissing: problems.includes('failure_note_required'),
    asksPhoto: skipped && Boolean(reason?.photo),
    asksNote: skipped && Boolean(reason?.note),
  };
}

/** What a delivered stop's place still lacks, for the screen's marks; all false where no place is asked. */
export interface PlaceCheck {
  placeMissing: boolean;
  nameMissing: boolean;
  houseNumberMissing: boolean;
  safePlaceMissing: boolean;
  photoMissing: boolean;
  tooLong: boolean;
}

/** The place read through the shared outcome rules, so the screen marks what the core and the server refuse. */
export function placeCheck(draft: PlaceDraft, photos: number, outcomes: StopOutcomes): PlaceCheck {
  const held = { status: 'finished', delivery_place: placeDraftRecord(draft), photos } as const;
  // Asked of deliveries only: the screen calls this where the stop is one (placeAsked).
  const problems = outcomes.gates.deliveryPlaces
    ? outcomeProblems(outcomeFacts(held, 'delivery'), outcomeContext(outcomes, false))
    : [];
  return {
    placeMissing: problems.includes('delivery_place_required'),
    nameMissing: problems.includes('neighbour_name_required'),
    houseNumberMissing: problems.includes('neighbour_house_number_required'),
    safePlaceMissing: problems.includes('safe_place_required'),
    photoMissing: problems.includes('safe_place_photo_required'),
    tooLong: problems.includes('outcome_text_too_long'),
  };
}

/** A stop's recipient code on the complete screen; all false where no code is asked. */
export interface CodeCheck {
  /** The stop has a code and the place chosen does not stand in for it: the card shows. */
  asked: boolean;
  missing: boolean;
  /** Typed, but not 4 to 8 ASCII letters or digits (code.ts): no server would take it. */
  invalid: boolean;
  /** The stop took too many wrong codes (as last heard): only a place that stands in for the code completes it. */
  locked: boolean;
}

/** The code read through the shared rules (codeNeeded, isDeliveryCodeShape), so the screen asks where the server would. */
export function codeCheck(
  code: string,
  place: PlaceDraft,
  stop: Pick<Stop, 'delivery_code_required' | 'delivery_code_tries_left'>,
  outcomes: StopOutcomes,
): CodeCheck {
  const held = { status: 'finished', delivery_place: placeDraftRecord(place), delivery_code: code, photos: 0 } as const;
  const facts = outcomeFacts(held, 'delivery');
  const asked = codeNeeded(facts.place, outcomeContext(outcomes, stop.delivery_code_required === true));
  return {
    asked,
    missing: asked && !facts.codeTyped,
    invalid: asked && facts.codeTyped && !isDeliveryCodeShape(code),
    locked: asked && stop.delivery_code_tries_left === 0,
  };
}
