/**
 * Map view On (spec section 2 "Layout"): the route's map fills the screen under the header and the stop list lies
 * in a drawer over it, minimized to the carousel at first. The map is its own chunk, loaded here only: with map view
 * Off this component never renders, so the chunk is never downloaded. Tapping a marker on the map makes its stop the
 * active one (the carousel, or the open list, comes to it; the drawer stays as it is); a marker's hidden button
 * (screen readers, keyboards) also opens the drawer at the stop's row. When every stop is done the drawer opens
 * (Complete route).
 *
 * The stops never wait for the map (issue 32): its code is evaluated and its first frame drawn only after the frame
 * that painted the header, the drawer and the stop card; until it draws, a quiet placeholder of the map's colour.
 * The minimized drawer's list (hidden under the carousel) is rendered after that frame too.
 */
import { type Signal, useSignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { memo, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import type { Language, NavigationApp } from '../../../src-shared/domain/settings.ts';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { CodeBoundary } from '../../app/CodeBoundary.tsx';
import { useCore } from '../../app/core-context.tsx';
import { retryableLazy } from '../../app/retryable-lazy.ts';
import { MAP_START_MARK } from '../../map/map-marks.ts';
import { useStyleReachable } from '../../map/style-reachable.ts';
import type { RouteMapProps } from '../../map/types.ts';
import { afterNextPaint } from '../../platform/after-paint.ts';
import { mayFetchTilesAhead } from '../../platform/connection.ts';
import { geoPosition, type SignalRead } from '../../platform/geolocation.ts';
import { appTheme } from '../../platform/theme.ts';
import { useRouteState } from '../shared/use-route-state.ts';
import { Carousel } from './Carousel.tsx';
import { Drawer } from './Drawer.tsx';
import type { DrawerState } from './drawer-math.ts';
import { shownMapTheme } from './map-theme.ts';
import styles from './route-view.module.css';
import { StopList } from './StopList.tsx';
import { useDrawnAfterCatchUp, useHeldWhile } from './use-held-while.ts';

// A part that may be missing offline (the map's code is cached on first use only): CodeBoundary below. Memoized: the
// map area's render for its deferred data (useDrawnAfterCatchUp) hands it what it already drew during a catch-up.
const RouteMap = memo(retryableLazy(() => import('../../map/RouteMap.tsx')));

/** The map of a route with no stops yet. */
const NO_STOPS: readonly Stop[] = [];

/** At most this long for the route view's first frame before the map starts anyway (a hidden page paints none). */
const MAP_AFTER_PAINT_LATEST_MS = 1_000;

/**
 * False until the browser has painted the route view's first frame (header, drawer, card); then the map may start,
 * and the benchmark's mark says when it did.
 */
function useMapMayStart(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      afterNextPaint(() => {
        performance.mark(MAP_START_MARK);
        setPainted(true);
      }, MAP_AFTER_PAINT_LATEST_MS),
    [],
  );
  return painted;
}

/** What the map's place shows until its first frame: its colour, and its name for a screen reader. */
function MapPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className={styles.mapPlaceholder}>
      <p className="visually-hidden">{t('route.view.loadingMap')}</p>
    </div>
  );
}

export interface MapLayoutProps {
  /** /routes/{id} or /routes/single/{id}: a stop window open under it covers the map. */
  base: string;
  navigationApp: NavigationApp;
  language: Language;
  onRefresh: () => Promise<void>;
}

/**
 * Memoized, and reading only whether every stop is done: the map, the carousel's cards and the drawer's rows read
 * what they draw themselves (route-state.ts), so a patch re-renders what it changed and not this frame (issue 47).
 */
export const MapLayout = memo(function MapLayout({ base, navigationApp, language, onRefresh }: MapLayoutProps) {
  useSignals();
  const { t } = useTranslation();
  const { api } = useCore();
  const listId = useId();
  const { drawer, setDrawer, onDrawerState, handleDown, onHandleDown } = useDrawerState(
    useRouteState().finishing.value,
  );
  // The drawer's inset is the map's alone: a signal only the map reads, so a change to it (the carousel's card grew
  // or shrank with the next stop's) renders the map and not this layout with its drawer (issue 47: otherwise Done's
  // render count depended on whether that change came in the same commit as the window's closing).
  const inset = useSignal(0);
  const setInset = useCallback(
    (px: number) => {
      inset.value = px;
    },
    [inset],
  );
  const [reveal, setReveal] = useState(0);
  const painted = useMapMayStart();

  const select = useCallback((stopId: number) => void api.selectStop(stopId), [api]);
  const onMarkerTap = useCallback(
    (stopId: number) => {
      void api.selectStop(stopId);
      setReveal((n) => n + 1);
    },
    [api],
  );
  const onMarkerButton = useCallback(
    (stopId: number) => {
      void api.selectStop(stopId);
      setDrawer(0);
      setReveal((n) => n + 1);
    },
    [api, setDrawer],
  );

  return (
    <main className={styles.stage}>
      <div className={styles.map}>
        {painted ? (
          <CodeBoundary kind="part">
            <Suspense fallback={<MapPlaceholder />}>
              <MapArea
                base={base}
                bottomInset={inset}
                onSelectStop={onMarkerButton}
                onTapStop={onMarkerTap}
                keyboardFocusable={drawer !== 0}
              />
            </Suspense>
          </CodeBoundary>
        ) : (
          <MapPlaceholder />
        )}
      </div>
      <Drawer
        state={drawer}
        onStateChange={onDrawerState}
        onHandleDown={onHandleDown}
        onInsetChange={setInset}
        handleLabel={t('common.a11y.resizeStopList')}
        listId={listId}
        peek={<Carousel navigationApp={navigationApp} onSelect={select} />}
      >
        {/* The list waits for the first paint too while the drawer is minimized: the carousel's card comes first. */}
        {painted || drawer === 0 ? (
          <StopList
            navigationApp={navigationApp}
            language={language}
            onRefresh={onRefresh}
            revealSignal={reveal}
            actionsHidden={drawer !== 0 && !handleDown}
          />
        ) : null}
      </Drawer>
    </main>
  );
});

/**
 * The drawer's state: minimized at first, open once every stop is done (at the list's end, where Complete route is).
 * `handleDown`: a finger is on its handle, so it may open: the list's actions show from then on and while it is open
 * (StopList's actionsHidden), and hide again once it settles minimized. The drawer reports every settle, back where
 * it was too (a drag let go short, a cancelled press), so the flag never outlives the press.
 */
function useDrawerState(finishing: boolean) {
  const [drawer, setDrawer] = useState<DrawerState>(finishing ? 0 : -1);
  const [handleDown, setHandleDown] = useState(false);
  const onHandleDown = useCallback(() => setHandleDown(true), []);
  const onDrawerState = useCallback((next: DrawerState) => {
    setDrawer(next);
    setHandleDown(false);
  }, []);
  useEffect(() => {
    if (finishing) setDrawer(0);
  }, [finishing]);
  return { drawer, setDrawer, onDrawerState, handleDown, onHandleDown };
}

/** The map's labels in the driver's language, one object per language (the map names every marker on each render). */
function useMapLabels(): RouteMapProps['labels'] {
  const { t } = useTranslation();
  return useMemo<RouteMapProps['labels']>(() => {
    // Numbered stops read "Stop 3"; start, break and end come with their name. Kept: the map names every marker
    // on each render, and a long route has hundreds.
    const names = new Map<string, string>();
    const stopMarker = (n: string) => {
      let name = names.get(n);
      if (name === undefined) {
        name = /^\d+$/.test(n) ? t('stop.detail.number', { number: n }) : n;
        names.set(n, name);
      }
      return name;
    };
    return {
      fitBounds: t('route.map.fitBounds'),
      trackLocation: t('route.map.trackLocation'),
      stopMarker,
      map: t('route.map.label'),
      mapNote: t('route.map.note'),
      basicMap: t('route.map.basicMap'),
    };
  }, [t]);
}

type MapAreaProps = Pick<RouteMapProps, 'onSelectStop' | 'onTapStop' | 'keyboardFocusable'> & {
  base: string;
  /** The drawer's inset (px), as MapLayout keeps it. */
  bottomInset: Signal<number>;
};

/**
 * The map with what only it needs (the position, the theme, the style URLs, the connectivity): their changes
 * re-render it alone. The theme is the driver's map style, or the app's theme's when none was chosen (map-theme.ts);
 * the route's tiles are fetched ahead by the core, when the connection allows.
 */
function MapArea({ base, bottomInset, ...props }: MapAreaProps) {
  useSignals();
  const { api, state } = useCore();
  const routeState = useRouteState();
  // A stop window open over the route view covers the map: it holds still until uncovered (use-held-while.ts). Read
  // here, so a window's opening re-renders the map and not the layout around it.
  const [covered] = useRoute(`${base}/stops/*`);
  const prefetch = useCallback(
    (urls: string[], style: string[]) => {
      // Before the service worker controls the page (a first session) the core keeps them itself.
      if (mayFetchTilesAhead())
        void api.prefetchMapTiles(urls, { style, viaServiceWorker: Boolean(navigator.serviceWorker?.controller) });
    },
    [api],
  );
  // A new fix is a new object; the same fix keeps the position.
  // Under a window the map holds what it showed (useHeldWhile): it does not follow its data then (peek, no
  // subscription), so a patch or a new fix renders none of it; uncovered, it renders and reads the latest.
  const read = <T,>(source: SignalRead<T>): T => (covered ? source.peek() : source.value);
  const fixNow = read(geoPosition);
  // What the map draws holds still under a stop window; its callbacks and labels need not. The stops as the map reads
  // them (route-state.ts mapStops): a note or a time window changed renders none of it.
  const stops = read(routeState.mapStops) ?? NO_STOPS;
  const line = read(routeState.line) as [number, number][] | null;
  const lineIsFallback = read(routeState.frame)?.lineIsFallback ?? false;
  const activeStopId = read(routeState.activeStopId);
  const dataNow = useMemo(
    () => ({ stops, line, lineIsFallback, activeStopId }),
    [stops, line, lineIsFallback, activeStopId],
  );
  // The position and the data held as one: one release, one render of the map for both (issue 47).
  const {
    value: { fix, data },
    catchingUp,
  } = useHeldWhile(
    useMemo(() => ({ fix: fixNow, data: dataNow }), [fixNow, dataNow]),
    covered,
  );
  const position = useMemo(() => (fix ? { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } : null), [fix]);
  // The drawer's inset is where the map's controls sit and what the camera pads: held under the window, but live
  // from the moment it closes, while the route waits for the driver's pause (a drawer opened in that moment would
  // otherwise slide over controls left where they were, which the snackbar still steers clear of).
  const heldInset = useRef(bottomInset.peek());
  if (!covered) heldInset.current = bottomInset.value;
  // The map draws a change after the frame that shows the tap's own answer (issue 32): a deferred render, so a stop
  // action's interaction never waits for the markers' rebuild and the map's redraw. While it catches up after a
  // cover (use-held-while.ts) its values go straight in, with jumps, and the last one stays until the deferred value
  // has moved past it.
  const drawn = useDrawnAfterCatchUp(data, catchingUp);
  const labels = useMapLabels();
  const theme = shownMapTheme(state.settings.value);
  const styleUrls = state.appConfig.value?.mapStyles ?? null;
  const { online } = state.connectivity.value;
  // Opened offline, the map waits a few ms for the style cache's answer: its first style is then the right one.
  const reachable = useStyleReachable(styleUrls?.[theme] ?? null, online);
  if (reachable === null) return null;
  return (
    <RouteMap
      {...props}
      {...drawn}
      bottomInset={heldInset.current}
      instant={catchingUp}
      covered={covered}
      position={position}
      theme={theme}
      appTheme={appTheme.value}
      styleUrls={styleUrls}
      online={online}
      styleUnreachable={!reachable}
      onPrefetch={prefetch}
      labels={labels}
    />
  );
}
