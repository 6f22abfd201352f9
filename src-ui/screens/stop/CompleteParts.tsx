/**
 * Parts of the complete screen: a note field (cut at 500 with its n/500 counter) and the read-only view of a done
 * stop's completion.
 */
import { Ban, CircleCheck } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { cx, TextField } from '../../components/index.ts';
import { cutNote, NOTE_MAX, type NoteError, noteStatus } from './complete-rules.ts';
import styles from './parts.module.css';
import { DISABLED_KEYS } from './StopTaskParts.tsx';
import frame from './stop.module.css';

export interface NoteFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown once the driver has tried Done (or at once for a note over the limit). */
  error: NoteError | null;
  /** Notes are off for this route: the field is disabled and says why. */
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

export function NoteField({ label, placeholder, value, onChange, error, disabled, inputRef }: NoteFieldProps) {
  const { t } = useTranslation();
  const status = noteStatus(value);
  const errorText =
    error === 'required'
      ? t('complete.required')
      : error === 'too_long'
        ? t('errors.intent.too_long', { max: NOTE_MAX })
        : undefined;
  const helper = disabled ? t(DISABLED_KEYS.notes) : status.atLimit ? t('complete.noteLimitReached') : undefined;
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(text) => onChange(cutNote(text))}
      multiline
      rows={3}
      maxLength={NOTE_MAX}
      counter={t('complete.noteCounter', { count: status.count })}
      helper={helper}
      error={errorText}
      disabled={disabled}
      inputRef={inputRef}
    />
  );
}

/** A done stop's completion as saved: its outcome and notes (the recipient's hidden in the internal-notes variant). */
export function CompletionSummary({ stop, showRecipientNote }: { stop: Stop; showRecipientNote: boolean }) {
  const { t } = useTranslation();
  const skipped = stop.status === 'skipped';
  const Icon = skipped ? Ban : CircleCheck;
  const outcome = skipped
    ? t('complete.skipped')
    : t(stop.type === 'pickup' ? 'complete.pickedUp' : 'complete.delivered');
  const notes: [string, string | null][] = [[t('complete.internalNote'), stop.completion_note]];
  if (showRecipientNote) notes.unshift([t('complete.recipientNote'), stop.recipient_note]);
  return (
    <dl className={cx(frame.section, styles.summary)}>
      <div>
        <dt className={frame.label}>{t('complete.outcome')}</dt>
        <dd className={cx(styles.outcome, skipped ? styles.outcomeSkipped : styles.outcomeDone)}>
          <Icon size={20} strokeWidth={2.25} aria-hidden="true" />
          {outcome}
        </dd>
      </div>
      {notes.map(([label, text]) => (
        <div key={label}>
          <dt className={frame.label}>{label}</dt>
          <dd className={text?.trim() ? styles.savedNote : styles.noNote}>{text?.trim() || t('complete.noNote')}</dd>
        </div>
      ))}
    </dl>
  );
}
