/**
 * The complete screen's draft, held until Done: the outcome, the two notes, the proofs (CompleteProofs) and the
 * parcels scanned on this visit, with the shared rules' verdict on them (complete-rules.ts). Errors for what is
 * missing show only once Done was tried; a note over the limit shows at once.
 *
 * Reads the scan draft's signal (draftUnits): call it from a component that calls useSignals() itself.
 */
import { useState } from 'react';
import { type CompletionStatus, checkCompletion, completionDay } from '../../../src-shared/domain/completion-rules.ts';
import { placeAsked } from '../../../src-shared/domain/outcomes.ts';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { draftScanUpdates, draftUnits } from '../../scan/scan-draft.ts';
import {
  codeCheck,
  collectedProofs,
  completionProofs,
  deliveryPlaceOf,
  type PlaceDraft,
  type ProofDraft,
  placeCheck,
  placeDraftOf,
  proofDraftOf,
  reasonCheck,
} from './complete-rules.ts';
import type { StopView } from './use-stop.ts';

export type ReadyStop = Extract<StopView, { status: 'ready' }>;

export function useCompletionDraft(view: ReadyStop, presetSkipped: boolean) {
  const { stop, variant, gates, required, scanning } = view;
  const [status, setStatus] = useState<CompletionStatus>(
    isDone(stop) ? (stop.status as CompletionStatus) : presetSkipped ? 'skipped' : 'finished',
  );
  const [recipientNote, setRecipientNote] = useState(stop.recipient_note ?? '');
  const [internalNote, setInternalNote] = useState(stop.completion_note ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [proofs, setProofs] = useState<ProofDraft>(() => proofDraftOf(stop));
  const [failureReason, setFailureReason] = useState<string | null>(stop.failure_reason ?? null);
  const [place, setPlace] = useState<PlaceDraft>(() => placeDraftOf(stop));
  const [deliveryCode, setDeliveryCode] = useState('');

  // The parcels as scanned on this visit (on this screen or the stop window), over what the stop has stored.
  const units = draftUnits(stop);
  // The day the core will count the recipient's age on, so the screen refuses what the core would.
  const completedOn = completionDay(Date.now(), view.organisation?.time_zone);
  const input = {
    status,
    variant,
    recipientNote,
    internalNote,
    notesEnabled: gates.notes,
    required,
    collected: collectedProofs({ ...proofs, units }),
    completedOn,
  };
  const check = checkCompletion(input);
  const reason = reasonCheck({ status, failureReason, photos: proofs.photos.length, internalNote }, view.outcomes);
  const asksReason = status === 'skipped' && view.outcomes.gates.failureReasons;
  const asksPlace = status === 'finished' && view.outcomes.gates.deliveryPlaces && placeAsked(stop.type);
  const placeMarks = placeCheck(place, asksPlace ? proofs.photos.length : 0, {
    ...view.outcomes,
    gates: { ...view.outcomes.gates, deliveryPlaces: asksPlace },
  });

  const code = codeCheck(deliveryCode, place, stop, view.outcomes);
  const codeAsked = status === 'finished' && code.asked;

  return {
    status,
    setStatus,
    recipientNote,
    setRecipientNote,
    internalNote,
    setInternalNote,
    proofs,
    setProofs,
    failureReason,
    setFailureReason,
    /** What the skip's reason still lacks (issue 34); all false when no reason is asked. */
    reason,
    place,
    setPlace,
    /** Delivered, on a delivery, where the route has places: where the parcel went is asked (issue 34). */
    asksPlace,
    /** What the delivered stop's place still lacks (issue 34); all false when no place is asked. */
    placeMarks,
    deliveryCode,
    setDeliveryCode,
    /** The stop's code (issue 34): asked, missing, not a code, locked; all false where none is asked. */
    codeMarks: codeAsked ? code : { asked: false, missing: false, invalid: false, locked: false },
    units,
    input,
    check,
    showErrors,
    /** Done (or Save) was tried: what is missing shows from now on. */
    tried: () => setShowErrors(true),
    /** Limits show at once; a missing note only once Done was tried. */
    noteError: (error: typeof check.internalNote) => (error === 'required' && !showErrors ? null : error),
    /** The proofs and the scanned parcels, as the completion sends them. */
    collected: () => ({
      proofs: completionProofs(proofs),
      units: draftScanUpdates(stop, scanning),
      ...(asksPlace ? { delivery_place: deliveryPlaceOf(place) } : {}),
      ...(codeAsked ? { delivery_code: deliveryCode.trim() } : {}),
    }),
    /** A skip's reason, and the photos it asks for, as the completion sends them (nothing where none is asked). */
    skipOutcome: () =>
      asksReason
        ? { failure_reason: failureReason, ...(reason.asksPhoto ? { proofs: { images: [...proofs.photos] } } : {}) }
        : {},
  };
}

export type CompletionDraft = ReturnType<typeof useCompletionDraft>;
