/**
 * The route view's map, a chunk of its own: load it only with `lazy(() => import('../map/RouteMap.tsx'))` (its
 * props are in ./types.ts). maplibre draws the base map (a configured style URL, else the built-in style that needs
 * no network); deck.gl draws the line, the stop markers and the driver's position over it (MapLibreOverlay, not
 * interleaved). Tapping a marker selects its stop; the controls fit all stops and follow the driver's position.
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
import { routeLayers } from './layers.ts';
import {
  type Bounds,
  builtInStyle,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  fitPadding,
  gridArea,
  hasLocation,
  JUMP_ZOOM,
  MAX_ZOOM,
  type MarkerDatum,
  mapPadding,
  markerData,
  PALETTES,
  PICK_RADIUS_PX,
  routePath,
  type StyleSpec,
  stopBounds,
  WATER_DATA_PATH,
} from './map-data.ts';
import styles from './RouteMap.module.css';
import type { RouteMapProps } from './types.ts';

// Bundled, maplibre's own worker lookup breaks: give it the worker file (toolchain notes, pitfall 3).
maplibregl.setWorkerUrl(workerUrl);

/** Dense screens render at 2x at most: a third more pixels per frame buys nothing a driver sees. */
const PIXEL_RATIO = Math.min(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1, 2);
/** A tap may wander this far (px) and still be a tap: gloves. */
const CLICK_TOLERANCE_PX = 10;
const FLY_MS = 800;
const EASE_MS = 500;

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function RouteMap({
  stops,
  line,
  activeStopId,
  position,
  theme,
  styleUrls,
  onSelectStop,
  bottomInset,
  labels,
  keyboardFocusable = true,
}: RouteMapProps) {
  const mapDivRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const overlayRef = useRef<MapLibreOverlay | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tracking, setTracking] = useState(false);
  const noteId = useId();
  // The map's controls are what a driver taps: no snackbar covers them (snackbar-guard.ts).
  const guardControls = useSnackbarGuard();

  // Handlers registered once read the latest values through refs.
  const onSelectRef = useRef(onSelectStop);
  const insetRef = useRef(bottomInset);
  useEffect(() => {
    onSelectRef.current = onSelectStop;
    insetRef.current = bottomInset;
  });

  const bounds = useMemo(() => stopBounds(stops), [stops]);
  const markers = useMemo(() => markerData(stops, activeStopId), [stops, activeStopId]);
  const path = useMemo(() => routePath(line, stops), [line, stops]);
  const palette = PALETTES[theme];

  // The style: the configured URL for the theme, else (or once that failed to load) the built-in one.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const styleUrl = styleUrls?.[theme] ?? null;
  const grid = gridArea(bounds);
  const gridKey = grid.flat().join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the grid is keyed by its text, not its array identity.
  const style: string | StyleSpec = useMemo(
    () =>
      styleUrl && styleUrl !== failedUrl
        ? styleUrl
        : builtInStyle(theme, new URL(WATER_DATA_PATH, location.href).href, grid),
    [styleUrl, failedUrl, theme, gridKey],
  );
  const styleRef = useRef(style);
  const appliedStyleRef = useRef<string | StyleSpec | null>(null);
  /** The URL style being loaded: an error before it has loaded falls back to the built-in style. */
  const pendingUrlRef = useRef<string | null>(null);
  styleRef.current = style;

  // Create the map and its overlay once.
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
    pendingUrlRef.current = typeof initial === 'string' ? initial : null;
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-left');

    const overlay = new MapLibreOverlay({
      interleaved: false,
      layers: [],
      pickingRadius: PICK_RADIUS_PX,
      useDevicePixels: PIXEL_RATIO,
      onClick: (info: PickingInfo<MarkerDatum>) => {
        if (info.object) onSelectRef.current(info.object.id);
      },
      onHover: (info: PickingInfo) => {
        map.getCanvas().style.cursor = info.object ? 'pointer' : '';
      },
      onError: (error: Error) => console.warn('The map overlay failed:', error),
    });
    map.addControl(overlay);

    map.on('dragstart', () => setTracking(false));
    map.on('style.load', () => {
      pendingUrlRef.current = null;
    });
    map.on('error', (event) => {
      const url = pendingUrlRef.current;
      if (url) {
        pendingUrlRef.current = null;
        console.warn(`The map style ${url} did not load; using the built-in style.`, event.error);
        setFailedUrl(url);
      } else {
        console.warn('Map:', event.error);
      }
    });
    map.on('resize', () => {
      map.setPadding(mapPadding(container.clientHeight, insetRef.current));
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

  // A new style (theme, URL, or the grid around other stops): maplibre diffs a style object against the last one.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || appliedStyleRef.current === style) return;
    appliedStyleRef.current = style;
    pendingUrlRef.current = typeof style === 'string' ? style : null;
    map.setStyle(style);
  }, [ready, style]);

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

  // The drawer's height: the map's own padding, so centring and fitting happen in the part left visible.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    map.setPadding(mapPadding(map.getContainer().clientHeight, bottomInset));
  }, [ready, bottomInset]);

  // The deck.gl layers.
  const layers = useMemo(() => routeLayers({ markers, path, position, palette }), [markers, path, position, palette]);
  useEffect(() => {
    if (ready) overlayRef.current?.setProps({ layers });
  }, [ready, layers]);

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
      padding: fitPadding(clientWidth, clientHeight, insetRef.current),
      maxZoom: JUMP_ZOOM,
      duration,
    });
  }, []);

  // The first time there are stops: show them all.
  const fittedRef = useRef(false);
  useEffect(() => {
    if (!ready || fittedRef.current || !bounds) return;
    fittedRef.current = true;
    fitTo(bounds, false);
  }, [ready, bounds, fitTo]);

  // A new active stop: fly to it.
  const shownActiveRef = useRef(activeStopId);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || shownActiveRef.current === activeStopId) return;
    shownActiveRef.current = activeStopId;
    const stop = stops.find((s) => s.id === activeStopId);
    if (!stop || !hasLocation(stop.address)) return;
    setTracking(false);
    const center: [number, number] = [stop.address.lng, stop.address.lat];
    if (reducedMotion()) map.jumpTo({ center, zoom: JUMP_ZOOM });
    else map.flyTo({ center, zoom: JUMP_ZOOM, duration: FLY_MS });
  }, [ready, activeStopId, stops]);

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

  // Hidden buttons in route order, for screen readers (the canvas has no accessible markers). Out of the tab order:
  // a keyboard would land on something it cannot see; keyboards use the carousel and the stop list.
  const byId = new Map(markers.map((m) => [m.id, m]));
  const inRouteOrder = stops.flatMap((s) => byId.get(s.id) ?? []);
  const rootStyle = {
    '--map-inset': `${Math.max(0, bottomInset)}px`,
    '--map-land': palette.land,
  } as CSSProperties;

  return (
    <div className={styles.root} style={rootStyle}>
      <div ref={mapDivRef} className={styles.map} />
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
      <ul className="visually-hidden">
        {inRouteOrder.map((m) => (
          <li key={m.id}>
            <button type="button" tabIndex={-1} aria-current={m.active || undefined} onClick={() => onSelectStop(m.id)}>
              {labels.stopMarker(m.name)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
