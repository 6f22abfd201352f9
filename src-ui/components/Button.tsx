import { type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type Ref, useId } from 'react';
import styles from './Button.module.css';
import { cx } from './cx.ts';
import { Spinner } from './Spinner.tsx';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';
type ButtonSize = 'md' | 'lg';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  ref?: Ref<HTMLButtonElement>;
  /** The translated label. */
  children: ReactNode;
  variant?: ButtonVariant;
  /** md 48 px, lg 56 px. Defaults to lg, except md for the text variant. */
  size?: ButtonSize;
  /** Shows a spinner in place of the label, keeps the width and blocks clicks. */
  loading?: boolean;
  /** Why the button is disabled; shown under it and read as its description. */
  disabledReason?: string;
  /** Keeps one line of space for the reason even when enabled, so nothing moves when it appears. */
  reserveReasonSpace?: boolean;
  fullWidth?: boolean;
  /** Text variant only: pulls the button out by its side padding so its text lines up with the content edge. */
  flush?: boolean;
  /** Leading icon, e.g. <Navigation size={20} aria-hidden />. */
  icon?: ReactNode;
  /** Trailing icon. */
  iconEnd?: ReactNode;
}

/**
 * The app's button. Disabled buttons use aria-disabled, not the disabled attribute, so they stay focusable and
 * a screen reader can still reach them and hear the reason.
 */
export function Button({
  children,
  variant = 'primary',
  size,
  loading = false,
  disabled = false,
  disabledReason,
  reserveReasonSpace = false,
  fullWidth = false,
  flush = false,
  icon,
  iconEnd,
  className,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const blocked = disabled || loading;
  const showReason = disabled && !!disabledReason;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const button = (
    <button
      {...rest}
      type={type}
      className={cx(
        styles.button,
        styles[variant],
        styles[size ?? (variant === 'text' ? 'md' : 'lg')],
        fullWidth && styles.fullWidth,
        flush && variant === 'text' && styles.flush,
        disabled && styles.disabled,
        loading && styles.loading,
        className,
      )}
      aria-disabled={blocked || undefined}
      aria-busy={loading || undefined}
      aria-describedby={showReason ? reasonId : rest['aria-describedby']}
      onClick={handleClick}
    >
      <span className={styles.content}>
        {icon && <span className={styles.icon}>{icon}</span>}
        <span className={styles.label}>{children}</span>
        {iconEnd && <span className={styles.icon}>{iconEnd}</span>}
      </span>
      {loading && <Spinner className={styles.spinner} size="md" />}
    </button>
  );
  if (!disabledReason && !reserveReasonSpace) return button;
  return (
    <span className={cx(styles.wrapper, fullWidth && styles.fullWidth)}>
      {button}
      <span id={reasonId} className={styles.reason}>
        {showReason ? disabledReason : ''}
      </span>
    </span>
  );
}
