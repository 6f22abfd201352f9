/**
 * The complete screen's draft of proofs until Done, and the rules it shows (shared with the core and the server:
 * src-shared/domain/completion-rules.ts).
 */
import type { StopCompletion } from '../../../src-shared/api/worker-api.ts';
import type { CollectedProofs, CompletionStatus } from '../../../src-shared/domain/completion-rules.ts';
import {
  failureReasonOf,
  type OutcomeConfig,
  type outcomeGates,
  outcomeProblems,
} from '../../../src-shared/domain/outcomes.ts';
import { unaccountedUnits } from '../../../src-shared/domain/unit-scans.ts';
import type { Stop, Unit } from '../../../src-shared/protocol/entities.ts';

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
 * the server refuse. Places are not on this screen yet (docs/delivery-outcomes.md): they are left to the core.
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
