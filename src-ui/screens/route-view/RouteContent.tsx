/**
 * The route view's main part under its header: the stops on a map with a drawer (map view On) or as a plain list
 * (Off); while the route is not there, why it could not open (with Retry), or the skeleton while it opens (with the
 * code of a stop's screens).
 */
import { CloudOff, TriangleExclamationPoint } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, Settings } from '../../../src-shared/domain/settings.ts';
import type { RouteFrame } from '../../bridge/route-state.ts';
import { Button, EmptyState } from '../../components/index.ts';
import { MapLayout } from './MapLayout.tsx';
import { RouteSkeleton } from './RouteSkeleton.tsx';
import styles from './route-view.module.css';
import { StopList } from './StopList.tsx';
import type { RouteSession } from './use-route-session.ts';

export interface RouteContentProps {
  /** The open route's frame while it is this route's; null before. */
  frame: RouteFrame | null;
  mapView: Settings['mapView'];
  navigationApp: Settings['navigationMap'];
  session: Pick<RouteSession, 'failure' | 'retry' | 'refresh'>;
  online: boolean;
  /** /routes/{id} or /routes/single/{id}: the map holds still while a stop window is open under it. */
  base: string;
  /** The code of a stop's screens is in (stop-code.ts): until then, the skeleton. */
  stopCode: boolean;
}

/**
 * Memoized: it renders when the frame changes (the route arrives, a refresh), not with each stop's patch; the list's
 * rows and the map read the stops themselves.
 */
export const RouteContent = memo(function RouteContent(props: RouteContentProps) {
  const { frame, session, mapView, navigationApp, stopCode } = props;
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  if (!frame?.loaded || !stopCode) {
    if (session.failure) return <RouteFailed offline={!props.online} onRetry={session.retry} />;
    return <RouteSkeleton map={mapView === 'on'} />;
  }
  return mapView === 'on' ? (
    <MapLayout base={props.base} navigationApp={navigationApp} language={language} onRefresh={session.refresh} />
  ) : (
    <main className={styles.listPage}>
      <StopList
        navigationApp={navigationApp}
        language={language}
        onRefresh={session.refresh}
        className={styles.listFill}
      />
    </main>
  );
});

/** The route could not open and nothing of it is on the device: why (offline or not), and Retry. */
function RouteFailed({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <main className={styles.failed}>
      <EmptyState
        icon={offline ? CloudOff : TriangleExclamationPoint}
        title={offline ? t('connectivity.offline') : t('errors.oops')}
        text={t('errors.fetchRouteFailed')}
        action={
          <Button variant="secondary" fullWidth onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </main>
  );
}
