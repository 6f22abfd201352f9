/**
 * The route view's header (spec section 2 "Route view"): the vehicle's name (else "Route {index}"), done/total
 * stops, the distance in the driver's unit and the total duration; a back button on a shared link's route, the
 * More button, and strips under it while the route shown is the device's copy, while completions wait to be sent
 * (with how many) and when the server refused some (kept on the phone, "not saved"). Skeleton lines while the route loads.
 */
import { ArrowLeft, CloudAlert, CloudOff, CloudUpload, EllipsisVertical } from 'lucide-react';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../src-shared/domain/format.ts';
import type { DistanceUnit } from '../../../src-shared/domain/settings.ts';
import type { LiveSocketState } from '../../../src-shared/state/app-state.ts';
import type { RouteHeading } from '../../bridge/route-state.ts';
import { cx, IconButton, Skeleton, useScreenTitle } from '../../components/index.ts';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import { formatDuration } from '../../i18n/format.ts';
import { routeTitle } from '../routes/route-text.ts';
import styles from './route-view.module.css';

export interface RouteHeaderProps {
  route: RouteHeading | null;
  unit: DistanceUnit;
  /** Shown from the device's copy (the server could not be reached), or the device is offline. */
  offline: { fromCache: boolean; online: boolean } | null;
  /** The live channel (dispatcher changes in, status and location out): shown as a small dot, quietly. */
  live?: LiveSocketState;
  /** Completions of this route on the device: not sent yet, and refused by the server (kept, not saved). */
  sync?: { unsent: number; notSaved: number };
  /** A shared link's route: the back button leaves the link. */
  onBack?: () => void;
  onMore: () => void;
}

function RouteHeaderView({ route, unit, offline, live, sync, onBack, onMore }: RouteHeaderProps) {
  const { t } = useTranslation();
  const ceiling = useSnackbarGuard('ceiling');
  const count = route;
  const distance = route ? formatDistance(route.distance, unit) : null;
  // The page is titled by the route, and its heading takes the focus when the view opens.
  const heading = useRef<HTMLHeadingElement>(null);
  useScreenTitle(route ? routeTitle(route, t) : t('route.loading'), heading);

  return (
    <header ref={ceiling} className={styles.header}>
      {onBack ? (
        <IconButton icon={ArrowLeft} label={t('common.a11y.back')} onClick={onBack} />
      ) : (
        <span className={styles.headerSpacer} />
      )}
      <div className={styles.titles}>
        {route && count && distance ? (
          <>
            {/* The live dot beside the heading, not in it: the heading (focused on opening) names the route alone. */}
            <div className={styles.titleLine}>
              <h1 ref={heading} tabIndex={-1} className={styles.title}>
                {routeTitle(route, t)}
              </h1>
              {(live === 'connected' || live === 'reconnecting') && (
                <span
                  className={cx(styles.liveDot, live === 'reconnecting' && styles.liveWaiting)}
                  role="img"
                  aria-label={t(live === 'connected' ? 'route.live.connected' : 'route.live.reconnecting')}
                  title={t(live === 'connected' ? 'route.live.connected' : 'route.live.reconnecting')}
                  data-live={live}
                />
              )}
            </div>
            <p className={styles.facts}>
              <span className={styles.progress}>
                {t('common.stopProgress', { done: count.done, count: count.total })}
              </span>
              <span>
                <span className="visually-hidden">{t('routes.card.distance')}</span>
                {t(`common.distance.${distance.unit}`, { distance: distance.value })}
              </span>
              <span>
                <span className="visually-hidden">{t('routes.card.completionTime')}</span>
                {formatDuration(route.completion_time, t)}
              </span>
            </p>
          </>
        ) : (
          <>
            <h1 ref={heading} tabIndex={-1} className="visually-hidden">
              {t('route.loading')}
            </h1>
            <Skeleton width="55%" height="var(--line-height-title)" />
            <Skeleton width="75%" />
          </>
        )}
      </div>
      <IconButton icon={EllipsisVertical} label={t('common.a11y.moreOptions')} onClick={onMore} />
      {offline && (offline.fromCache || !offline.online) && (
        <p className={styles.offlineStrip} role="status">
          <CloudOff size={18} strokeWidth={2.25} aria-hidden="true" />
          {offline.online ? t('route.view.savedCopy') : t('route.view.offlineCopy')}
        </p>
      )}
      {sync && sync.unsent > 0 && (
        <p className={styles.offlineStrip} role="status" data-sync="unsent">
          <CloudUpload size={18} strokeWidth={2.25} aria-hidden="true" />
          {t('unsentCount', { count: sync.unsent })}
        </p>
      )}
      {sync && sync.notSaved > 0 && (
        <p className={cx(styles.offlineStrip, styles.dangerStrip)} role="status" data-sync="notSaved">
          <CloudAlert size={18} strokeWidth={2.25} aria-hidden="true" />
          {t('outbox.notSaved', { count: sync.notSaved })}
        </p>
      )}
    </header>
  );
}

/** Memo'd: the route view re-renders on every patch to the route; the header only when what it shows changes. */
export const RouteHeader = memo(RouteHeaderView);
