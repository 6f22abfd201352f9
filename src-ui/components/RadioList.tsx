import { Check } from 'lucide-react';
import { useId } from 'react';
import { cx } from './cx.ts';
import styles from './RadioList.module.css';

interface RadioOption<T extends string> {
  value: T;
  /** Translated option text. */
  label: string;
  /** Translated second line, e.g. the cleaning variant's definition text. */
  description?: string;
  disabled?: boolean;
}

export interface RadioListProps<T extends string> {
  /** Translated group name (read by screen readers; shown when `showLabel`). */
  label: string;
  showLabel?: boolean;
  options: ReadonlyArray<RadioOption<T>>;
  value: T | null;
  /** Not called when the current option is chosen again (the spec: choosing the current option does nothing). */
  onChange: (value: T) => void;
  name?: string;
}

/**
 * A single-choice list of 56 px rows with a check mark on the selected one: settings pickers, delivered/skipped.
 * Built on native radio inputs, so arrow keys and form semantics come for free.
 */
export function RadioList<T extends string>({
  label,
  showLabel = false,
  options,
  value,
  onChange,
  name,
}: RadioListProps<T>) {
  const autoName = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={showLabel ? styles.legend : 'visually-hidden'}>{label}</legend>
      <div className={styles.list}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cx(styles.row, checked && styles.checked, option.disabled && styles.disabled)}
            >
              <input
                className="visually-hidden"
                type="radio"
                name={name ?? autoName}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => {
                  if (!checked) onChange(option.value);
                }}
              />
              <span className={styles.text}>
                <span className={styles.label}>{option.label}</span>
                {option.description && <span className={styles.description}>{option.description}</span>}
              </span>
              <span className={styles.mark}>{checked && <Check size={24} strokeWidth={2.5} aria-hidden="true" />}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The settings pickers' name for the same component. */
export const OptionPicker = RadioList;
