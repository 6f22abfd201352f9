/**
 * The route view's main window (spec section 2 "Route view", issue 5): the header, then the stops on a map with a
 * drawer (map view On) or as a plain list (Off). It opens the route when it mounts and keeps it open while the stop
 * windows (More info, units, complete; the `windows` from the route table) are shown over it, so coming back is
 * instant. The whole view is lazily loaded (src-ui/screens/routes/RouteScreen.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { CloudOff, TriangleExclamationPoint } from 'lucide-react';
import { type ReactNode, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { Button, EmptyState, focusScreenHeading, ProgressBar } from '../../components/index.ts';
import { leaveLink } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';
import { useSignInWhenSessionEnds } from '../shared/use-session-end.ts';
import { MapLayout } from './MapLayout.tsx';
import { MoreSheet } from './MoreSheet.tsx';
import { NewChangesDialog } from './NewChangesDialog.tsx';
import { RouteActionsProvider } from './RouteActions.tsx';
import { RouteHeader } from './RouteHeader.tsx';
import { RouteSkeleton } from './RouteSkeleton.tsx';
import styles from './route-view.module.css';
import { StopList } from './StopList.tsx';
import { sameLine, useStable, useStableStops } from './stable-route.ts';
import { useShownUnsent } from './unsent-strip.ts';
import { useFocusInView } from './use-focus-in-view.ts';
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
  const { t, i18n } = useTranslation();
  const { api, state } = useCore();
  const nav = useNav();
  useSignInWhenSessionEnds();
  useFocusInView();
  const base = shared ? PATHS.singleRoute(routeId) : PATHS.route(routeId);
  const [windowOpen] = useRoute(`${base}/stops/*`);
  const session = useRouteSession(routeId, shared);
  const [moreOpen, setMoreOpen] = useState(false);

  // Back from a stop window, the focus returns to what last had it here (More info, Arrived), or when that has gone
  // (the stop was completed) to the route's heading. Recorded as it moves: the window takes the focus when it opens.
  const lastFocus = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(windowOpen);
  useEffect(() => {
    const closed = wasOpen.current && !windowOpen;
    wasOpen.current = windowOpen;
    if (!closed) return;
    if (lastFocus.current?.isConnected) lastFocus.current.focus();
    else focusScreenHeading();
  }, [windowOpen]);

  const slice = state.route.value;
  const mine = slice?.routeId === routeId ? slice : null;
  const route = mine?.route ?? null;
  // The stops follow in a transition: a patch re-renders the header at once, then the list or map without
  // blocking (React yields between rows), so a long route never makes one long task of it.
  const shown = useDeferredValue(mine);
  const stops = useStableStops(shown?.route?.stops ?? null);
  const line = useStable(shown?.line ?? null, sameLine);
  const shownRoute = shown?.route;
  const stableRoute = useMemo(() => (shownRoute && stops ? { ...shownRoute, stops } : null), [shownRoute, stops]);
  const settings = state.settings.value;
  const { online } = state.connectivity.value;
  const parked = state.outbox.value.parked;
  const parkedStopIds = useMemo(
    () => parked.filter((p) => p.routeId === routeId).map((p) => p.stopId),
    [parked, routeId],
  );
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const shownUnsentCount = useShownUnsent(mine?.unsentStopIds.length ?? 0, online);
  useOfflineAhead(stableRoute !== null, settings.mapView === 'on');

  async function back() {
    await leaveLink(api);
    await api.closeRoute();
    nav.replace(PATHS.account);
  }

  let content: ReactNode;
  if (shown && stableRoute) {
    const common = {
      route: stableRoute,
      activeStopId: shown.activeStopId,
      unsentStopIds: shown.unsentStopIds,
      parkedStopIds,
      navigationApp: settings.navigationMap,
      language,
      starting: shown.busy === 'starting',
      finishing: shown.finishing,
      onRefresh: session.refresh,
    };
    content =
      settings.mapView === 'on' ? (
        <MapLayout {...common} line={line} lineIsFallback={shown.lineIsFallback} covered={windowOpen} />
      ) : (
        <main className={styles.listPage}>
          <StopList {...common} className={styles.listFill} />
        </main>
      );
  } else if (session.failure) {
    const offline = !online;
    content = (
      <main className={styles.failed}>
        <EmptyState
          icon={offline ? CloudOff : TriangleExclamationPoint}
          title={offline ? t('connectivity.offline') : t('errors.oops')}
          text={t('errors.fetchRouteFailed')}
          action={
            <Button variant="secondary" fullWidth onClick={session.retry}>
              {t('common.retry')}
            </Button>
          }
        />
      </main>
    );
  } else {
    content = <RouteSkeleton map={settings.mapView === 'on'} />;
  }

  return (
    <RouteActionsProvider base={base} session={session}>
      <div
        className={styles.screen}
        inert={windowOpen}
        aria-hidden={windowOpen || undefined}
        onFocus={(event) => {
          lastFocus.current = event.target;
        }}
      >
        <RouteHeader
          route={route}
          unit={settings.distanceUnit}
          offline={mine && route ? { fromCache: mine.fromCache, online } : null}
          sync={mine ? { unsent: shownUnsentCount, notSaved: parkedStopIds.length } : undefined}
          live={state.live.value.socket}
          onBack={shared ? () => void back() : undefined}
          onMore={() => setMoreOpen(true)}
        />
        <div className={styles.refreshBar}>
          <ProgressBar label={t('common.pullToRefresh.refreshing')} active={mine?.busy === 'refreshing'} />
        </div>
        {content}
      </div>
      {windowOpen && (
        <div className={styles.window}>
          <Suspense fallback={<ProgressBar label={t('common.loading')} />}>{windows}</Suspense>
        </div>
      )}
      <MoreSheet open={moreOpen} onClose={() => setMoreOpen(false)} />
      <NewChangesDialog routeId={routeId} session={session} />
    </RouteActionsProvider>
  );
}
