/**
 * The complete screen, the route view's "complete" window (`{base}/stops/{stopId}/complete`, `?status=skipped`
 * preselects Skipped; spec section 2 "Complete task screen", section 5 "Notes" and "Proof rules"): the outcome,
 * proof of delivery when delivered, the note for the recipient (not in the internal-notes variant) and the note
 * for internal use, and Done. A done stop opens read-only, with Edit while the route is not finished.
 * The proofs are held in a draft (CompleteProofs) until Done; a skipped stop sends none.
 */

import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { memo, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { completionNotes } from '../../../src-shared/domain/completion-rules.ts';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { Badge, Button } from '../../components/index.ts';
import { CompletionView } from '../../proof/CompletionView.tsx';
import { NotSavedPanel } from '../../stops/NotSavedPanel.tsx';
import { useNav } from '../shared/navigation.ts';
import { CleaningForm } from './CleaningForm.tsx';
import { CompleteFields } from './CompleteFields.tsx';
import { StopHeading, StopPage, StopPageState } from './StopPage.tsx';
import type { StopScreenProps } from './StopTaskScreen.tsx';
import styles from './stop.module.css';
import { type CompleteStop, useCompleteStop } from './use-complete-stop.ts';
import { type CompletionDraft, useCompletionDraft } from './use-completion-draft.ts';
import { useLeaveWhenGone } from './use-leave-when-gone.ts';
import type { ReadyStop } from './use-stop.ts';
import { useStop } from './use-stop.ts';

export function CompleteScreen({ base, stopId }: StopScreenProps) {
  useSignals();
  const nav = useNav();
  const latest = useStop(stopId);
  const [completing] = useState(() => signal(false));
  // While a completion is on its way the form shows what the driver sent: the core's patch for it (the stop done,
  // the next one active) would re-render every field of a screen about to close (issue 47). A refusal ends the hold.
  const held = useRef(latest);
  if (!completing.value) held.current = latest;
  const view = held.current;
  const presetSkipped = new URLSearchParams(useSearch()).get('status') === 'skipped';
  useLeaveWhenGone(latest.status, () => nav.back(base));
  if (view.status !== 'ready') return <StopPageState status={view.status} onBack={() => nav.back(base)} />;
  // Keyed by stop: the draft starts afresh for another stop.
  return (
    <CompleteForm key={view.stop.id} view={view} base={base} presetSkipped={presetSkipped} completing={completing} />
  );
}

interface CompleteFormProps {
  view: ReadyStop;
  base: string;
  presetSkipped: boolean;
  /** A completion is on its way (the screen holds its view meanwhile). */
  completing: Signal<boolean>;
}

/** Memoized: it renders for its view and its draft, not for the screen's renders while a completion is on its way. */
const CompleteForm = memo(function CompleteForm({ view, base, presetSkipped, completing }: CompleteFormProps) {
  // Its own: it reads the scan draft's signal (draftUnits, in useCompletionDraft). Without it the reads only counted
  // while the parent's tracking happened to be open, and a render of the parent that React split from this one lost
  // them: the parcels' count then stayed "0 of 3" after the Scan screen's Done (a flaky e2e/scan-parcels.spec.ts).
  useSignals();
  const { t } = useTranslation();
  const nav = useNav();
  const { route, stop, variant } = view;
  const [editing, setEditing] = useState(!isDone(stop));
  const draft = useCompletionDraft(view, presetSkipped);
  const internalRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // The core's refusals of the code are answered under its field, as the screen's own are (issue 45).
  const actions = useCompleteStop(base, view, {
    answerCode: (failure) => draft.answerCode(failure.error === 'wrong_delivery_code' ? failure : undefined),
    busy: completing,
  });
  const onBack = () => nav.back(base);

  const onDone = useDone(draft, actions, internalRef);

  if (variant === 'cleaning' && editing)
    return <CleaningForm view={view} draft={draft} actions={actions} onBack={onBack} />;

  const footer = editing ? (
    <DoneButton busy={actions.busy} onClick={onDone} />
  ) : route.status !== 'finished' ? (
    <Button fullWidth variant="secondary" onClick={() => setEditing(true)}>
      {t('complete.edit')}
    </Button>
  ) : (
    <p className={styles.reason}>{t('complete.routeFinished')}</p>
  );
  return (
    <StopPage title={t('complete.title')} stop={stop} onBack={onBack} footer={footer}>
      <CompleteHeading view={view} />
      {view.parked && <NotSavedPanel parked={view.parked} timeZone={view.organisation?.time_zone} />}
      {editing ? (
        <CompleteFields view={view} draft={draft} internalRef={internalRef} />
      ) : (
        <div className={styles.card}>
          <CompletionView
            stop={stop}
            showRecipientNote={variant !== 'internal-notes'}
            timeZone={view.organisation?.time_zone}
            failureReasons={view.outcomes.config.failureReasons}
          />
        </div>
      )}
    </StopPage>
  );
});

/**
 * Done: refused with what is missing (doneRefusal: the fields marked from the first refusal on, an alert, or the code's
 * field), else the completion with its notes and proofs, or a skip's outcome.
 */
function useDone(draft: CompletionDraft, actions: CompleteStop, internalRef: RefObject<HTMLElement | null>) {
  const { t } = useTranslation();
  function answerRefusal(refusal: DoneRefusal) {
    switch (refusal.type) {
      case 'fields':
        return;
      case 'alert':
        if (refusal.focusNote) internalRef.current?.focus();
        return actions.refuse(t(refusal.key));
      case 'code':
        // The code's own problems (locked, missing, not a code) show under its field, which takes the focus: the
        // driver at the door types again with no alert to close first (issue 45).
        return draft.answerCode();
      default:
        refusal satisfies never;
    }
  }
  return async function onDone() {
    if (!actions.allowed()) return;
    const refusal = doneRefusal(draft);
    if (refusal) {
      // What is missing shows from the first refused Done on: a Done that passes re-renders none of the fields.
      draft.tried();
      return answerRefusal(refusal);
    }
    const { status } = draft;
    const notes = completionNotes(draft.input);
    await actions.complete(
      status,
      status === 'skipped' ? { ...notes, ...draft.skipOutcome() } : { ...notes, ...draft.collected() },
    );
  };
}

/** Why Done does not complete yet, in the order the driver is told: the fields marked, an alert, the stop's code. */
type DoneRefusal = { type: 'fields' } | { type: 'alert'; key: string; focusNote?: boolean } | { type: 'code' };

/**
 * Whether Done is refused and why (spec section 5 "Proof rules", the delivery outcomes of issue 34, the stop's code of
 * issue 45): the proof rules' alerts first, then the fields they mark, then what the outcomes still lack, then the
 * code, which is answered under its own field. Null when Done may complete.
 */
function doneRefusal(draft: CompletionDraft): DoneRefusal | null {
  const { check } = draft;
  if (check.alert === 'fulfill_requirements') return { type: 'alert', key: 'alerts.fulfillRequirements' };
  if (check.alert === 'add_note') return { type: 'alert', key: 'complete.addNote', focusNote: true };
  if (!check.ok) return { type: 'fields' };
  const outcome = outcomeRefusal(draft);
  if (outcome) return { type: 'alert', ...outcome };
  const code = draft.codeMarks;
  if (code.locked || code.missing || code.invalid) return { type: 'code' };
  return null;
}

/**
 * What the delivery outcomes (issue 34) still lack, as the alert's words: a skip's reason with the photo and the note
 * it asks for, a delivered stop's place with its fields and photo. Null when nothing does.
 */
function outcomeRefusal(draft: CompletionDraft): { key: string; focusNote?: boolean } | null {
  const { reason, placeMarks: place } = draft;
  if (reason.reasonMissing) return { key: 'failureReason.choose' };
  if (reason.photoMissing) return { key: 'failureReason.photoRequired' };
  if (reason.noteMissing) return { key: 'failureReason.noteRequired', focusNote: true };
  if (place.placeMissing) return { key: 'deliveryPlace.choose' };
  if (place.nameMissing) return { key: 'deliveryPlace.nameRequired' };
  if (place.houseNumberMissing) return { key: 'deliveryPlace.houseNumberRequired' };
  if (place.safePlaceMissing) return { key: 'deliveryPlace.safePlaceRequired' };
  if (place.photoMissing) return { key: 'deliveryPlace.photoRequired' };
  return null;
}

/** Done, spinning while the completion is on its way: the busy signal re-renders this button alone. */
function DoneButton({ busy, onClick }: { busy: ReadonlySignal<boolean>; onClick: () => void }) {
  useSignals();
  const { t } = useTranslation();
  return (
    <Button fullWidth onClick={onClick} loading={busy.value}>
      {t('complete.done')}
    </Button>
  );
}

/** The stop's heading, with "Not sent yet" while its last change waits for the network. */
function CompleteHeading({ view }: { view: ReadyStop }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card}>
      <StopHeading stop={view.stop} number={view.number} />
      {view.unsent && (
        <div className={styles.banner}>
          <Badge label={t('connectivity.notSentYet')} tone="warning" />
        </div>
      )}
    </div>
  );
}
