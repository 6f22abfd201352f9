/**
 * The complete screen's rules, pure (spec sections 4 "Skipped with no note", 5 "Notes" and "Proof rules",
 * 8 "Driver alerts"): the note limit, the internal-notes variant's required note, and whether Done may go on.
 * The proofs themselves are collected by the proof-of-delivery screens; `collected` says what they have.
 */
import type { StopCompletion } from '../../../src-shared/api/worker-api.ts';
import type { RequiredProofs } from '../../../src-shared/domain/proofs.ts';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import type { Variant } from '../../route/variant.ts';

/** Notes max length (section 9). */
export const NOTE_MAX = 500;

export type CompletionStatus = 'finished' | 'skipped';

/** The proofs a Done checks, in the order the screen lists them. */
export const PROOF_ORDER = ['signature', 'ageVerification', 'photo'] as const;
export type RequiredProof = (typeof PROOF_ORDER)[number];

/** What the driver has collected so far on this screen. */
export interface CollectedProofs {
  photos: number;
  signature: boolean;
  signatureName: string;
  ageVerified: boolean;
}

export const NOTHING_COLLECTED: CollectedProofs = {
  photos: 0,
  signature: false,
  signatureName: '',
  ageVerified: false,
};

/** Input is cut at 500 characters. */
export const cutNote = (text: string) => (text.length > NOTE_MAX ? text.slice(0, NOTE_MAX) : text);

export interface NoteStatus {
  count: number;
  /** At 500: "Reached maximum character limit of 500". */
  atLimit: boolean;
  /** Over 500 (only text that did not come through the field): blocks Done. */
  tooLong: boolean;
}

export function noteStatus(text: string): NoteStatus {
  return { count: text.length, atLimit: text.length >= NOTE_MAX, tooLong: text.length > NOTE_MAX };
}

/** The internal-notes variant refuses a skipped stop with an empty internal note (when notes are available). */
export function internalNoteRequired(variant: Variant, status: CompletionStatus, notesEnabled: boolean): boolean {
  return variant === 'internal-notes' && status === 'skipped' && notesEnabled;
}

/** The required proofs not met yet (a required signature name counts as part of the signature). */
export function missingProofs(required: RequiredProofs, collected: CollectedProofs): RequiredProof[] {
  return PROOF_ORDER.filter((kind) => {
    if (kind === 'photo') return required.photo && collected.photos < 1;
    if (kind === 'ageVerification') return required.ageVerification && !collected.ageVerified;
    return required.signature && (!collected.signature || (required.signatureName && !collected.signatureName.trim()));
  });
}

export interface CompletionInput {
  status: CompletionStatus;
  variant: Variant;
  recipientNote: string;
  internalNote: string;
  /** Notes are available (plan flag and publication setting). */
  notesEnabled: boolean;
  required: RequiredProofs;
  collected: CollectedProofs;
}

export type NoteError = 'required' | 'too_long';

export interface CompletionCheck {
  /** Done may send the completion. */
  ok: boolean;
  recipientNote: NoteError | null;
  internalNote: NoteError | null;
  /** Required proofs to mark (only when the status is not skipped). */
  proofs: RequiredProof[];
  /** The alert to show when Done is refused: "Fulfill proof of delivery requirements." or "Please add a note." */
  alert: 'fulfill_requirements' | 'add_note' | null;
}

/** Whether Done may proceed, and what to show when it may not. */
export function checkCompletion(input: CompletionInput): CompletionCheck {
  const proofs = input.status === 'skipped' ? [] : missingProofs(input.required, input.collected);
  const hidesRecipient = input.variant === 'internal-notes';
  const recipientNote: NoteError | null =
    !hidesRecipient && noteStatus(input.recipientNote).tooLong ? 'too_long' : null;
  let internalNote: NoteError | null = noteStatus(input.internalNote).tooLong ? 'too_long' : null;
  if (internalNoteRequired(input.variant, input.status, input.notesEnabled) && !input.internalNote.trim())
    internalNote = 'required';
  const alert = proofs.length > 0 ? 'fulfill_requirements' : internalNote === 'required' ? 'add_note' : null;
  return { ok: proofs.length === 0 && !recipientNote && !internalNote, recipientNote, internalNote, proofs, alert };
}

/**
 * The notes as the completion sends them: trimmed, empty as null, the recipient's left out where it is hidden.
 * (With notes unavailable the fields cannot change, so a stop being edited keeps the notes it had.)
 */
export function completionNotes(input: Pick<CompletionInput, 'variant' | 'recipientNote' | 'internalNote'>): {
  completion_note: string | null;
  recipient_note: string | null;
} {
  const clean = (text: string) => cutNote(text.trim()) || null;
  return {
    completion_note: clean(input.internalNote),
    recipient_note: input.variant === 'internal-notes' ? null : clean(input.recipientNote),
  };
}

/** The proofs as the complete screen holds them until Done (deletable before saving). */
export interface ProofDraft {
  /** Data URLs from preparePhoto, or the stop's stored photo URLs. */
  photos: string[];
  /** A PNG data URL (or the stored signature's URL) and the signer's name ('' for none). */
  signature: { image: string; name: string } | null;
  /** YYYY-MM-DD, kept once the recipient was verified as 18 or older. */
  birthDate: string | null;
  verified: boolean;
}

/** What a stop already has (editing a finished stop), or nothing. */
export function proofDraftOf(
  stop: Pick<Stop, 'images' | 'signature' | 'signature_name' | 'recipient_date_of_birth'>,
): ProofDraft {
  return {
    photos: [...(stop.images ?? [])],
    signature: stop.signature ? { image: stop.signature, name: stop.signature_name ?? '' } : null,
    birthDate: stop.recipient_date_of_birth ?? null,
    verified: Boolean(stop.recipient_date_of_birth),
  };
}

export function collectedProofs(draft: ProofDraft): CollectedProofs {
  return {
    photos: draft.photos.length,
    signature: draft.signature !== null,
    signatureName: draft.signature?.name ?? '',
    ageVerified: draft.verified && draft.birthDate !== null,
  };
}

/** StopCompletion.proofs for a delivered stop: the name null when empty, the birth date only when verified. */
export function completionProofs(draft: ProofDraft): NonNullable<StopCompletion['proofs']> {
  return {
    images: [...draft.photos],
    signature: draft.signature?.image ?? null,
    signature_name: draft.signature?.name.trim() || null,
    recipient_date_of_birth: draft.verified ? draft.birthDate : null,
  };
}
