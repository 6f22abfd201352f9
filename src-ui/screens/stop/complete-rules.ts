/**
 * The complete screen's draft of proofs until Done, and the rules it shows (shared with the core and the server:
 * src-shared/domain/completion-rules.ts; the outcomes' marks are src-shared/domain/outcomes/marks.ts).
 */
import type { StopCompletion } from '../../../src-shared/api/worker-api.ts';
import type { CollectedProofs } from '../../../src-shared/domain/completion-rules.ts';
import { unaccountedUnits } from '../../../src-shared/domain/unit-scans.ts';
import type { Stop, Unit } from '../../../src-shared/protocol/entities.ts';

/** The proofs as the complete screen holds them until Done (deletable before saving). */
export interface ProofDraft {
  /** Handles from preparePhoto ("photo:<id>"), or the stop's stored photo URLs. */
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
