/**
 * The route view's main window (spec section 2 "Route view", issue 5): the header, then the stops on a map with a
 * drawer (map view On) or as a plain list (Off). It opens the route when it mounts and keeps it open while the stop
 * windows (More info, units, complete; the `windows` from the route table) are shown over it, so coming back is
 * instant. The whole view is lazily loaded (RouteScreen.tsx, beside it).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { ProgressBar } from '../../components/index.ts';
import { leaveLink } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';
import { useSignInWhenSessionEnds } from '../shared/use-session-end.ts';
import { useStopCode } from '../stop/stop-code.ts';
import { MoreSheet } from './MoreSheet.tsx';
import { NewChangesDialog } from './NewChangesDialog.tsx';
import { RouteActionsProvider } from './RouteActions.tsx';
import { RouteContent } from './RouteContent.tsx';
import { RouteHeader, useRouteHeading } from './RouteHeader.tsx';
import styles from './route-view.module.css';
import { useShownUnsent } from './unsent-strip.ts';
import { useFocusInView } from './use-focus-in-view.ts';
import { useFocusReturn } from './use-focus-return.ts';
import { useCoveredUntilShown } from './use-held-while.ts';
import { useOfflineAhead } from './use-offline-ahead.ts';
import { useRouteSession } from './use-route-session.ts';
import { useShownRoute } from './use-shown-route.ts';

export interface RouteViewProps {
  routeId: number;
  shared: boolean;
  /** The stop windows, shown over the main window when the path is under /stops. */
  windows?: ReactNode;
}

export function RouteView({ routeId, shared, windows }: RouteViewProps) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const nav = useNav();
  useSignInWhenSessionEnds();
  useFocusInView();
  const base = shared ? PATHS.singleRoute(routeId) : PATHS.route(routeId);
  const [windowOpen] = useRoute(`${base}/stops/*`);
  const session = useRouteSession(routeId, shared);
  const [moreOpen, setMoreOpen] = useState(false);
  const closeMore = useCallback(() => setMoreOpen(false), []);
  const recordFocus = useFocusReturn(windowOpen);
  const view = useShownRoute(routeId);
  const { mine } = view;
  const route = mine?.route ?? null;
  const settings = state.settings.value;
  const { online } = state.connectivity.value;
  const mapCovered = useCoveredUntilShown(windowOpen, view.shown === mine);
  const shownUnsentCount = useShownUnsent(mine?.unsentStopIds.length ?? 0, online);
  // The stops show only once a stop can be worked offline (issue 45): its screens' code loads beside the route.
  const stopCode = useStopCode();
  useOfflineAhead(view.stableRoute !== null && stopCode, settings.mapView === 'on');

  const heading = useRouteHeading(route);
  const fromCache = mine && route ? mine.fromCache : null;
  const offline = useMemo(() => (fromCache === null ? null : { fromCache, online }), [fromCache, online]);
  const parked = view.parkedStopIds.length;
  const hasRoute = mine !== null;
  const sync = useMemo(
    () => (hasRoute ? { unsent: shownUnsentCount, notSaved: parked } : undefined),
    [hasRoute, shownUnsentCount, parked],
  );
  const back = useCallback(async () => {
    await leaveLink(api);
    await api.closeRoute();
    nav.replace(PATHS.account);
  }, [api, nav]);
  const leave = useMemo(() => (shared ? () => void back() : undefined), [shared, back]);
  const openMore = useCallback(() => setMoreOpen(true), []);

  return (
    <RouteActionsProvider base={base} session={session}>
      <div className={styles.screen} inert={windowOpen} aria-hidden={windowOpen || undefined} onFocus={recordFocus}>
        <RouteHeader
          route={heading}
          unit={settings.distanceUnit}
          offline={offline}
          sync={sync}
          live={state.live.value.socket}
          onBack={leave}
          onMore={openMore}
        />
        <div className={styles.refreshBar}>
          <ProgressBar label={t('common.pullToRefresh.refreshing')} active={mine?.busy === 'refreshing'} />
        </div>
        <RouteContent
          view={view}
          settings={settings}
          session={session}
          online={online}
          covered={mapCovered}
          stopCode={stopCode}
        />
      </div>
      {windowOpen && (
        <div className={styles.window}>
          <Suspense fallback={<ProgressBar label={t('common.loading')} />}>{windows}</Suspense>
        </div>
      )}
      <MoreSheet open={moreOpen} onClose={closeMore} />
      <NewChangesDialog routeId={routeId} session={session} />
    </RouteActionsProvider>
  );
}
