/**
 * One route in the list (spec section 2 "Route list"): vehicle name (else "Route {index}") and project, the stop
 * count without start and end (done/total while in progress), distance in the driver's unit, completion time, the
 * start and end stop, and the button Continue route / View stops / Open route. The whole card is a tap target;
 * the button is the way in for keyboards and screen readers.
 */
import { ArrowRight, Clock, Flag, House, List, Play, RouteIcon } from 'lucide-react';
import { type MouseEvent, memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../src-shared/domain/format.ts';
import { type RouteCardData, routeAction, stopCount } from '../../../src-shared/domain/route-list.ts';
import type { DistanceUnit } from '../../../src-shared/domain/settings.ts';
import type { RouteSummary } from '../../../src-shared/protocol/entities.ts';
import { Button, cx } from '../../components/index.ts';
import { formatDuration } from '../../i18n/format.ts';
import { placeLine } from '../../stops/stop-display.ts';
import styles from './RouteCard.module.css';
import { routeTitle } from './route-text.ts';

export interface RouteCardProps {
  card: RouteCardData;
  unit: DistanceUnit;
  /** The card's button or the card itself was tapped. */
  onAction: (route: RouteSummary) => void;
}

const ACTION = {
  continue: { key: 'routes.card.continueRoute', icon: Play, variant: 'primary' },
  open: { key: 'routes.card.openRoute', icon: ArrowRight, variant: 'primary' },
  view: { key: 'routes.card.viewStops', icon: List, variant: 'secondary' },
} as const;

function RouteCardView({ card, unit, onAction }: RouteCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { route, projectName } = card;
  const action = ACTION[routeAction(route)];
  const count = stopCount(route);
  const distance = formatDistance(route.distances.total, unit);
  const inProgress = count.done !== null;

  // A tap anywhere on the card does what its button does (the button handles its own clicks and keys).
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('button, a')) return;
    onAction(route);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a larger touch target for the button inside, which keyboards use.
    <article className={styles.card} aria-labelledby={titleId} onClick={onCardClick}>
      <div className={styles.head}>
        <div className={styles.names}>
          <h3 id={titleId} className={styles.title}>
            {routeTitle(route, t)}
          </h3>
          {projectName && <p className={styles.project}>{projectName}</p>}
        </div>
        <span className={cx(styles.count, inProgress && styles.progress)}>
          {inProgress
            ? t('common.stopProgress', { done: count.done, count: count.total })
            : t('common.stops', { count: count.total })}
        </span>
      </div>
      <ul className={styles.facts}>
        <li>
          <RouteIcon size={18} strokeWidth={2.25} aria-hidden="true" />
          <span className="visually-hidden">{t('routes.card.distance')}</span>
          {t(`common.distance.${distance.unit}`, { distance: distance.value })}
        </li>
        <li>
          <Clock size={18} strokeWidth={2.25} aria-hidden="true" />
          <span className="visually-hidden">{t('routes.card.completionTime')}</span>
          {formatDuration(route.completion_time, t)}
        </li>
      </ul>
      {(route.start_stop || route.end_stop) && (
        <ul className={styles.ends}>
          {route.start_stop && (
            <li>
              <House size={18} strokeWidth={2.25} aria-hidden="true" />
              <span className="visually-hidden">{t('stop.types.start')}</span>
              <span className={styles.place}>{placeLine(route.start_stop)}</span>
            </li>
          )}
          {route.end_stop && (
            <li>
              <Flag size={18} strokeWidth={2.25} aria-hidden="true" />
              <span className="visually-hidden">{t('stop.types.end')}</span>
              <span className={styles.place}>{placeLine(route.end_stop)}</span>
            </li>
          )}
        </ul>
      )}
      <Button
        variant={action.variant}
        fullWidth
        iconEnd={<action.icon size={20} aria-hidden="true" />}
        onClick={() => onAction(route)}
      >
        {t(action.key)}
      </Button>
    </article>
  );
}

/**
 * Every list patch from the core arrives as new objects, so a card compares what it shows: a refresh that
 * changes one route re-renders one card, not two hundred.
 */
export const RouteCard = memo(
  RouteCardView,
  (a, b) =>
    a.unit === b.unit &&
    a.onAction === b.onAction &&
    (a.card === b.card || JSON.stringify(a.card) === JSON.stringify(b.card)),
);
