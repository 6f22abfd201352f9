/**
 * The tab's content: skeleton cards on a first load with nothing stored, the sections with their headings, "No
 * routes" when the tab has none, or why nothing could be shown (offline, or the load failed) with a retry.
 */
import { CloudOff, RouteOff, TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../src-shared/api/worker-api.ts';
import { localDate } from '../../../src-shared/domain/geo.ts';
import type { RouteSection, RouteTab } from '../../../src-shared/domain/route-list.ts';
import type { DistanceUnit, Language } from '../../../src-shared/domain/settings.ts';
import type { RouteSummary } from '../../../src-shared/protocol/entities.ts';
import type { RouteListState } from '../../../src-shared/state/app-state.ts';
import { Badge, Button, EmptyState, Skeleton } from '../../components/index.ts';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { RouteCard } from './RouteCard.tsx';
import { sectionId, sectionTitle } from './route-text.ts';
import styles from './routes.module.css';
import { useProgressiveLimit } from './use-progressive-limit.ts';

export interface RouteListProps {
  tab: RouteTab;
  list: RouteListState;
  failure: Failure | null;
  unit: DistanceUnit;
  language: Language;
  online: boolean;
  onAction: (route: RouteSummary) => void;
  onRetry: () => void;
}

const SKELETON_CARDS = 3;

function SkeletonCards() {
  return (
    <div className={styles.sections}>
      <Skeleton width="35%" height="var(--line-height-label)" />
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
        <div key={i} className={styles.skeletonCard}>
          <Skeleton width="50%" height="var(--line-height-title)" />
          <Skeleton lines={3} />
          <Skeleton shape="rect" height="var(--touch-primary)" />
        </div>
      ))}
    </div>
  );
}

export function RouteList({ tab, list, failure, unit, language, online, onAction, onRetry }: RouteListProps) {
  const { t } = useTranslation();

  if (list.status !== 'ready') {
    // Nothing stored and the first load has not answered yet: the cards that are coming.
    if (!failure) return <SkeletonCards />;
    const offline = failure.error === 'offline';
    return (
      <EmptyState
        icon={offline ? CloudOff : TriangleExclamationPoint}
        title={offline ? t('connectivity.offline') : t('errors.somethingWentWrong')}
        text={offline ? t('routes.offlineEmpty') : t('routes.loadFailed')}
        action={
          <Button variant="secondary" fullWidth onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const sections = list.sections[tab];
  // A copy grouped on another day: its "Today" is not today. Said until the server's list replaces it.
  const stale = list.fromCache && list.today !== '' && list.today !== localDate(new Date());
  return (
    <>
      {(list.fromCache || !online) && !list.refreshing && (
        <Badge
          className={styles.cacheBadge}
          icon={CloudOff}
          tone={stale ? 'warning' : 'neutral'}
          label={
            stale
              ? t('routes.staleFromCache', { date: formatWeekdayDayMonth(list.today, language) })
              : online
                ? t('routes.fromCache')
                : t('routes.offlineFromCache')
          }
        />
      )}
      {sections.length === 0 ? (
        <EmptyState icon={RouteOff} title={t('routes.empty')} />
      ) : (
        <RouteSections key={tab} tab={tab} sections={sections} unit={unit} language={language} onAction={onAction} />
      )}
    </>
  );
}

interface RouteSectionsProps extends Pick<RouteListProps, 'tab' | 'unit' | 'language' | 'onAction'> {
  sections: RouteSection[];
}

/** The headed sections; a long list shows its first cards at once and the rest a moment later. */
function RouteSections({ tab, sections, unit, language, onAction }: RouteSectionsProps) {
  const { t } = useTranslation();
  let left = useProgressiveLimit();
  return (
    <div className={styles.sections}>
      {sections.map((section) => {
        if (left <= 0) return null;
        const cards = section.routes.slice(0, left);
        left -= cards.length;
        const id = `routes-${tab}-${sectionId(section.key)}`;
        return (
          <section key={id} className={styles.section} aria-labelledby={id}>
            <h2 id={id} className={styles.heading}>
              {sectionTitle(section.key, t, language)}
            </h2>
            <ul className={styles.cards}>
              {cards.map((card) => (
                <li key={card.route.id}>
                  <RouteCard card={card} unit={unit} onAction={onAction} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
