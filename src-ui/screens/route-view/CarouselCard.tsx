/**
 * One card of the carousel: the stop's marker, name, address, planned arrival and time window on fixed lines (so
 * the minimized drawer keeps its height from card to card), then its actions.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Clock, CloudAlert } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, NavigationApp } from '../../../src-shared/domain/settings.ts';
import { rowTime } from '../../../src-shared/domain/stops.ts';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { cx } from '../../components/index.ts';
import { formatTimeOfDay } from '../../i18n/format.ts';
import { StopMarker } from '../../stops/StopMarker.tsx';
import { arrivalTiming, formatWindow, stopAddress, stopName, timeWindows } from '../../stops/stop-display.ts';
import { TIME_LABEL_KEYS } from '../../stops/stop-icons.ts';
import { useRouteState } from '../shared/use-route-state.ts';
import { ActiveStopActions, type MainAction, mainAction } from './ActiveStopActions.tsx';
import styles from './carousel.module.css';

export interface CarouselCardProps {
  stopId: number;
  navigationApp: NavigationApp;
}

/** Reads its own stop's signals: another stop's change does not reach it. */
export const CarouselCard = memo(function CarouselCard({ stopId, navigationApp }: CarouselCardProps) {
  useSignals();
  const routeState = useRouteState();
  const stop = routeState.stop(stopId).value;
  const number = routeState.numbers.value.get(stopId) ?? null;
  const routeStatus = routeState.routeStatus.value;
  const busy = routeState.starting.value && stop?.type === 'start';
  // The server refused this stop's completion for good (kept on the phone): marked, without adding a line.
  const notSaved = routeState.parkedStopIds.value.has(stopId);
  if (!stop || !routeStatus) return null;
  return (
    <CardContent
      stop={stop}
      number={number}
      main={mainAction(stop, { status: routeStatus })}
      navigationApp={navigationApp}
      busy={busy}
      notSaved={notSaved}
    />
  );
});

interface CardContentProps {
  stop: Stop;
  number: number | null;
  main: MainAction;
  navigationApp: NavigationApp;
  busy: boolean;
  notSaved: boolean;
}

function CardContent({ stop, number, main, navigationApp, busy, notSaved }: CardContentProps) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const isBreak = stop.type === 'break';
  const title = isBreak ? t('route.breakTimeMinutes', { minutes: stop.duration }) : stopName(stop);
  const address = isBreak ? stopName(stop) : stopAddress(stop) || t(`stop.types.${stop.type}`);
  const windows = timeWindows(stop);
  const timing = arrivalTiming(stop);
  const time = rowTime(stop);

  return (
    <article className={styles.card} aria-label={title}>
      <div className={styles.cardHead}>
        <StopMarker stop={stop} number={number} />
        <div className={styles.cardText}>
          <p className={styles.cardTitle}>
            {notSaved && (
              <CloudAlert
                className={styles.notSaved}
                size={18}
                strokeWidth={2.25}
                role="img"
                aria-label={t('outbox.refusedTitle')}
              />
            )}
            {title}
          </p>
          <p className={styles.cardLine}>{address}</p>
        </div>
        {time && (
          <p className={styles.cardTime}>
            <Clock size={16} strokeWidth={2.25} aria-hidden="true" />
            <span className="visually-hidden">{t(TIME_LABEL_KEYS[time.kind])}</span>
            {formatTimeOfDay(time.seconds, language)}
            {windows.length > 0 && (
              <span className={cx(styles.cardWindow, timing && styles[timing])}>
                <span className="visually-hidden">{t('stop.detail.timeWindow')}</span>
                {formatWindow(windows[0]!, language)}
              </span>
            )}
          </p>
        )}
      </div>
      <ActiveStopActions stop={stop} main={main} navigationApp={navigationApp} busy={busy} />
    </article>
  );
}
