import { CircleExclamationPoint, Eye, EyeOff } from 'lucide-react';
import { type HTMLAttributes, type Ref, useId, useState } from 'react';
import { cx } from './cx.ts';
import { IconButton } from './IconButton.tsx';
import styles from './TextField.module.css';

export interface TextFieldProps {
  /** Translated visible label (always shown above the field, never a placeholder-only label). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated error; replaces the helper text in the reserved line and marks the field invalid. */
  error?: string;
  helper?: string;
  /** Already formatted counter, e.g. "12/500"; shown at the right of the reserved line. */
  counter?: string;
  maxLength?: number;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'url' | 'number';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  enterKeyHint?: HTMLAttributes<HTMLInputElement>['enterKeyHint'];
  /** Off for what is no prose (an email address typed into a text field): no capital first letter, no corrections. */
  autoCapitalize?: 'none' | 'sentences' | 'characters';
  spellCheck?: boolean;
  name?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  /** A textarea instead of an input (notes). */
  multiline?: boolean;
  rows?: number;
  /** Password show/hide toggle, with its two translated accessible names. */
  revealable?: { showLabel: string; hideLabel: string };
  onBlur?: () => void;
  onEnter?: () => void;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled text input with one reserved line under it for helper, error and counter (no layout jumps). */
export function TextField(props: TextFieldProps) {
  const { label, value, onChange, error, helper, counter, multiline = false, revealable, onEnter } = props;
  const autoId = useId();
  const id = props.id ?? autoId;
  const messageId = `${id}-message`;
  const counterId = `${id}-counter`;
  const [revealed, setRevealed] = useState(false);
  const type = props.type === 'password' && revealed ? 'text' : (props.type ?? 'text');
  const describedBy = [error || helper ? messageId : '', counter ? counterId : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name: props.name,
    value,
    maxLength: props.maxLength,
    placeholder: props.placeholder,
    disabled: props.disabled,
    required: props.required,
    autoFocus: props.autoFocus,
    autoComplete: props.autoComplete,
    inputMode: props.inputMode,
    enterKeyHint: props.enterKeyHint,
    autoCapitalize: props.autoCapitalize,
    autoCorrect: props.autoCapitalize === 'none' ? 'off' : undefined,
    spellCheck: props.spellCheck,
    ref: props.inputRef,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: cx(styles.control, multiline && styles.multiline),
    onBlur: props.onBlur,
  } as const;
  return (
    <div className={cx(styles.field, error && styles.invalid, props.disabled && styles.disabled)}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.box}>
        {multiline ? (
          <textarea {...common} rows={props.rows ?? 4} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...common}
            type={type}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onEnter ? (e) => e.key === 'Enter' && onEnter() : undefined}
          />
        )}
        {revealable && props.type === 'password' && (
          <IconButton
            className={styles.reveal}
            label={revealed ? revealable.hideLabel : revealable.showLabel}
            icon={revealed ? EyeOff : Eye}
            aria-pressed={revealed}
            aria-controls={id}
            disabled={props.disabled}
            onClick={() => setRevealed((r) => !r)}
          />
        )}
      </div>
      <div className={styles.meta}>
        <span id={messageId} className={styles.message} aria-live="polite">
          {error && <CircleExclamationPoint className={styles.errorIcon} size={16} aria-hidden="true" />}
          {error || helper}
        </span>
        {counter && (
          <span id={counterId} className={styles.counter}>
            {counter}
          </span>
        )}
      </div>
    </div>
  );
}
