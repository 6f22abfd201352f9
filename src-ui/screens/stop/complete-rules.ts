/**
 * The complete screen's draft of proofs until Done, and the rules it shows (shared with the core and the server:
 * src-shared/domain/completion-rules.ts).
 */
import type { StopCompletion } from '../../../src-shared/api/worker-api.ts';
import type { CollectedProofs, CompletionStatus } from '../../../src-shared/domain/completion-rules.ts';
import {
  codeNeeded,
  failureReasonOf,
  isDeliveryCodeShape,
  type OutcomeConfig,
  type outcomeGates,
  outcomeProblems,
  placeFacts,
  SAFE_PLACES,
} from '../../../src-shared/domain/outcomes.ts';
import { unaccountedUnits } from '../../../src-shared/domain/unit-scans.ts';
import type { DeliveryPlace, DeliveryPlaceRecord, Stop, Unit } from '../../../src-shared/protocol/entities.ts';

/** The proofs as the complete screen holds them until Done (deletable before saving). */
export interface ProofDraft {
  /** Data URLs from preparePhoto, or the stop's stored photo URLs. */
  photos: string[];
  /**
   * A PNG data URL (or the stored signature's URL) and the signer's name ('' for none); a new one keeps when it was
   * signed (ISO 8601, the phone's clock), sent as its capture time.
   */
  signature: { image: string; name: string; capturedAt?: string } | null;
  /** YYYY-MM-DD, kept once the recipient was verified as 18 or older. */
  birthDate: string | null;
  verified: boolean;
  /** The stop's units with the scan states of this visit (issue 19): scanned, marked, or neither. */
  units: Unit[];
}

/** What a stop already has (editing a finished stop), or nothing. */
export function proofDraftOf(
  stop: Pick<Stop, 'images' | 'signature' | 'signature_name' | 'recipient_date_of_birth'> &
    Partial<Pick<Stop, 'units'>>,
): ProofDraft {
  return {
    photos: [...(stop.images ?? [])],
    signature: stop.signature ? { image: stop.signature, name: stop.signature_name ?? '' } : null,
    birthDate: stop.recipient_date_of_birth ?? null,
    verified: Boolean(stop.recipient_date_of_birth),
    units: [...(stop.units ?? [])],
  };
}

export function collectedProofs(draft: ProofDraft): CollectedProofs {
  return {
    photos: draft.photos.length,
    signature: draft.signature !== null,
    signatureName: draft.signature?.name ?? '',
    birthDate: draft.verified ? draft.birthDate : null,
    unaccountedUnits: unaccountedUnits(draft.units),
  };
}

/** StopCompletion.proofs for a delivered stop: the name null when empty, the birth date only when verified. */
export function completionProofs(draft: ProofDraft): NonNullable<StopCompletion['proofs']> {
  return {
    images: [...draft.photos],
    signature: draft.signature?.image ?? null,
    signature_name: draft.signature?.name.trim() || null,
    ...(draft.signature?.capturedAt ? { signature_captured_at: draft.signature.capturedAt } : {}),
    recipient_date_of_birth: draft.verified ? draft.birthDate : null,
  };
}

/** The outcome features of the stop's route and the organisation's reasons (use-stop.ts). */
export interface StopOutcomes {
  gates: ReturnType<typeof outcomeGates>;
  config: OutcomeConfig;
}

/** What a skip's reason still lacks (issue 34), for the complete screen's marks; all false when none is asked. */
export interface ReasonCheck {
  reasonMissing: boolean;
  photoMissing: boolean;
  noteMissing: boolean;
  /** The chosen reason asks for a photo: the screen shows the photos. */
  asksPhoto: boolean;
}

/**
 * The skip's reason read through the shared outcome rules (outcomeProblems), so the screen marks what the core and
 * the server refuse.
 */
export function reasonCheck(
  input: { status: CompletionStatus; failureReason: string | null; photos: number; internalNote: string },
  outcomes: StopOutcomes,
): ReasonCheck {
  const skipped = input.status === 'skipped' && outcomes.gates.failureReasons;
  const problems = skipped
    ? outcomeProblems(
        {
          status: 'skipped',
          stopType: 'delivery',
          failureReason: input.failureReason,
          place: null,
          codeTyped: false,
          photos: input.photos,
          note: input.internalNote,
        },
        { gates: { ...outcomes.gates, deliveryPlaces: false }, config: outcomes.config, codeRequired: false },
      )
    : [];
  return {
    reasonMissing: problems.includes('failure_reason_required') || problems.includes('failure_reason_unknown'),
    photoMissing: problems.includes('failure_photo_required'),
    noteMissing: problems.includes('failure_note_required'),
    asksPhoto: skipped && Boolean(failureReasonOf(outcomes.config, input.failureReason)?.photo),
  };
}

/** Where a delivered parcel went, as the complete screen holds it until Done (issue 34). */
export interface PlaceDraft {
  place: DeliveryPlace | null;
  neighbourName: string;
  neighbourHouseNumber: string;
  /** One of SAFE_PLACES, `other` (then `safePlaceText` says where), or '' before a choice. */
  safePlace: string;
  safePlaceText: string;
}

/** What a stop already has (editing a delivered stop), or nothing chosen. */
export function placeDraftOf(stop: Pick<Stop, 'delivery_place'>): PlaceDraft {
  const saved = stop.delivery_place;
  const safe = saved?.safe_place ?? '';
  const listed = (SAFE_PLACES as readonly string[]).includes(safe);
  return {
    place: saved?.place ?? null,
    neighbourName: saved?.neighbour_name ?? '',
    neighbourHouseNumber: saved?.neighbour_house_number ?? '',
    safePlace: listed ? safe : safe ? 'other' : '',
    safePlaceText: listed ? '' : safe,
  };
}

/** The place as the completion carries it: only its own place's fields, the safe place in the driver's words. */
export function deliveryPlaceOf(draft: PlaceDraft): DeliveryPlaceRecord | null {
  if (draft.place === null) return null;
  const safe = draft.safePlace === 'other' ? draft.safePlaceText.trim() : draft.safePlace;
  return {
    place: draft.place,
    neighbour_name: draft.place === 'neighbour' ? draft.neighbourName.trim() : null,
    neighbour_house_number: draft.place === 'neighbour' ? draft.neighbourHouseNumber.trim() : null,
    safe_place: draft.place === 'safe_place' ? safe : null,
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

/** The place read through the shared outcome rules (outcomeProblems), so the screen marks what the server refuses. */
export function placeCheck(draft: PlaceDraft, photos: number, outcomes: StopOutcomes): PlaceCheck {
  const record = deliveryPlaceOf(draft);
  const problems = outcomes.gates.deliveryPlaces
    ? outcomeProblems(
        {
          status: 'finished',
          // Asked of deliveries only: the draft calls this where the stop is one (placeAsked).
          stopType: 'delivery',
          failureReason: null,
          place: placeFacts(record),
          codeTyped: false,
          photos,
          note: null,
        },
        { gates: outcomes.gates, config: outcomes.config, codeRequired: false },
      )
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

/** A stop's recipient code on the complete screen (issue 34); all false where no code is asked. */
export interface CodeCheck {
  /** The stop has a code and the place chosen does not stand in for it: the card shows. */
  asked: boolean;
  missing: boolean;
  /** Typed, but not 4 to 8 letters or digits: no server would take it. */
  invalid: boolean;
  /** The stop took too many wrong codes (as last heard): only a place that stands in for the code completes it. */
  locked: boolean;
}

/** The code read through the shared rules (codeNeeded, outcomeProblems), so the screen asks where the server would. */
export function codeCheck(
  code: string,
  place: PlaceDraft,
  stop: Pick<Stop, 'delivery_code_required' | 'delivery_code_tries_left'>,
  outcomes: StopOutcomes,
): CodeCheck {
  const record = deliveryPlaceOf(place);
  const ctx = { ...outcomes, codeRequired: stop.delivery_code_required === true };
  const asked = codeNeeded(placeFacts(record), ctx);
  const typed = code.trim() !== '';
  return {
    asked,
    missing: asked && !typed,
    invalid: asked && typed && !isDeliveryCodeShape(code),
    locked: asked && stop.delivery_code_tries_left === 0,
  };
}
