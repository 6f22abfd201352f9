/** The preview drawer's list view: the route's project and date, then its stops (or skeletons, or the error). */
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../src-shared/api/worker-api.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import type { Route, RouteSummary, Stop } from '../../../src-shared/protocol/entities.ts';
import { Button, Skeleton } from '../../components/index.ts';
import { intentErrorText } from '../../i18n/errors.ts';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { StopRow } from '../../stops/StopRow.tsx';
import styles from './preview.module.css';

export interface PreviewStopsProps {
  summary: RouteSummary;
  route: Route | null;
  failed: Failure | null;
  numbers: (number | null)[];
  language: Language;
  onOpen: (stop: Stop) => void;
  onRetry: () => void;
}

const SKELETON_ROWS = 6;

const rowPosition = (i: number, count: number) =>
  count === 1 ? 'only' : i === 0 ? 'first' : i === count - 1 ? 'last' : 'middle';

export function PreviewStops({ summary, route, failed, numbers, language, onOpen, onRetry }: PreviewStopsProps) {
  const { t } = useTranslation();
  const date = formatWeekdayDayMonth(summary.date, language);
  const stopsText = t('common.stops', { count: summary.stop_count });
  const intro = <p className={styles.intro}>{[summary.projectName, date, stopsText].filter(Boolean).join(' · ')}</p>;

  if (failed) {
    return (
      <div className={styles.failed} role="alert">
        <p>{intentErrorText(failed, t)}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  if (!route) {
    return (
      <div aria-busy="true">
        {intro}
        <p className="visually-hidden">{t('routes.preview.loading')}</p>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          <div key={i} className={styles.skeletonRow}>
            <Skeleton shape="circle" width="var(--space-8)" />
            <Skeleton lines={2} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <>
      {intro}
      <ol className={styles.stops} aria-label={t('routes.preview.stopList')}>
        {route.stops.map((stop, i) => (
          <li key={stop.id} data-stop-id={stop.id}>
            <StopRow
              stop={stop}
              number={numbers[i] ?? null}
              language={language}
              onOpen={onOpen}
              position={rowPosition(i, route.stops.length)}
            />
          </li>
        ))}
      </ol>
    </>
  );
}
