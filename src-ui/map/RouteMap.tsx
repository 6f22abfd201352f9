/**
 * The route view's map, a chunk of its own: load it only with `lazy(() => import('../map/RouteMap.tsx'))` (its
 * props are in ./types.ts). maplibre draws the base map (use-map-instance.ts): the street style for the theme
 * (use-map-style.ts), or the built-in one when there is none or it cannot load. deck.gl draws the line, the stop
 * markers and the driver's position over it (MapLibreOverlay, not interleaved), in layer groups memoised apart
 * (layers.ts, use-overlay-layers.ts), with dense markers clustered per zoom level (declutter.ts,
 * use-route-map-data.ts). Tapping a marker selects its stop (route-map-events.ts); the camera keeps the active stop
 * in the part the drawer leaves visible (use-map-camera.ts); the controls fit all stops and follow the driver
 * (MapControls.tsx). The route's area is fetched ahead for offline use (use-route-prefetch.ts).
 *
 * The root element says what it shows, for tests and the benchmark: data-map-style (streets once its first tiles
 * have loaded, loading before, or built-in),
 * data-line (road or straight), and data-active-at / data-next-at (the active and next stops' markers, px in the
 * map), kept up to date when the camera comes to rest (use-focus-marks.ts).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { type CSSProperties, memo, useId, useRef } from 'react';
import { HiddenMarkerButtons } from './HiddenMarkerButtons.tsx';
import { MapControls } from './MapControls.tsx';
import { mapLookFor, PALETTES } from './map-data.ts';
import styles from './RouteMap.module.css';
import { routeMapEvents } from './route-map-events.ts';
import { useSunlightStreets } from './sunlight-streets.ts';
import type { RouteMapProps } from './types.ts';
import { useAppliedStyle } from './use-applied-style.ts';
import { useFocusMarks } from './use-focus-marks.ts';
import { useCoverHold, useInputHold } from './use-frame-holds.ts';
import { useGroupingLevel, useMapCamera } from './use-map-camera.ts';
import { type MapEvents, useMapInstance } from './use-map-instance.ts';
import { useMapStyle } from './use-map-style.ts';
import { useOverlayLayers } from './use-overlay-layers.ts';
import { useRouteMapData } from './use-route-map-data.ts';
import { useRoutePrefetch } from './use-route-prefetch.ts';

/**
 * Memoized where it is loaded (MapLayout.tsx): the map area renders again for its deferred data after a catch-up,
 * with the same props (counted in e2e/render-counts.spec.ts).
 */
export default function RouteMap(props: RouteMapProps) {
  const { stops, activeStopId, position, theme, styleUrls, bottomInset, labels } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const mapDivRef = useRef<HTMLDivElement>(null);
  const noteId = useId();
  const { setLevel, cameraStopRef, groupLevel } = useGroupingLevel(activeStopId, props.instant ?? false);
  const data = useRouteMapData(
    { stops, line: props.line, lineIsFallback: props.lineIsFallback ?? false, activeStopId },
    groupLevel,
  );
  const look = mapLookFor(theme, props.appTheme ?? 'light');
  const palette = PALETTES[look];
  const styleUrl = styleUrls?.[theme] ?? null;
  const mapStyle = useMapStyle(styleUrl, look, data.bounds, props.online ?? true, props.styleUnreachable ?? false);

  // The map's events are handled through this ref: the map is made once, and reads the latest props here.
  const events = useRef<MapEvents>(null as unknown as MapEvents);
  const styleRef = useRef(mapStyle.style);
  styleRef.current = mapStyle.style;
  const { mapRef, overlayRef, appliedStyleRef, ready, failed, gate } = useMapInstance(
    mapDivRef,
    () => styleRef.current,
    events,
    { label: labels.map, describedBy: noteId, focusable: props.keyboardFocusable ?? true },
  );
  useCoverHold(gate, props.covered ?? false);
  useInputHold(gate, rootRef);
  const markFocus = useFocusMarks(mapRef, rootRef, ready, data.activeAt, data.nextAt);
  const camera = useMapCamera({ ...props, ...data, mapRef, ready, markFocus, cameraStopRef });
  const watchStyle = useAppliedStyle(mapRef, appliedStyleRef, ready, mapStyle);
  useSunlightStreets(mapRef, ready, look === 'sunlight');
  events.current = routeMapEvents({
    mapRef,
    styleRef,
    watchStyle,
    select: props.onTapStop ?? props.onSelectStop,
    stopTracking: camera.stopTracking,
    setLevel,
    markFocus,
    bottomInset,
  });
  useOverlayLayers(overlayRef, ready, { ...data, position, palette });
  useRoutePrefetch(mapRef, ready, {
    ...data,
    streetsLoaded: mapStyle.streetsLoaded,
    styleUrl,
    onPrefetch: props.onPrefetch,
  });

  return (
    <div ref={rootRef} className={styles.root} {...rootAttributes(look, mapStyle, data.path, bottomInset)}>
      <div ref={mapDivRef} className={styles.map} />
      {mapStyle.fellBack && (
        <p className={styles.notice} role="status">
          {labels.basicMap}
        </p>
      )}
      {!failed && (
        <MapControls
          tracking={camera.tracking}
          onFitAll={camera.fitAll}
          onToggleTracking={camera.toggleTracking}
          labels={labels}
        />
      )}
      <MapTextAlternative
        noteId={noteId}
        stops={stops}
        activeStopId={activeStopId}
        onSelectStop={props.onSelectStop}
        labels={labels}
      />
    </div>
  );
}

/**
 * The map root's look and what it says it shows (docs/map.md: `data-map-look`, `data-map-style`, `data-line`), which
 * the tests and the audit read; the land's colour and the inset for the controls as CSS variables.
 */
function rootAttributes(
  look: ReturnType<typeof mapLookFor>,
  mapStyle: { streets: boolean; streetsLoaded: boolean },
  path: { dashed: boolean } | null | undefined,
  bottomInset: number,
) {
  const style = { '--map-inset': `${Math.max(0, bottomInset)}px`, '--map-land': PALETTES[look].land } as CSSProperties;
  return {
    style,
    'data-map-look': look,
    'data-map-style': mapStyle.streets ? (mapStyle.streetsLoaded ? 'streets' : 'loading') : 'built-in',
    'data-line': path ? (path.dashed ? 'straight' : 'road') : undefined,
  };
}

type TextAlternativeProps = Pick<RouteMapProps, 'stops' | 'activeStopId' | 'onSelectStop' | 'labels'> & {
  noteId: string;
};

/**
 * What the canvas is to a screen reader: a note on where the stops are listed (the canvas's description), and a
 * hidden button per marker. Memoized: a new position or camera state does not re-render the buttons (issue 47).
 */
const MapTextAlternative = memo(function MapTextAlternative({
  noteId,
  stops,
  activeStopId,
  onSelectStop,
  labels,
}: TextAlternativeProps) {
  return (
    <>
      <p id={noteId} className="visually-hidden">
        {labels.mapNote}
      </p>
      <HiddenMarkerButtons
        stops={stops}
        activeStopId={activeStopId}
        onSelect={onSelectStop}
        stopMarker={labels.stopMarker}
      />
    </>
  );
});
