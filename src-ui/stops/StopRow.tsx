/**
 * One stop in a list (spec section 2 "Stop row"): its marker on a connecting line, the name and address, the
 * planned arrival, time windows and unit count, a pickup label or the break's length, early/late, the outcome of a
 * closed stop and the proofs it asks for. Read-only in the Closed tab's preview; the route view adds its actions.
 */
import { Clock, CloudAlert, CloudUpload, TriangleExclamationPoint } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../src-shared/domain/settings.ts';
import { rowTime } from '../../src-shared/domain/stops.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { Badge, cx } from '../components/index.ts';
import { formatTimeOfDay } from '../i18n/format.ts';
import { StopMarker } from './StopMarker.tsx';
import styles from './StopRow.module.css';
import {
  arrivalTiming,
  formatWindow,
  requiredProofs,
  stopAddress,
  stopName,
  timeWindows,
  unitBadge,
} from './stop-display.ts';
import {
  OUTCOME_ICONS,
  OUTCOME_LABEL_KEYS,
  PICKUP_ICON,
  PROOF_ICONS,
  PROOF_LABEL_KEYS,
  TIME_LABEL_KEYS,
} from './stop-icons.ts';

export interface StopRowProps {
  stop: Stop;
  /** countToShow: null for break, start and end. */
  number: number | null;
  language: Language;
  /** Opens the stop's detail; without it the row is static. */
  onOpen?: (stop: Stop) => void;
  /** The first and last rows end the connecting line at their marker. */
  position?: 'first' | 'middle' | 'last' | 'only';
  /**
   * The route view's marks: completed on the device but not on the server yet ('unsent'), or refused by the server
   * and kept on the device for the driver to send again or discard ('notSaved').
   */
  sync?: StopSync;
}

export type StopSync = 'unsent' | 'notSaved' | null;

/** One element for every row's time: React skips rendering an element it already has (issue 47). */
const CLOCK_ICON = <Clock size={16} strokeWidth={2.25} aria-hidden="true" />;

function StopRowView({ stop, number, language, onOpen, position = 'middle', sync = null }: StopRowProps) {
  const { t } = useTranslation();
  const isBreak = stop.type === 'break';
  const title = isBreak ? t('route.breakTimeMinutes', { minutes: stop.duration }) : stopName(stop);
  const address = isBreak ? '' : stopAddress(stop);
  const windows = timeWindows(stop);
  const units = unitBadge(stop.units);
  const timing = stop.status === 'pending' ? arrivalTiming(stop) : null;
  const Outcome = OUTCOME_ICONS[stop.status];
  const outcomeKey = OUTCOME_LABEL_KEYS[stop.status];
  const proofs = requiredProofs(stop.requirements);
  const time = rowTime(stop);

  const body = (
    <>
      <span className={styles.rail}>
        <StopMarker stop={stop} number={number} />
      </span>
      <span className={styles.main}>
        <span className={styles.title}>{title}</span>
        {address && <span className={styles.address}>{address}</span>}
        <span className={styles.meta}>
          {time && (
            <span className={styles.time}>
              {CLOCK_ICON}
              <span className="visually-hidden">{t(TIME_LABEL_KEYS[time.kind])}</span>
              {formatTimeOfDay(time.seconds, language)}
            </span>
          )}
          {windows.length > 0 && (
            <span className={cx(styles.window, timing && styles[timing])}>
              <span className="visually-hidden">{t('stop.detail.timeWindow')}</span>
              {windows.map((w) => formatWindow(w, language)).join(', ')}
            </span>
          )}
          {units !== null && <span className={styles.units}>{t('route.stopRow.unitsShort', { count: units })}</span>}
          {stop.type === 'pickup' && <Badge label={t('stop.types.pickup')} tone="info" icon={PICKUP_ICON} />}
          {sync === 'unsent' && <Badge label={t('connectivity.notSentYet')} tone="warning" icon={CloudUpload} />}
          {sync === 'notSaved' && <Badge label={t('outbox.refusedTitle')} tone="danger" icon={CloudAlert} />}
          {timing && (
            <Badge
              label={t(`common.a11y.${timing}`)}
              tone={timing}
              icon={timing === 'late' ? TriangleExclamationPoint : Clock}
            />
          )}
        </span>
      </span>
      <span className={styles.trailing}>
        {Outcome && outcomeKey && (
          <span className={cx(styles.outcome, styles[stop.status])} role="img" aria-label={t(outcomeKey)}>
            <Outcome size={24} strokeWidth={2.25} aria-hidden="true" />
          </span>
        )}
        {proofs.length > 0 && (
          <span className={styles.proofs}>
            {proofs.map((kind) => {
              const Icon = PROOF_ICONS[kind];
              return (
                <span key={kind} role="img" aria-label={t(PROOF_LABEL_KEYS[kind])} title={t(PROOF_LABEL_KEYS[kind])}>
                  <Icon size={18} strokeWidth={2} aria-hidden="true" />
                </span>
              );
            })}
          </span>
        )}
      </span>
    </>
  );

  const className = cx(styles.row, styles[position]);
  if (!onOpen) return <div className={className}>{body}</div>;
  return (
    <button type="button" className={cx(className, styles.interactive)} onClick={() => onOpen(stop)}>
      {body}
    </button>
  );
}

/** Rows re-render only when their stop (or its place in the list) changes. */
export const StopRow = memo(StopRowView);
