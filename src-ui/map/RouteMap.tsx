/**
 * The route view's map, a chunk of its own: load it only with `lazy(() => import('../map/RouteMap.tsx'))` (its
 * props are in ./types.ts). maplibre draws the base map: the street style for the theme (use-map-style.ts), or the
 * built-in one when there is none or it cannot load. deck.gl draws the line, the stop markers and the driver's
 * position over it (MapLibreOverlay, not interleaved), in layer groups memoised apart (layers.ts), with dense
 * markers clustered per zoom level (declutter.ts). Tapping a marker selects its stop; the camera keeps the active
 * stop in the part the drawer leaves visible (camera.ts); the controls fit all stops and follow the driver.
 *
 * The root element says what it shows, for tests and the benchmark: data-map-style (streets once its first tiles
 * have loaded, loading before, or built-in),
 * data-line (road or straight), and data-active-at / data-next-at (the active and next stops' markers, px in the
 * map), kept up to date when the camera comes to rest.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import type { PickingInfo } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { Locate, LocateFixed, Maximize } from 'lucide-react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type CSSProperties, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { IconButton } from '../components/index.ts';
import { useSnackbarGuard } from '../components/snackbar-guard.ts';
import { insetMove, stillCentre } from './camera.ts';
import { type ClusterDatum, makeDeclutter } from './declutter.ts';
import { HiddenMarkerButtons } from './HiddenMarkerButtons.tsx';
import { focusLayers, lineLayers, positionLayers, restingLayers } from './layers.ts';
import {
  type Bounds,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  fitPadding,
  hasLocation,
  JUMP_ZOOM,
  type LngLat,
  MAX_ZOOM,
  mapPadding,
  PALETTES,
  PICK_RADIUS_PX,
  routePath,
  stopBounds,
} from './map-data.ts';
import { focusMarkers, type MarkerDatum, markerData, nextStopId } from './markers.ts';
import { routeTileUrls } from './prefetch.ts';
import styles from './RouteMap.module.css';
import type { RouteMapProps } from './types.ts';
import { useMapStyle } from './use-map-style.ts';

// Bundled, maplibre's own worker lookup breaks: give it the worker file (toolchain notes, pitfall 3).
maplibregl.setWorkerUrl(workerUrl);

/** Dense screens render at 2x at most: a third more pixels per frame buys nothing a driver sees. */
const PIXEL_RATIO = Math.min(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1, 2);
/** A tap may wander this far (px) and still be a tap: gloves. */
const CLICK_TOLERANCE_PX = 10;
const FLY_MS = 800;
const EASE_MS = 500;
/** The benchmark's mark: the map's first complete frame (style and tiles of the view loaded). */
export const MAP_LOADED_MARK = 'droplane:map-loaded';

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const lngLatOf = (stop: RouteMapProps['stops'][number] | undefined): LngLat | null =>
  stop && hasLocation(stop.address) ? [stop.address.lng, stop.address.lat] : null;

export default function RouteMap({
  stops,
  line,
  lineIsFallback = false,
  activeStopId,
  position,
  theme,
  styleUrls,
  online = true,
  onSelectStop,
  onTapStop,
  onPrefetch,
  bottomInset,
  labels,
  keyboardFocusable = true,
}: RouteMapProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const mapDivRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const overlayRef = useRef<MapLibreOverlay | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tracking, setTracking] = useState(false);
  const noteId = useId();
  // The map's controls are what a driver taps: no snackbar covers them (snackbar-guard.ts).
  const guardControls = useSnackbarGuard();
  const [level, setLevel] = useState(Math.floor(DEFAULT_ZOOM));

  const bounds = useMemo(() => stopBounds(stops), [stops]);
  const path = useMemo(() => routePath(line, stops, lineIsFallback), [line, stops, lineIsFallback]);
  const palette = PALETTES[theme];
  const styleUrl = styleUrls?.[theme] ?? null;
  const mapStyle = useMapStyle(styleUrl, theme, bounds, online);

  // The markers: the resting ones depend on the stops only; the active and next ones are drawn over them.
  const resting = useMemo(() => markerData(stops), [stops]);
  const declutter = useMemo(() => makeDeclutter(resting), [resting]);
  const decluttered = useMemo(() => declutter(level), [declutter, level]);
  const nextId = useMemo(() => nextStopId(stops, activeStopId), [stops, activeStopId]);
  const focus = useMemo(() => focusMarkers(stops, activeStopId, nextId), [stops, activeStopId, nextId]);
  const activeAt = useMemo(() => lngLatOf(stops.find((s) => s.id === activeStopId)), [stops, activeStopId]);
  const nextAt = useMemo(() => lngLatOf(stops.find((s) => s.id === nextId)), [stops, nextId]);

  // Handlers registered once read the latest values through refs.
  const latest = useRef({ onSelectStop, onTapStop, onPrefetch, bottomInset, activeAt, nextAt, tracking, position });
  latest.current = { onSelectStop, onTapStop, onPrefetch, bottomInset, activeAt, nextAt, tracking, position };
  const styleRef = useRef(mapStyle.style);
  styleRef.current = mapStyle.style;
  const appliedStyleRef = useRef<typeof mapStyle.style | null>(null);

  /** data-active-at / data-next-at: where the focus markers are on screen now. */
  const markFocus = useCallback(() => {
    const map = mapRef.current;
    const root = rootRef.current;
    if (!map || !root) return;
    for (const [key, at] of [
      ['activeAt', latest.current.activeAt],
      ['nextAt', latest.current.nextAt],
    ] as const) {
      if (!at) delete root.dataset[key];
      else {
        const { x, y } = map.project(at);
        root.dataset[key] = `${Math.round(x)},${Math.round(y)}`;
      }
    }
  }, []);

  const onTap = useCallback((info: PickingInfo<MarkerDatum | ClusterDatum>) => {
    const map = mapRef.current;
    const { onTapStop, onSelectStop } = latest.current;
    const select = onTapStop ?? onSelectStop;
    if (!map || !info.object) return;
    if (info.layer?.id !== 'clusters') {
      select(info.object.id);
      return;
    }
    const cluster = info.object as ClusterDatum;
    // A cluster zooms in until it splits; stops on one spot (no zoom splits them) select the first.
    if (cluster.expansionZoom === null) select(cluster.stopIds[0]!);
    else map.easeTo({ center: cluster.position, zoom: cluster.expansionZoom, duration: reducedMotion() ? 0 : EASE_MS });
  }, []);

  // Create the map and its overlay once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once; the handlers read the latest values through refs.
  useEffect(() => {
    const container = mapDivRef.current;
    if (!container) return;
    const initial = styleRef.current;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container,
        style: initial,
        center: DEFAULT_CENTER,
        zoom: DEFAULT_ZOOM,
        maxZoom: MAX_ZOOM,
        maxPitch: 0,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        clickTolerance: CLICK_TOLERANCE_PX,
        pixelRatio: PIXEL_RATIO,
        fadeDuration: 0,
        attributionControl: false,
      });
    } catch (error) {
      // No WebGL (or it is blocked): the route view's list still works; the map stays a plain background.
      console.warn('The map could not start:', error);
      setFailed(true);
      return;
    }
    appliedStyleRef.current = initial;
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    // The providers' attribution (the style's sources name it): shown at first, a tap on (i) after a pan.
    map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-left');

    const overlay = new MapLibreOverlay({
      interleaved: false,
      layers: [],
      pickingRadius: PICK_RADIUS_PX,
      useDevicePixels: PIXEL_RATIO,
      onClick: onTap,
      onHover: (info: PickingInfo) => {
        map.getCanvas().style.cursor = info.object ? 'pointer' : '';
      },
      onError: (error: Error) => console.warn('The map overlay failed:', error),
    });
    map.addControl(overlay);

    map.once('load', () => performance.mark(MAP_LOADED_MARK));
    map.on('dragstart', () => setTracking(false));
    map.on('zoom', () => setLevel(Math.floor(map.getZoom())));
    map.on('moveend', markFocus);
    map.on('resize', () => {
      map.setPadding(mapPadding(container.clientHeight, latest.current.bottomInset));
      markFocus();
    });

    mapRef.current = map;
    overlayRef.current = overlay;
    setReady(true);
    return () => {
      mapRef.current = null;
      overlayRef.current = null;
      setReady(false);
      map.removeControl(overlay);
      map.remove();
    };
  }, []);

  // The canvas: named in the driver's language, pointing at its text alternative, and in the tab order only while
  // the drawer leaves it uncovered.
  useEffect(() => {
    const canvas = mapRef.current?.getCanvas();
    if (!ready || !canvas) return;
    canvas.setAttribute('aria-label', labels.map);
    canvas.setAttribute('aria-describedby', noteId);
    canvas.tabIndex = keyboardFocusable ? 0 : -1;
  }, [ready, labels.map, noteId, keyboardFocusable]);

  // deck.gl's overlay canvas makes itself focusable (for a controller it does not have here); it lies under
  // maplibre's, so a keyboard would land on something unseen: keep it out of the tab order, whenever it appears.
  useEffect(() => {
    const container = mapDivRef.current;
    if (!container) return;
    const untab = () => {
      for (const canvas of container.querySelectorAll('canvas:not(.maplibregl-canvas)')) {
        if ((canvas as HTMLCanvasElement).tabIndex !== -1) (canvas as HTMLCanvasElement).tabIndex = -1;
        canvas.setAttribute('aria-hidden', 'true');
      }
    };
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(container, { subtree: true, childList: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, []);

  // A new style (theme, URL, fallback, or the grid around other stops): maplibre diffs a style object against the
  // last one. A street style is watched until its tiles load, else the built-in style takes over.
  const { style, watch } = mapStyle;
  // biome-ignore lint/correctness/useExhaustiveDependencies: watch is made anew each render; the style decides.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (appliedStyleRef.current !== style) {
      appliedStyleRef.current = style;
      map.setStyle(style);
    }
    return watch(map, style);
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
  }, [ready, lineGroup, positionGroup, restingGroup, focusGroup]);

  const fitTo = useCallback((bounds: Bounds | null, animate: boolean) => {
    const map = mapRef.current;
    if (!map) return;
    const duration = animate && !reducedMotion() ? FLY_MS : 0;
    if (!bounds) {
      map.easeTo({ center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM, duration });
      return;
    }
    const { clientWidth, clientHeight } = map.getContainer();
    map.fitBounds(bounds, {
      padding: fitPadding(clientWidth, clientHeight, latest.current.bottomInset),
      maxZoom: JUMP_ZOOM,
      duration,
    });
  }, []);

  // The first time there are stops: show them all.
  const fittedRef = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || fittedRef.current || !bounds) return;
    fittedRef.current = true;
    map.setPadding(mapPadding(map.getContainer().clientHeight, latest.current.bottomInset));
    fitTo(bounds, false);
    markFocus();
  }, [ready, bounds, fitTo, markFocus]);

  // The drawer moved (camera.ts): the active stop stays in the part left visible, else the picture keeps still.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const container = map.getContainer();
    const size = { width: container.clientWidth, height: container.clientHeight };
    const padding = mapPadding(size.height, bottomInset);
    const { activeAt, tracking, position } = latest.current;
    const duration = reducedMotion() ? 0 : EASE_MS;
    if (!fittedRef.current) {
      map.setPadding(padding);
      return;
    }
    const target: LngLat | null = tracking && position ? [position.lng, position.lat] : activeAt;
    const move = insetMove(target ? map.project(target) : null, size, padding, map.isMoving());
    if (move.kind === 'ease-to-stop' && target) map.easeTo({ center: target, padding, duration });
    else {
      const still = stillCentre(size, padding);
      map.jumpTo({ center: map.unproject([still.x, still.y]), padding });
    }
  }, [ready, bottomInset]);

  // The focus markers moved (another active or next stop): data-active-at and data-next-at follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: markFocus reads the new places through refs.
  useEffect(() => {
    if (ready) markFocus();
  }, [ready, activeAt, nextAt, markFocus]);

  // A new active stop: fly to it.
  const shownActiveRef = useRef(activeStopId);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || shownActiveRef.current === activeStopId) return;
    shownActiveRef.current = activeStopId;
    if (!activeAt) return;
    setTracking(false);
    if (reducedMotion()) map.jumpTo({ center: activeAt, zoom: JUMP_ZOOM });
    else map.flyTo({ center: activeAt, zoom: JUMP_ZOOM, duration: FLY_MS });
  }, [ready, activeStopId, activeAt]);

  // Tracking: follow each new position until the driver pans; the first jump zooms in to street level.
  const zoomInOnTrackRef = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !tracking || !position) return;
    const zoomIn = zoomInOnTrackRef.current;
    zoomInOnTrackRef.current = false;
    map.easeTo({
      center: [position.lng, position.lat],
      ...(zoomIn ? { zoom: Math.max(map.getZoom(), JUMP_ZOOM) } : {}),
      duration: reducedMotion() ? 0 : EASE_MS,
    });
  }, [ready, tracking, position]);

  // The route's area for offline use, once the street style shows (prefetch.ts); again for another style or route.
  const prefetchedRef = useRef('');
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
    if (!ready || !map || !mapStyle.streetsLoaded || !bounds || !latest.current.onPrefetch) return;
    const key = `${styleUrl} ${bounds.flat().join(',')}`;
    if (prefetchedRef.current === key) return;
    const run = () => {
      prefetchedRef.current = key;
      const urls = routeTileUrls(map, bounds, stopPoints);
      if (urls.length > 0) latest.current.onPrefetch?.(urls);
    };
    // After the view's own tiles: they come first.
    map.once('idle', run);
    return () => {
      map.off('idle', run);
    };
  }, [ready, mapStyle.streetsLoaded, styleUrl, bounds, stopPoints]);

  function toggleTracking() {
    if (tracking) {
      setTracking(false);
      return;
    }
    zoomInOnTrackRef.current = true;
    setTracking(true);
  }

  function fitAll() {
    setTracking(false);
    fitTo(bounds, true);
  }

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
          <IconButton variant="raised" icon={Maximize} label={labels.fitBounds} onClick={fitAll} />
          <IconButton
            variant="raised"
            icon={tracking ? LocateFixed : Locate}
            label={labels.trackLocation}
            aria-pressed={tracking}
            className={tracking ? styles.tracking : undefined}
            onClick={toggleTracking}
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
