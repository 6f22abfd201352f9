/**
 * The cleaning variant's Select status screen, its content under the screen's TopBar (cleaning.title): the
 * statuses Washed, Not outside, Dirty, Full and Other (Other reveals a required Definition field), a Sticker
 * switch, and Save, disabled until a status is chosen and, for Other, a definition typed (spec section 5).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEANING_STATUSES } from '../../src-shared/protocol/entities.ts';
import { Button, TextField } from '../components/index.ts';
import { RadioList } from '../components/RadioList.tsx';
import styles from './CleaningStatusPicker.module.css';
import {
  type CleaningDraft,
  type CleaningResult,
  cleaningProblem,
  cleaningResult,
  emptyCleaningDraft,
} from './cleaning.ts';

export interface CleaningStatusPickerProps {
  /** The status saved before (editing a finished stop); nothing chosen otherwise. */
  value?: CleaningResult | null;
  /** StopCompletion.cleaning; the definition is trimmed, and null unless the status is Other. */
  onSave: (result: CleaningResult) => void;
  /** Shows a spinner on Save while the caller sends the completion. */
  saving?: boolean;
}

const DEFINITION_MAX = 500;

export function CleaningStatusPicker({ value, onSave, saving = false }: CleaningStatusPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CleaningDraft>(() => emptyCleaningDraft(value));
  const [definitionTouched, setDefinitionTouched] = useState(false);
  const update = (part: Partial<CleaningDraft>) => setDraft((d) => ({ ...d, ...part }));
  const problem = cleaningProblem(draft);

  const options = CLEANING_STATUSES.map((status) => ({ value: status, label: t(`cleaning.options.${status}`) }));

  return (
    <div className={styles.picker}>
      <RadioList
        label={t('cleaning.title')}
        options={options}
        value={draft.status}
        onChange={(s) => update({ status: s })}
      />
      {draft.status === 'other' && (
        <div className={styles.definition}>
          <TextField
            label={t('cleaning.definition')}
            placeholder={t('cleaning.definitionPlaceholder')}
            value={draft.definition}
            onChange={(definition) => update({ definition })}
            onBlur={() => setDefinitionTouched(true)}
            error={definitionTouched && problem === 'definition_required' ? t('common.required') : undefined}
            required
            autoFocus={value?.status !== 'other'}
            multiline
            rows={2}
            maxLength={DEFINITION_MAX}
          />
        </div>
      )}
      <label className={styles.switchRow}>
        <span className={styles.switchLabel}>{t('cleaning.sticker')}</span>
        <input
          className={styles.switchInput}
          type="checkbox"
          role="switch"
          checked={draft.sticker}
          aria-checked={draft.sticker}
          onChange={(event) => update({ sticker: event.target.checked })}
        />
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
      </label>
      <div className={styles.footer}>
        <Button
          fullWidth
          disabled={problem !== null}
          loading={saving}
          onClick={() => {
            const result = cleaningResult(draft);
            if (result) onSave(result);
          }}
        >
          {t('cleaning.save')}
        </Button>
      </div>
    </div>
  );
}
