/**
 * Why a skipped stop failed (issue 34, docs/delivery-outcomes.md): one tap on a reason of the organisation's list (the
 * default codes in the app's words, an organisation's own as it wrote them), the mark when Done was tried without
 * one, and the photos when the chosen reason asks for one. The note a reason asks for is the internal note below.
 */
import { CircleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FeatureGates, RequiredProofs } from '../../../src-shared/domain/proofs.ts';
import { RadioList } from '../../components/RadioList.tsx';
import { CompleteProofs } from './CompleteProofs.tsx';
import styles from './stop.module.css';
import type { CompletionDraft } from './use-completion-draft.ts';
import type { ReadyStop } from './use-stop.ts';

/** A reason's photo is the only proof a skip carries. */
const PHOTO_ONLY: FeatureGates = {
  photo: true,
  signature: false,
  ageVerification: false,
  notes: false,
  barcode: false,
};
const PHOTO_REQUIRED: RequiredProofs = {
  photo: true,
  signature: false,
  signatureName: false,
  ageVerification: false,
  barcode: false,
};

export function FailureReasonCard({ view, draft }: { view: ReadyStop; draft: CompletionDraft }) {
  const { t } = useTranslation();
  const { reason, showErrors } = draft;
  const options = view.outcomes.config.failureReasons.map((r) => ({
    value: r.code,
    label: r.label ?? t(`failureReason.${r.code}`),
  }));
  const mark = showErrors && reason.reasonMissing ? t('failureReason.choose') : '';
  return (
    <div className={styles.card}>
      <RadioList<string>
        label={t('failureReason.title')}
        showLabel
        options={options}
        value={draft.failureReason}
        onChange={draft.setFailureReason}
      />
      <p className={styles.fieldError} role="alert">
        {mark && <CircleExclamationPoint size={16} aria-hidden="true" />}
        {mark}
      </p>
      {reason.asksPhoto && (
        <CompleteProofs
          stop={view.stop}
          gates={PHOTO_ONLY}
          required={PHOTO_REQUIRED}
          errors={showErrors && reason.photoMissing ? ['photo'] : []}
          draft={draft.proofs}
          onChange={draft.setProofs}
          only={['photo']}
          title={t('failureReason.proof')}
        />
      )}
    </div>
  );
}
