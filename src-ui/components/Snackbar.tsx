import { CircleCheck, CircleExclamationPoint, Info, type LucideIcon, TriangleExclamationPoint, X } from 'lucide-react';
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

/** One message on the dark inverse surface, with an optional action. Usually rendered by SnackbarHost. */
export function Snackbar({ item, onDismiss, dismissLabel }: SnackbarProps) {
  const Icon = toneIcons[item.tone];
  const showClose = !item.action && item.durationMs === null && !!dismissLabel;
  return (
    <div className={cx(styles.snackbar, styles[item.tone])}>
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
}
