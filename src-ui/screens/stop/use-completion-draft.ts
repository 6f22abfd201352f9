/**
 * The complete screen's draft, held until Done: the outcome, the two notes, the proofs (CompleteProofs), the delivery
 * outcomes (use-outcome-draft.ts) and the parcels scanned on this visit, with the shared rules' verdict on them
 * (complete-rules.ts). Errors for what is missing show only once Done was tried; a note over the limit shows at once.
 *
 * Reads the scan draft's signal (draftUnits): call it from a component that calls useSignals() itself.
 */
import { useState } from 'react';
import { type CompletionStatus, checkCompletion, completionDay } from '../../../src-shared/domain/completion-rules.ts';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { draftScanUpdates, draftUnits } from '../../scan/scan-draft.ts';
import { collectedProofs, completionProofs, type ProofDraft, proofDraftOf } from './complete-rules.ts';
import { useOutcomeDraft } from './use-outcome-draft.ts';
import type { ReadyStop } from './use-stop.ts';

export function useCompletionDraft(view: ReadyStop, presetSkipped: boolean) {
  const { stop, variant, gates, required, scanning } = view;
  const [status, setStatus] = useState<CompletionStatus>(
    isDone(stop) ? (stop.status as CompletionStatus) : presetSkipped ? 'skipped' : 'finished',
  );
  const [recipientNote, setRecipientNote] = useState(stop.recipient_note ?? '');
  const [internalNote, setInternalNote] = useState(stop.completion_note ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [proofs, setProofs] = useState<ProofDraft>(() => proofDraftOf(stop));

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
  const outcome = useOutcomeDraft(view, status, proofs.photos, internalNote);

  return {
    status,
    setStatus,
    recipientNote,
    setRecipientNote,
    internalNote,
    setInternalNote,
    proofs,
    setProofs,
    ...outcome,
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
      ...outcome.deliveredOutcome(),
    }),
  };
}

export type CompletionDraft = ReturnType<typeof useCompletionDraft>;
