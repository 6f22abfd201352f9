import { CircleCheck, CircleExclamationPoint, Info, type LucideIcon, TriangleExclamationPoint, X } from 'lucide-react';
import { type MouseEvent, memo } from 'react';
import { cx } from './cx.ts';
import styles from './Snackbar.module.css';
import type { SnackbarItem, SnackbarTone } from './snackbar-queue.ts';

export interface SnackbarProps {
  item: SnackbarItem;
  /** Called after the action runs, or when the close button is pressed. */
  onDismiss: () => void;
  /** Translated name of a close button; shown only for persistent messages without an action. */
  dismissLabel?: string;
}

const toneIcons: Record<SnackbarTone, LucideIcon | null> = {
  neutral: null,
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  danger: CircleExclamationPoint,
};

/**
 * One message on the dark inverse surface, with an optional action. Usually rendered by SnackbarHost. A tap anywhere
 * on it but its buttons hides it (with gloves, aiming at a small close button is harder than tapping the message);
 * keyboards and screen readers have the close button or the timer.
 */
export const Snackbar = memo(function Snackbar({ item, onDismiss, dismissLabel }: SnackbarProps) {
  const Icon = toneIcons[item.tone];
  const showClose = !item.action && item.durationMs === null && !!dismissLabel;
  const dismissOnTap = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('button')) return;
    onDismiss();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; the close button and the timer serve keyboards.
    <div className={cx(styles.snackbar, styles[item.tone])} onClick={dismissOnTap}>
      {Icon && <Icon className={styles.icon} size={24} strokeWidth={2.25} aria-hidden="true" />}
      <p className={styles.text}>{item.text}</p>
      {item.action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            item.action?.onAction();
            onDismiss();
          }}
        >
          {item.action.label}
        </button>
      )}
      {showClose && (
        <button type="button" className={styles.close} aria-label={dismissLabel} onClick={onDismiss}>
          <X size={24} strokeWidth={2.25} aria-hidden="true" />
        </button>
      )}
    </div>
  );
});
