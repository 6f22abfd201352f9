/**
 * The complete screen's form while editing: the outcome (delivered or picked up, or skipped), the proofs when
 * delivered, and the notes (the recipient's left out in the internal-notes variant). The state is the screen's
 * draft (use-completion-draft.ts); these only show it and change it.
 */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompletionStatus } from '../../../src-shared/domain/completion-rules.ts';
import { RadioList } from '../../components/RadioList.tsx';
import { ScanSummary } from '../../scan/ScanSummary.tsx';
import { NoteField } from './CompleteParts.tsx';
import { CompleteProofs } from './CompleteProofs.tsx';
import { DeliveryCodeCard } from './DeliveryCodeCard.tsx';
import { DeliveryPlaceCard } from './DeliveryPlaceCard.tsx';
import { FailureReasonCard } from './FailureReasonCard.tsx';
import styles from './stop.module.css';
import type { CompletionDraft } from './use-completion-draft.ts';
import type { ReadyStop } from './use-stop.ts';

export interface CompleteFieldsProps {
  view: ReadyStop;
  draft: CompletionDraft;
  /** The internal note's field: a Done refused for want of a note focuses it. */
  internalRef: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

export function CompleteFields({ view, draft, internalRef }: CompleteFieldsProps) {
  const { t } = useTranslation();
  const { stop, gates } = view;
  const { check, noteError } = draft;
  const deliveredLabel = t(stop.type === 'pickup' ? 'complete.pickedUp' : 'complete.delivered');
  return (
    <>
      <RadioList<CompletionStatus>
        label={t('complete.outcome')}
        showLabel
        options={[
          { value: 'finished', label: deliveredLabel },
          { value: 'skipped', label: t('complete.skipped') },
        ]}
        value={draft.status}
        onChange={draft.setStatus}
      />
      {draft.asksPlace && <DeliveryPlaceCard view={view} draft={draft} />}
      {draft.codeMarks.asked && <DeliveryCodeCard view={view} draft={draft} />}
      {draft.status === 'finished' && <ProofsCard view={view} draft={draft} />}
      {draft.status === 'skipped' && view.outcomes.gates.failureReasons && (
        <FailureReasonCard view={view} draft={draft} />
      )}
      <div className={`${styles.card} ${styles.section}`}>
        {view.variant !== 'internal-notes' && (
          <NoteField
            label={t('complete.recipientNote')}
            placeholder={t('complete.recipientNotePlaceholder')}
            value={draft.recipientNote}
            onChange={draft.setRecipientNote}
            error={noteError(check.recipientNote)}
            disabled={!gates.notes}
          />
        )}
        <NoteField
          label={t('complete.internalNote')}
          placeholder={t('complete.internalNotePlaceholder')}
          value={draft.internalNote}
          onChange={draft.setInternalNote}
          error={noteError(check.internalNote) ?? (draft.showErrors && draft.reason.noteMissing ? 'required' : null)}
          disabled={!gates.notes && !draft.reason.asksNote}
          inputRef={internalRef}
        />
      </div>
    </>
  );
}

/** The proofs the stop asks for, and its parcels' scan count when it has parcels to scan. */
export function ProofsCard({ view, draft }: { view: ReadyStop; draft: CompletionDraft }) {
  const { routeNow, stop, gates, scanning } = view;
  const { showErrors, check, placeMarks } = draft;
  // A parcel left at a safe place needs its photo (issue 34): marked as any required photo is.
  const safePlace = draft.place.place === 'safe_place' && view.outcomes.gates.deliveryPlaces;
  const required = safePlace ? { ...view.required, photo: true } : view.required;
  const errors = placeMarks.photoMissing && showErrors ? [...check.proofs, 'photo' as const] : check.proofs;
  return (
    <div className={styles.card}>
      <CompleteProofs
        stop={stop}
        gates={gates}
        required={required}
        errors={showErrors ? errors : []}
        draft={draft.proofs}
        onChange={draft.setProofs}
      />
      {scanning && (
        <ScanSummary
          routeNow={routeNow}
          stop={stop}
          units={draft.units}
          required={required.barcode}
          error={showErrors && check.proofs.includes('barcode')}
        />
      )}
    </div>
  );
}
