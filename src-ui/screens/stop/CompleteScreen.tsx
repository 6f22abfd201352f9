/**
 * The complete screen, the route view's "complete" window (`{base}/stops/{stopId}/complete`, `?status=skipped`
 * preselects Skipped; spec section 2 "Complete task screen", section 5 "Notes" and "Proof rules"): the outcome,
 * proof of delivery when delivered, the note for the recipient (not in the internal-notes variant) and the note
 * for internal use, and Done. A done stop opens read-only, with Edit while the route is not finished.
 * The proofs are held in a draft (CompleteProofs) until Done; a skipped stop sends none.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { missingProofs, NOTHING_COLLECTED } from '../../../src-shared/domain/completion-rules.ts';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { Badge, Button } from '../../components/index.ts';
import { RadioList } from '../../components/RadioList.tsx';
import { CleaningStatusPicker } from '../../proof/CleaningStatusPicker.tsx';
import { CompletionView } from '../../proof/CompletionView.tsx';
import { NotSavedPanel } from '../../route/NotSavedPanel.tsx';
import { ScanSummary } from '../../scan/ScanSummary.tsx';
import { draftScanUpdates, draftUnits } from '../../scan/scan-draft.ts';
import { useNav } from '../shared/navigation.ts';
import { NoteField } from './CompleteParts.tsx';
import { CompleteProofs } from './CompleteProofs.tsx';
import {
  type CompletionStatus,
  checkCompletion,
  collectedProofs,
  completionNotes,
  completionProofs,
  type ProofDraft,
  proofDraftOf,
} from './complete-rules.ts';
import { StopHeading, StopPage, StopPageState } from './StopPage.tsx';
import type { StopScreenProps } from './StopTaskScreen.tsx';
import styles from './stop.module.css';
import { useCompleteStop } from './use-complete-stop.ts';
import { useLeaveWhenGone } from './use-leave-when-gone.ts';
import { type StopView, useStop } from './use-stop.ts';

type Ready = Extract<StopView, { status: 'ready' }>;

export function CompleteScreen({ base, stopId }: StopScreenProps) {
  useSignals();
  const nav = useNav();
  const view = useStop(stopId);
  const presetSkipped = new URLSearchParams(useSearch()).get('status') === 'skipped';
  useLeaveWhenGone(view.status, () => nav.back(base));
  if (view.status !== 'ready') return <StopPageState status={view.status} onBack={() => nav.back(base)} />;
  // Keyed by stop: the draft starts afresh for another stop.
  return <CompleteForm key={view.stop.id} view={view} base={base} presetSkipped={presetSkipped} />;
}

function CompleteForm({ view, base, presetSkipped }: { view: Ready; base: string; presetSkipped: boolean }) {
  // Its own: it reads the scan draft's signal (draftUnits). Without it the reads only counted while the parent's
  // tracking happened to be open, and a render of the parent that React split from this one lost them: the parcels'
  // count then stayed "0 of 3" after the Scan screen's Done (a flaky e2e/scan-parcels.spec.ts).
  useSignals();
  const { t } = useTranslation();
  const nav = useNav();
  const { route, stop, number, variant, gates, required } = view;
  const done = isDone(stop);
  const [editing, setEditing] = useState(!done);
  const [status, setStatus] = useState<CompletionStatus>(
    done ? (stop.status as CompletionStatus) : presetSkipped ? 'skipped' : 'finished',
  );
  const [recipientNote, setRecipientNote] = useState(stop.recipient_note ?? '');
  const [internalNote, setInternalNote] = useState(stop.completion_note ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [proofs, setProofs] = useState<ProofDraft>(() => proofDraftOf(stop));
  const internalRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const actions = useCompleteStop(base, view);

  const showRecipientNote = variant !== 'internal-notes';
  // The parcels as scanned on this visit (on this screen or the stop window), over what the stop has stored.
  const units = draftUnits(stop);
  const { scanning } = view;
  const input = {
    status,
    variant,
    recipientNote,
    internalNote,
    notesEnabled: gates.notes,
    required,
    collected: collectedProofs({ ...proofs, units }),
  };
  const check = checkCompletion(input);
  // Limits show at once; a missing note only once Done was tried.
  const noteError = (error: typeof check.internalNote) => (error === 'required' && !showErrors ? null : error);

  async function onDone() {
    if (!actions.allowed()) return;
    setShowErrors(true);
    if (check.alert === 'fulfill_requirements') return actions.refuse(t('alerts.fulfillRequirements'));
    if (check.alert === 'add_note') {
      internalRef.current?.focus();
      return actions.refuse(t('complete.addNote'));
    }
    if (!check.ok) return;
    const notes = completionNotes(input);
    await actions.complete(
      status,
      status === 'skipped'
        ? notes
        : {
            ...notes,
            proofs: completionProofs(proofs),
            units: draftScanUpdates(stop, scanning),
          },
    );
  }

  const deliveredLabel = t(stop.type === 'pickup' ? 'complete.pickedUp' : 'complete.delivered');
  const canEdit = route.status !== 'finished';
  const footer = editing ? (
    <Button fullWidth onClick={onDone} loading={actions.busy}>
      {t('complete.done')}
    </Button>
  ) : canEdit ? (
    <Button fullWidth variant="secondary" onClick={() => setEditing(true)}>
      {t('complete.edit')}
    </Button>
  ) : (
    <p className={styles.reason}>{t('complete.routeFinished')}</p>
  );

  if (variant === 'cleaning' && editing) {
    // The cleaning variant's Select status screen replaces the outcome and the notes; the proofs the stop requires
    // are asked above it, and Save completes the stop once they are there (the shared rules, as on the server).
    const asksProofs = missingProofs(required, NOTHING_COLLECTED).length > 0;
    return (
      <StopPage title={t('cleaning.title')} stop={stop} onBack={() => nav.back(base)}>
        <div className={styles.card}>
          <StopHeading stop={stop} number={number} />
        </div>
        {asksProofs && (
          <div className={styles.card}>
            <CompleteProofs
              stop={stop}
              gates={gates}
              required={required}
              errors={showErrors ? check.proofs : []}
              draft={proofs}
              onChange={setProofs}
            />
            {scanning && (
              <ScanSummary
                route={route}
                stop={stop}
                units={units}
                required={required.barcode}
                error={showErrors && check.proofs.includes('barcode')}
              />
            )}
          </div>
        )}
        <CleaningStatusPicker
          value={
            stop.cleaning_status
              ? { status: stop.cleaning_status, definition: stop.cleaning_definition, sticker: stop.sticker ?? false }
              : null
          }
          saving={actions.busy}
          onSave={(cleaning) => {
            if (!actions.allowed()) return;
            setShowErrors(true);
            if (check.proofs.length > 0) return actions.refuse(t('alerts.fulfillRequirements'));
            const collected = { proofs: completionProofs(proofs), units: draftScanUpdates(stop, scanning) };
            void actions.complete('finished', asksProofs ? { cleaning, ...collected } : { cleaning });
          }}
        />
      </StopPage>
    );
  }

  return (
    <StopPage title={t('complete.title')} stop={stop} onBack={() => nav.back(base)} footer={footer}>
      <div className={styles.card}>
        <StopHeading stop={stop} number={number} />
        {view.unsent && (
          <div className={styles.banner}>
            <Badge label={t('connectivity.notSentYet')} tone="warning" />
          </div>
        )}
      </div>
      {view.parked && <NotSavedPanel parked={view.parked} timeZone={view.organisation?.time_zone} />}
      {!editing ? (
        <div className={styles.card}>
          <CompletionView stop={stop} showRecipientNote={showRecipientNote} timeZone={view.organisation?.time_zone} />
        </div>
      ) : (
        <>
          <RadioList<CompletionStatus>
            label={t('complete.outcome')}
            showLabel
            options={[
              { value: 'finished', label: deliveredLabel },
              { value: 'skipped', label: t('complete.skipped') },
            ]}
            value={status}
            onChange={setStatus}
          />
          {status === 'finished' && (
            <div className={styles.card}>
              <CompleteProofs
                stop={stop}
                gates={gates}
                required={required}
                errors={showErrors ? check.proofs : []}
                draft={proofs}
                onChange={setProofs}
              />
              {scanning && (
                <ScanSummary
                  route={route}
                  stop={stop}
                  units={units}
                  required={required.barcode}
                  error={showErrors && check.proofs.includes('barcode')}
                />
              )}
            </div>
          )}
          <div className={`${styles.card} ${styles.section}`}>
            {showRecipientNote && (
              <NoteField
                label={t('complete.recipientNote')}
                placeholder={t('complete.recipientNotePlaceholder')}
                value={recipientNote}
                onChange={setRecipientNote}
                error={noteError(check.recipientNote)}
                disabled={!gates.notes}
              />
            )}
            <NoteField
              label={t('complete.internalNote')}
              placeholder={t('complete.internalNotePlaceholder')}
              value={internalNote}
              onChange={setInternalNote}
              error={noteError(check.internalNote)}
              disabled={!gates.notes}
              inputRef={internalRef}
            />
          </div>
        </>
      )}
    </StopPage>
  );
}
