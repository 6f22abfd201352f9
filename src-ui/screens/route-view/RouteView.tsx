/**
 * The route view's main window (spec section 2 "Route view", issue 5): the header, then the stops on a map with a
 * drawer (map view On) or as a plain list (Off). It opens the route when it mounts and keeps it open while the stop
 * windows (More info, units, complete; the `windows` from the route table) are shown over it, so coming back is
 * instant. The whole view is lazily loaded (RouteScreen.tsx, beside it).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import type { DistanceUnit } from '../../../src-shared/domain/settings.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import type { RouteFrame } from '../../bridge/route-state.ts';
import { ProgressBar } from '../../components/index.ts';
import { leaveLink } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';
import { useRouteState } from '../shared/use-route-state.ts';
import { useSignInWhenSessionEnds } from '../shared/use-session-end.ts';
import { useStopCode } from '../stop/stop-code.ts';
import { MoreSheet } from './MoreSheet.tsx';
import { NewChangesDialog } from './NewChangesDialog.tsx';
import { RouteActionsProvider } from './RouteActions.tsx';
import { RouteContent } from './RouteContent.tsx';
import { RouteHeader } from './RouteHeader.tsx';
import styles from './route-view.module.css';
import { useShownUnsent } from './unsent-strip.ts';
import { useFocusInView } from './use-focus-in-view.ts';
import { useFocusReturn } from './use-focus-return.ts';
import { useOfflineAhead } from './use-offline-ahead.ts';
import { useRouteSession } from './use-route-session.ts';

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
  const routeState = useRouteState();
  const nav = useNav();
  useSignInWhenSessionEnds();
  useFocusInView();
  const base = shared ? PATHS.singleRoute(routeId) : PATHS.route(routeId);
  const [windowOpen] = useRoute(`${base}/stops/*`);
  const session = useRouteSession(routeId, shared);
  const [moreOpen, setMoreOpen] = useState(false);
  const closeMore = useCallback(() => setMoreOpen(false), []);
  const recordFocus = useFocusReturn(windowOpen);
  // The frame, not the route: a patch to a stop re-renders this view only when what it shows around the stops
  // changed (issue 47); the stops read their own signals.
  const frame = routeState.frame.value;
  const mine = frame?.routeId === routeId ? frame : null;
  const settings = state.settings.value;
  const { online } = state.connectivity.value;
  // The stops show only once a stop can be worked offline (issue 45): its screens' code loads beside the route.
  const stopCode = useStopCode();
  useOfflineAhead(Boolean(mine?.loaded) && stopCode, settings.mapView === 'on');

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
        <RouteViewHeader frame={mine} online={online} unit={settings.distanceUnit} onBack={leave} onMore={openMore} />
        <div className={styles.refreshBar}>
          <ProgressBar label={t('common.pullToRefresh.refreshing')} active={mine?.busy === 'refreshing'} />
        </div>
        <RouteContent
          frame={mine}
          mapView={settings.mapView}
          navigationApp={settings.navigationMap}
          session={session}
          online={online}
          base={base}
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

interface RouteViewHeaderProps {
  frame: RouteFrame | null;
  online: boolean;
  unit: DistanceUnit;
  onBack?: () => void;
  onMore: () => void;
}

/**
 * The header with what it reads of the route: its heading, the completions waiting or refused, the live channel.
 * Its own component, so a completion's unsent mark coming and going re-renders the header alone (issue 47); memoized,
 * so the route view's renders for a window opening or closing do not reach it.
 */
const RouteViewHeader = memo(function RouteViewHeader({ frame, online, unit, onBack, onMore }: RouteViewHeaderProps) {
  useSignals();
  const { state } = useCore();
  const routeState = useRouteState();
  const heading = frame ? routeState.heading.value : null;
  const shownUnsentCount = useShownUnsent(frame ? routeState.unsentStopIds.value.size : 0, online);
  const fromCache = frame?.loaded ? frame.fromCache : null;
  const offline = useMemo(() => (fromCache === null ? null : { fromCache, online }), [fromCache, online]);
  const parked = frame ? routeState.parkedStopIds.value.size : 0;
  const hasRoute = frame !== null;
  const sync = useMemo(
    () => (hasRoute ? { unsent: shownUnsentCount, notSaved: parked } : undefined),
    [hasRoute, shownUnsentCount, parked],
  );
  return (
    <RouteHeader
      route={heading}
      unit={unit}
      offline={offline}
      sync={sync}
      live={state.live.value.socket}
      onBack={onBack}
      onMore={onMore}
    />
  );
});
