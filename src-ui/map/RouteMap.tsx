/**
 * The route view's map, a chunk of its own: load it only with `lazy(() => import('../map/RouteMap.tsx'))` (its
 * props are in ./types.ts). maplibre draws the base map (use-map-instance.ts): the street style for the theme
 * (use-map-style.ts), or the built-in one when there is none or it cannot load. deck.gl draws the line, the stop
 * markers and the driver's position over it (MapLibreOverlay, not interleaved), in layer groups memoised apart
 * (layers.ts), with dense markers clustered per zoom level (declutter.ts). Tapping a marker selects its stop; the
 * camera keeps the active stop in the part the drawer leaves visible (use-map-camera.ts); the controls fit all
 * stops and follow the driver.
 *
 * The root element says what it shows, for tests and the benchmark: data-map-style (streets once its first tiles
 * have loaded, loading before, or built-in),
 * data-line (road or straight), and data-active-at / data-next-at (the active and next stops' markers, px in the
 * map), kept up to date when the camera comes to rest.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Locate, LocateFixed, Maximize } from 'lucide-react';
import type * as maplibregl from 'maplibre-gl';
import { type CSSProperties, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { IconButton } from '../components/index.ts';
import { useSnackbarGuard } from '../components/snackbar-guard.ts';
import { type ClusterDatum, makeDeclutter } from './declutter.ts';
import { HiddenMarkerButtons } from './HiddenMarkerButtons.tsx';
import { focusLayers, lineLayers, positionLayers, restingLayers } from './layers.ts';
import {
  DEFAULT_ZOOM,
  hasLocation,
  type LngLat,
  mapPadding,
  PALETTES,
  routePath,
  type StyleSpec,
  stopBounds,
} from './map-data.ts';
import { focusMarkers, markerData, nextStopId } from './markers.ts';
import { routeStyleUrls, routeTileUrls } from './prefetch.ts';
import styles from './RouteMap.module.css';
import type { RouteMapProps } from './types.ts';
import { EASE_MS, reducedMotion, useMapCamera } from './use-map-camera.ts';
import { type MapEvents, useMapInstance } from './use-map-instance.ts';
import { useMapStyle } from './use-map-style.ts';

export { MAP_LOADED_MARK } from './map-marks.ts';

const lngLatOf = (stop: RouteMapProps['stops'][number] | undefined): LngLat | null =>
  stop && hasLocation(stop.address) ? [stop.address.lng, stop.address.lat] : null;

export default function RouteMap({
  stops,
  line,
  lineIsFallback = false,
  activeStopId,
  instant = false,
  position,
  theme,
  styleUrls,
  online = true,
  styleUnreachable = false,
  onSelectStop,
  onTapStop,
  onPrefetch,
  bottomInset,
  labels,
  keyboardFocusable = true,
}: RouteMapProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const mapDivRef = useRef<HTMLDivElement>(null);
  const noteId = useId();
  // The map's controls are what a driver taps: no snackbar covers them (snackbar-guard.ts).
  const guardControls = useSnackbarGuard();
  const [level, setLevel] = useState(Math.floor(DEFAULT_ZOOM));

  const bounds = useMemo(() => stopBounds(stops), [stops]);
  const path = useMemo(() => routePath(line, stops, lineIsFallback), [line, stops, lineIsFallback]);
  const palette = PALETTES[theme];
  const styleUrl = styleUrls?.[theme] ?? null;
  const mapStyle = useMapStyle(styleUrl, theme, bounds, online, styleUnreachable);

  // The markers: the resting ones depend on the stops only; the active and next ones are drawn over them.
  const resting = useMemo(() => markerData(stops), [stops]);
  const declutter = useMemo(() => makeDeclutter(resting), [resting]);
  const decluttered = useMemo(() => declutter(level), [declutter, level]);
  const nextId = useMemo(() => nextStopId(stops, activeStopId), [stops, activeStopId]);
  const focus = useMemo(() => focusMarkers(stops, activeStopId, nextId), [stops, activeStopId, nextId]);
  const activeAt = useMemo(() => lngLatOf(stops.find((s) => s.id === activeStopId)), [stops, activeStopId]);
  const nextAt = useMemo(() => lngLatOf(stops.find((s) => s.id === nextId)), [stops, nextId]);

  // The map's events are handled through this ref: the map is made once, and reads the latest props here.
  const events = useRef<MapEvents>(null as unknown as MapEvents);
  const styleRef = useRef(mapStyle.style);
  styleRef.current = mapStyle.style;
  const { mapRef, overlayRef, appliedStyleRef, ready, failed } = useMapInstance(
    mapDivRef,
    () => styleRef.current,
    events,
    { label: labels.map, describedBy: noteId, focusable: keyboardFocusable },
  );

  /** data-active-at / data-next-at: where the focus markers are on screen now. */
  const focusAt = useRef({ activeAt, nextAt });
  focusAt.current = { activeAt, nextAt };
  const markFocus = useCallback(() => {
    const map = mapRef.current;
    const root = rootRef.current;
    if (!map || !root) return;
    for (const [key, at] of [
      ['activeAt', focusAt.current.activeAt],
      ['nextAt', focusAt.current.nextAt],
    ] as const) {
      if (!at) delete root.dataset[key];
      else {
        const { x, y } = map.project(at);
        root.dataset[key] = `${Math.round(x)},${Math.round(y)}`;
      }
    }
  }, [mapRef]);

  const camera = useMapCamera({
    mapRef,
    ready,
    bounds,
    bottomInset,
    activeStopId,
    activeAt,
    instant,
    position,
    markFocus,
  });

  const { style, watch } = mapStyle;
  const watchStyle = useStyleWatch(watch);

  events.current = {
    created: (map) => watchStyle(map, styleRef.current),
    tap(info) {
      const map = mapRef.current;
      const select = onTapStop ?? onSelectStop;
      if (!map || !info.object) return;
      if (info.layer?.id !== 'clusters') {
        select(info.object.id);
        return;
      }
      const cluster = info.object as ClusterDatum;
      // A cluster zooms in until it splits; stops on one spot (no zoom splits them) select the first.
      if (cluster.expansionZoom === null) select(cluster.stopIds[0]!);
      else
        map.easeTo({ center: cluster.position, zoom: cluster.expansionZoom, duration: reducedMotion() ? 0 : EASE_MS });
    },
    dragStart: camera.stopTracking,
    zoomLevel: setLevel,
    moved: markFocus,
    padding: (height) => mapPadding(height, bottomInset),
  };

  // A new style (theme, URL, fallback, or the grid around other stops): maplibre diffs a style object against the
  // last one. A street style is watched until its tiles load, else the built-in style takes over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: watchStyle is made anew each render; the style decides.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (appliedStyleRef.current !== style) {
      appliedStyleRef.current = style;
      map.setStyle(style);
    }
    watchStyle(map, style);
  }, [ready, style]);

  // The deck.gl layers, each group rebuilt only when its own data changes (layers.ts).
  const lineGroup = useMemo(() => lineLayers(path, palette), [path, palette]);
  const positionGroup = useMemo(() => positionLayers(position, palette), [position, palette]);
  const restingGroup = useMemo(() => restingLayers(decluttered.markers, decluttered.clusters), [decluttered]);
  const focusGroup = useMemo(() => focusLayers(focus), [focus]);
  useEffect(() => {
    if (!ready) return;
    overlayRef.current?.setProps({
      layers: [...lineGroup, ...positionGroup.halo, ...restingGroup, ...positionGroup.dot, ...focusGroup],
    });
  }, [ready, overlayRef, lineGroup, positionGroup, restingGroup, focusGroup]);

  // The focus markers moved (another active or next stop): data-active-at and data-next-at follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: markFocus reads the new places through refs.
  useEffect(() => {
    if (ready) markFocus();
  }, [ready, activeAt, nextAt, markFocus]);

  // The route's area for offline use, once the street style shows (prefetch.ts); again for another style or route.
  const prefetchedRef = useRef('');
  const prefetch = useRef(onPrefetch);
  prefetch.current = onPrefetch;
  const stopPoints = useMemo(
    () =>
      stops.flatMap((s): LngLat[] => {
        const at = lngLatOf(s);
        return at ? [at] : [];
      }),
    [stops],
  );
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !mapStyle.streetsLoaded || !styleUrl || !bounds || !prefetch.current) return;
    const key = `${styleUrl} ${bounds.flat().join(',')}`;
    if (prefetchedRef.current === key) return;
    const run = () => {
      prefetchedRef.current = key;
      const urls = routeTileUrls(map, bounds, stopPoints);
      if (urls.length > 0) prefetch.current?.(urls, routeStyleUrls(map, styleUrl));
    };
    // After the view's own tiles: they come first. A map already at rest fires no 'idle' until it moves again.
    if (map.loaded() && !map.isMoving()) {
      run();
      return;
    }
    map.once('idle', run);
    return () => {
      map.off('idle', run);
    };
  }, [mapRef, ready, mapStyle.streetsLoaded, styleUrl, bounds, stopPoints]);

  const rootStyle = {
    '--map-inset': `${Math.max(0, bottomInset)}px`,
    '--map-land': palette.land,
  } as CSSProperties;

  return (
    <div
      ref={rootRef}
      className={styles.root}
      style={rootStyle}
      data-map-style={mapStyle.streets ? (mapStyle.streetsLoaded ? 'streets' : 'loading') : 'built-in'}
      data-line={path ? (path.dashed ? 'straight' : 'road') : undefined}
    >
      <div ref={mapDivRef} className={styles.map} />
      {mapStyle.fellBack && (
        <p className={styles.notice} role="status">
          {labels.basicMap}
        </p>
      )}
      {!failed && (
        <div ref={guardControls} className={styles.controls}>
          <IconButton variant="raised" icon={Maximize} label={labels.fitBounds} onClick={camera.fitAll} />
          <IconButton
            variant="raised"
            icon={camera.tracking ? LocateFixed : Locate}
            label={labels.trackLocation}
            aria-pressed={camera.tracking}
            className={camera.tracking ? styles.tracking : undefined}
            onClick={camera.toggleTracking}
          />
        </div>
      )}
      <p id={noteId} className="visually-hidden">
        {labels.mapNote}
      </p>
      <HiddenMarkerButtons
        stops={stops}
        activeStopId={activeStopId}
        onSelect={onSelectStop}
        stopMarker={labels.stopMarker}
      />
    </div>
  );
}

/**
 * The street style is watched from the moment the map asks for it (style-health.ts): a host that cannot be reached
 * fails the request within milliseconds, and a watch that came only with the next render missed that and waited for
 * its timer instead (seconds of no map on a busy phone). Returns the watcher: one watch per applied style, the last
 * one stopped when the map goes.
 */
function useStyleWatch(watch: (map: maplibregl.Map, style: string | StyleSpec) => () => void) {
  const watching = useRef<{ style: string | StyleSpec; stop: () => void } | null>(null);
  useEffect(
    () => () => {
      watching.current?.stop();
      watching.current = null;
    },
    [],
  );
  return (map: maplibregl.Map, applied: string | StyleSpec) => {
    if (watching.current?.style === applied) return;
    watching.current?.stop();
    watching.current = { style: applied, stop: watch(map, applied) };
  };
}
