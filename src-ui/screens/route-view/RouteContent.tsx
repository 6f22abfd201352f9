/**
 * The route view's main part under its header: the stops on a map with a drawer (map view On) or as a plain list
 * (Off); while the route is not there, why it could not open (with Retry), or the skeleton while it opens (with the
 * code of a stop's screens).
 */
import { CloudOff, TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language, Settings } from '../../../src-shared/domain/settings.ts';
import { Button, EmptyState } from '../../components/index.ts';
import { MapLayout } from './MapLayout.tsx';
import { RouteSkeleton } from './RouteSkeleton.tsx';
import styles from './route-view.module.css';
import { StopList } from './StopList.tsx';
import type { RouteSession } from './use-route-session.ts';
import type { ShownRoute } from './use-shown-route.ts';

export interface RouteContentProps {
  view: ShownRoute;
  settings: Pick<Settings, 'mapView' | 'navigationMap'>;
  session: Pick<RouteSession, 'failure' | 'retry' | 'refresh'>;
  online: boolean;
  /** A stop window covers the main window. */
  covered: boolean;
  /** The code of a stop's screens is in (stop-code.ts): until then, the skeleton. */
  stopCode: boolean;
}

export function RouteContent({ view, settings, session, online, covered, stopCode }: RouteContentProps) {
  const { i18n } = useTranslation();
  const { shown, stableRoute } = view;
  if (!shown || !stableRoute || !stopCode) {
    if (session.failure) return <RouteFailed offline={!online} onRetry={session.retry} />;
    return <RouteSkeleton map={settings.mapView === 'on'} />;
  }
  const common = {
    route: stableRoute,
    activeStopId: shown.activeStopId,
    unsentStopIds: shown.unsentStopIds,
    parkedStopIds: view.parkedStopIds,
    navigationApp: settings.navigationMap,
    language: (i18n.resolvedLanguage ?? 'en') as Language,
    starting: shown.busy === 'starting',
    finishing: shown.finishing,
    onRefresh: session.refresh,
  };
  return settings.mapView === 'on' ? (
    <MapLayout {...common} line={view.line} lineIsFallback={shown.lineIsFallback} covered={covered} />
  ) : (
    <main className={styles.listPage}>
      <StopList {...common} className={styles.listFill} />
    </main>
  );
}

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
