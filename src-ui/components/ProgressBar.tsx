import { memo } from 'react';
import { cx } from './cx.ts';
import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** Translated accessible name, e.g. "Refreshing". */
  label: string;
  /** When false the bar keeps its 4 px of space but shows nothing (no jump when loading starts). */
  active?: boolean;
  /** 0 to 1 for a determinate bar (e.g. pull distance); omit for indeterminate. */
  value?: number;
  className?: string;
}

/** A thin bar at the top of a list for pull-to-refresh and background loading. */
function ProgressBarView({ label, active = true, value, className }: ProgressBarProps) {
  if (!active) return <div className={cx(styles.track, className)} aria-hidden="true" />;
  if (value === undefined) {
    return (
      <div className={cx(styles.track, styles.active, className)} role="progressbar" aria-label={label}>
        <div className={styles.indeterminate} />
      </div>
    );
  }
  const clamped = Math.min(1, Math.max(0, value));
  return (
    <div
      className={cx(styles.track, styles.active, className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 100)}
    >
      <div className={styles.fill} style={{ transform: `scaleX(${clamped})` }} />
    </div>
  );
}

/** Memo'd: it sits under screens that re-render on every patch, and its props are a label and a flag (issue 47). */
export const ProgressBar = memo(ProgressBarView);
