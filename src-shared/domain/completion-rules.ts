/**
 * The rules of completing a stop, pure (spec sections 4 "Skipped with no note", 5 "Notes", "Proof rules", "Age
 * verification", "Cleaning variant", 8 "Driver alerts"): the note limit, the internal-notes variant's required note,
 * the required proofs, the recipient's age, the cleaning status; a required text is one that shows something
 * (isFilled, text.ts). One place for them: the complete screen shows them (src-ui/screens/stop), the core checks a
 * completion before it queues it, and the server before it stores it.
 */

import { MAX_PHOTOS, NOTE_MAX } from '../limits.ts';
import {
  type CalendarDate,
  calendarDateOf,
  compareDates,
  isAdult,
  MIN_BIRTH_DATE,
  parseIsoDate,
  todayOf,
} from './age.ts';
import type { FeatureGates, RequiredProofs } from './proofs.ts';
import { cutText, isFilled, textLength } from './text.ts';
import { dateInZone } from './time-zone.ts';
import type { UnitScanFacts } from './unit-scans.ts';
import type { Variant } from './variant.ts';

export type CompletionStatus = 'finished' | 'skipped';

/** The proofs a Done checks, in the order the screen lists them. */
const PROOF_ORDER = ['signature', 'ageVerification', 'photo', 'barcode'] as const;
export type RequiredProof = (typeof PROOF_ORDER)[number];

/** What the driver has collected so far on this screen. */
export interface CollectedProofs {
  photos: number;
  signature: boolean;
  signatureName: string;
  /** The recipient's birth date (YYYY-MM-DD) once verified; null before. */
  birthDate: string | null;
  /** Units with a barcode neither scanned nor marked missing or damaged (unit-scans.ts). */
  unaccountedUnits: number;
}

export const NOTHING_COLLECTED: CollectedProofs = {
  photos: 0,
  signature: false,
  signatureName: '',
  birthDate: null,
  unaccountedUnits: 0,
};

/** Input is cut at 500 characters (code points: text.ts counts an emoji once, as the server does). */
export const cutNote = (text: string) => cutText(text, NOTE_MAX);

export interface NoteStatus {
  count: number;
  /** At 500: "Reached maximum character limit of 500". */
  atLimit: boolean;
  /** Over 500 (only text that did not come through the field): blocks Done. */
  tooLong: boolean;
}

export function noteStatus(text: string): NoteStatus {
  const count = textLength(text);
  return { count, atLimit: count >= NOTE_MAX, tooLong: count > NOTE_MAX };
}

/** The internal-notes variant refuses a skipped stop with an empty internal note (when notes are available). */
function internalNoteRequired(variant: Variant, status: CompletionStatus, notesEnabled: boolean): boolean {
  return variant === 'internal-notes' && status === 'skipped' && notesEnabled;
}

/** The required proofs not met yet (a required signature name counts as part of the signature). */
export function missingProofs(required: RequiredProofs, collected: CollectedProofs): RequiredProof[] {
  return PROOF_ORDER.filter((kind) => {
    if (kind === 'photo') return required.photo && collected.photos < 1;
    if (kind === 'ageVerification') return required.ageVerification && collected.birthDate === null;
    if (kind === 'barcode') return required.barcode && collected.unaccountedUnits > 0;
    return (
      required.signature && (!collected.signature || (required.signatureName && !isFilled(collected.signatureName)))
    );
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
  /** Today on the organisation's calendar: the recipient's age is counted on it, as the server counts it. */
  completedOn: CalendarDate;
}

/** The day a completion made at `nowMs` counts as made on: the organisation's, else the device's. */
export function completionDay(nowMs: number, timeZone: string | undefined): CalendarDate {
  return timeZone ? calendarDateOf(dateInZone(nowMs, timeZone)) : todayOf(new Date(nowMs));
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

/** The proof each problem marks on the complete screen (problems not listed mark none). */
const PROBLEM_PROOF: Partial<Record<CompletionProblem, RequiredProof>> = {
  photo_required: 'photo',
  too_many_photos: 'photo',
  signature_required: 'signature',
  signature_name_required: 'signature',
  age_verification_required: 'ageVerification',
  birth_date_invalid: 'ageVerification',
  recipient_under_age: 'ageVerification',
  units_unscanned: 'barcode',
};

/**
 * Whether Done may proceed, and what to mark when it may not: the complete screen's reading of completionProblems,
 * so the screen refuses exactly what the core and the server refuse. The screen offers only the proofs the gates
 * allow and sends none it did not take now, so the gate rules have nothing to find here; the core checks them.
 */
export function checkCompletion(input: CompletionInput): CompletionCheck {
  const hidesRecipient = input.variant === 'internal-notes';
  const { collected } = input;
  const problems = completionProblems(
    {
      status: input.status,
      completionNote: input.internalNote,
      recipientNote: hidesRecipient ? null : input.recipientNote,
      photos: collected.photos,
      newPhotos: 0,
      signature: collected.signature,
      newSignature: false,
      signatureName: collected.signatureName,
      birthDate: collected.birthDate,
      newBirthDate: false,
      cleaning: null,
      units: { unaccounted: collected.unaccountedUnits, changed: 0 },
    },
    {
      variant: input.variant,
      required: input.required,
      gates: { photo: true, signature: true, ageVerification: true, notes: input.notesEnabled },
      completedOn: input.completedOn,
    },
  );
  const has = (problem: CompletionProblem) => problems.includes(problem);
  const marked = new Set(problems.map((problem) => PROBLEM_PROOF[problem]));
  const proofs = PROOF_ORDER.filter((kind) => marked.has(kind));
  const recipientNote: NoteError | null = has('recipient_note_too_long') ? 'too_long' : null;
  const internalNote: NoteError | null = has('internal_note_required')
    ? 'required'
    : has('note_too_long')
      ? 'too_long'
      : null;
  const alert = proofs.length > 0 ? 'fulfill_requirements' : internalNote === 'required' ? 'add_note' : null;
  return { ok: problems.length === 0, recipientNote, internalNote, proofs, alert };
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

/** Why a completion may not be stored: each a rule of the spec the screen would not have let through. */
export type CompletionProblem =
  | 'photo_required'
  | 'signature_required'
  | 'signature_name_required'
  | 'age_verification_required'
  | 'too_many_photos'
  | 'photo_not_allowed'
  | 'signature_not_allowed'
  | 'age_verification_not_allowed'
  | 'birth_date_invalid'
  | 'recipient_under_age'
  | 'note_too_long'
  | 'recipient_note_too_long'
  | 'internal_note_required'
  | 'cleaning_status_required'
  | 'cleaning_definition_required'
  | 'units_unscanned'
  | 'barcode_scanning_not_allowed';

/** A completion as it travels (the stop update), in the terms the rules need. */
export interface CompletionFacts {
  status: CompletionStatus;
  completionNote: string | null;
  recipientNote: string | null;
  /** Every photo the completion keeps, new ones and the stop's stored ones. */
  photos: number;
  /** Photos taken now (not the stop's stored ones): a feature the route lacks refuses only these. */
  newPhotos: number;
  signature: boolean;
  newSignature: boolean;
  signatureName: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** The birth date was verified now (not the stop's stored one, on an edit). */
  newBirthDate: boolean;
  /** The cleaning variant's status picker; null when it was not used. */
  cleaning: { status: string | null; definition: string | null } | null;
  /** The stop's units as the completion leaves them (unitScanFacts; { unaccounted: 0, changed: 0 } with none). */
  units: UnitScanFacts;
}

export interface CompletionContext {
  variant: Variant;
  required: RequiredProofs;
  gates: Pick<FeatureGates, 'photo' | 'signature' | 'ageVerification' | 'notes'> &
    Partial<Pick<FeatureGates, 'barcode'>>;
  /** The day the stop was completed, on the organisation's calendar: the recipient's age is counted on it. */
  completedOn: CalendarDate;
}

/**
 * Every rule a completion breaks (none: it may be stored). A skipped stop needs no proof; a feature the route lacks
 * refuses new proofs of it (a required one of it is not required: requiredProofs already left it out).
 */
export function completionProblems(facts: CompletionFacts, ctx: CompletionContext): CompletionProblem[] {
  const problems: CompletionProblem[] = [];
  const delivered = facts.status !== 'skipped';
  // The cleaning variant's Select status screen replaces the outcome and the notes (spec section 5), not the proofs
  // the stop requires: a bin whose stop asks for a photo is photographed as any delivery is (issue 31).
  const cleaningStatus = ctx.variant === 'cleaning' && facts.cleaning !== null;
  if (delivered) {
    const missing = missingProofs(ctx.required, {
      photos: facts.photos,
      signature: facts.signature,
      signatureName: facts.signatureName ?? '',
      birthDate: facts.birthDate,
      unaccountedUnits: facts.units.unaccounted,
    });
    for (const kind of missing) {
      if (kind === 'photo') problems.push('photo_required');
      else if (kind === 'barcode') problems.push('units_unscanned');
      else if (kind === 'ageVerification') problems.push('age_verification_required');
      else problems.push(facts.signature ? 'signature_name_required' : 'signature_required');
    }
    if (facts.photos > MAX_PHOTOS) problems.push('too_many_photos');
    if (facts.newPhotos > 0 && !ctx.gates.photo) problems.push('photo_not_allowed');
    if (facts.newSignature && !ctx.gates.signature) problems.push('signature_not_allowed');
    if (facts.newBirthDate && !ctx.gates.ageVerification) problems.push('age_verification_not_allowed');
    if (facts.units.changed > 0 && ctx.gates.barcode === false) problems.push('barcode_scanning_not_allowed');
    if (facts.birthDate !== null) {
      const birth = parseIsoDate(facts.birthDate);
      if (!birth || compareDates(birth, MIN_BIRTH_DATE) < 0 || compareDates(birth, ctx.completedOn) > 0)
        problems.push('birth_date_invalid');
      else if (!isAdult(birth, ctx.completedOn)) problems.push('recipient_under_age');
    }
    if (cleaningStatus && facts.cleaning) {
      if (!facts.cleaning.status) problems.push('cleaning_status_required');
      else if (facts.cleaning.status === 'other' && !isFilled(facts.cleaning.definition))
        problems.push('cleaning_definition_required');
    }
  }
  const tooLong = (text: string | null) => text !== null && noteStatus(text).tooLong;
  if (tooLong(facts.completionNote)) problems.push('note_too_long');
  if (tooLong(facts.recipientNote)) problems.push('recipient_note_too_long');
  if (internalNoteRequired(ctx.variant, facts.status, ctx.gates.notes) && !isFilled(facts.completionNote))
    problems.push('internal_note_required');
  return problems;
}
