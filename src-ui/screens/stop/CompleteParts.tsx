/** The complete screen's note field: cut at 500, with its n/500 counter (spec section 5 "Notes"). */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cutNote, type NoteError, noteStatus } from '../../../src-shared/domain/completion-rules.ts';
import { withoutNul } from '../../../src-shared/domain/text.ts';
import { NOTE_MAX } from '../../../src-shared/limits.ts';
import { TextField } from '../../components/index.ts';
import { DISABLED_KEYS } from './StopTaskParts.tsx';

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
      // Pasted text may hold U+0000, which no server stores; the 500 are characters (an emoji is one), which the
      // element's own maxLength (UTF-16 code units) would count as two, so cutNote alone bounds the note.
      onChange={(text) => onChange(cutNote(withoutNul(text)))}
      multiline
      rows={3}
      counter={t('complete.noteCounter', { count: status.count })}
      helper={helper}
      error={errorText}
      disabled={disabled}
      inputRef={inputRef}
    />
  );
}
