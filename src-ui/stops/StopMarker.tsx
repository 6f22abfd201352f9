import { memo } from 'react';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { cx } from '../components/index.ts';
import styles from './StopMarker.module.css';
import { MARKER_ICONS } from './stop-icons.ts';

export interface StopMarkerProps {
  stop: Pick<Stop, 'type' | 'status'>;
  /** countToShow; null for break, start and end, which show their icon. */
  number: number | null;
  className?: string;
}

/** The round stop marker: the stop's number, or the break, start or end icon; tinted once the stop is done. */
function StopMarkerView({ stop, number, className }: StopMarkerProps) {
  const Icon = MARKER_ICONS[stop.type];
  return (
    <span className={cx(styles.marker, styles[stop.status], className)} aria-hidden="true">
      {Icon ? <Icon size={18} strokeWidth={2.25} /> : <span className={styles.number}>{number}</span>}
    </span>
  );
}

/** Re-rendered only when what it draws changed: a stop's other fields (its notes, its times) do not reach it. */
export const StopMarker = memo(
  StopMarkerView,
  (a, b) =>
    a.stop.type === b.stop.type &&
    a.stop.status === b.stop.status &&
    a.number === b.number &&
    a.className === b.className,
);
