/**
 * The cleaning variant's Select status screen, which replaces the outcome and the notes of the complete screen: the
 * proofs the stop requires are asked above it, and Save completes the stop once they are there (the shared rules,
 * as on the server).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { missingProofs, NOTHING_COLLECTED } from '../../../src-shared/domain/completion-rules.ts';
import { CleaningStatusPicker } from '../../proof/CleaningStatusPicker.tsx';
import { ProofsCard } from './CompleteFields.tsx';
import { StopHeading, StopPage } from './StopPage.tsx';
import styles from './stop.module.css';
import type { CompleteStop } from './use-complete-stop.ts';
import type { CompletionDraft } from './use-completion-draft.ts';
import type { ReadyStop } from './use-stop.ts';

export interface CleaningFormProps {
  view: ReadyStop;
  draft: CompletionDraft;
  actions: CompleteStop;
  onBack(): void;
}

export function CleaningForm({ view, draft, actions, onBack }: CleaningFormProps) {
  useSignals();
  const { t } = useTranslation();
  const { stop, number, required } = view;
  const asksProofs = missingProofs(required, NOTHING_COLLECTED).length > 0;
  return (
    <StopPage title={t('cleaning.title')} stop={stop} onBack={onBack}>
      <div className={styles.card}>
        <StopHeading stop={stop} number={number} />
      </div>
      {asksProofs && <ProofsCard view={view} draft={draft} />}
      <CleaningStatusPicker
        value={
          stop.cleaning_status
            ? { status: stop.cleaning_status, definition: stop.cleaning_definition, sticker: stop.sticker ?? false }
            : null
        }
        saving={actions.busy.value}
        onSave={(cleaning) => {
          if (!actions.allowed()) return;
          draft.tried();
          if (draft.check.proofs.length > 0) return actions.refuse(t('alerts.fulfillRequirements'));
          void actions.complete('finished', asksProofs ? { cleaning, ...draft.collected() } : { cleaning });
        }}
      />
    </StopPage>
  );
}
