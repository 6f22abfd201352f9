/**
 * The maplibre map and its deck.gl overlay, made once for the map's element and removed with it, and the two
 * canvases' accessibility: maplibre's named in the driver's language and in the tab order only while the drawer
 * leaves it uncovered; deck.gl's (it lies under maplibre's) never focusable. Events reach the caller through a ref
 * of handlers, so the map is never made again for a new closure.
 */
import type { PickingInfo } from '@deck.gl/core';
import { MapLibreOverlay, type MapLibreOverlayProps } from '@deck.gl/maplibre';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ClusterDatum } from './declutter.ts';
import { FrameGate } from './frame-gate.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_ZOOM, PICK_RADIUS_PX, type StyleSpec } from './map-data.ts';
import { MAP_LOADED_MARK } from './map-marks.ts';
import type { MarkerDatum } from './markers.ts';

// Bundled, maplibre's own worker lookup breaks: give it the worker file (toolchain notes, pitfall 3).
maplibregl.setWorkerUrl(workerUrl);

/** Dense screens render at 2x at most: a third more pixels per frame buys nothing a driver sees. */
const PIXEL_RATIO = Math.min(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1, 2);
/** A tap may wander this far (px) and still be a tap: gloves. */
const CLICK_TOLERANCE_PX = 10;

export interface MapEvents {
  /**
   * The map was just made and its first style asked for: listeners for it go on now, in the same task. A host that
   * cannot be reached fails that request within milliseconds, before the render that `ready` brings.
   */
  created(map: maplibregl.Map): void;
  /** A marker or a cluster was tapped. */
  tap(info: PickingInfo<MarkerDatum | ClusterDatum>): void;
  /** The driver started panning. */
  dragStart(): void;
  /** The whole zoom level changed. */
  zoomLevel(level: number): void;
  /** The camera came to rest, or the map's size changed (after its padding was set again). */
  moved(): void;
  /** The padding for the map's current height (the drawer's inset). */
  padding(height: number): maplibregl.PaddingOptions;
}

export interface CanvasAccessibility {
  label: string;
  describedBy: string;
  focusable: boolean;
}

export function useMapInstance(
  containerRef: RefObject<HTMLDivElement | null>,
  initialStyle: () => string | StyleSpec,
  events: RefObject<MapEvents>,
  canvas: CanvasAccessibility,
) {
  const mapRef = useRef<maplibregl.Map | null>(null);
  const overlayRef = useRef<MapLibreOverlay | null>(null);
  /** The style the map was made with or last given (use-map-style.ts diffs against it). */
  const appliedStyleRef = useRef<string | StyleSpec | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [gate] = useState(() => new FrameGate());

  // biome-ignore lint/correctness/useExhaustiveDependencies: once; the handlers are read through the events ref.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const style = initialStyle();
    let map: maplibregl.Map;
    try {
      map = createMap(container, style);
    } catch (error) {
      // No WebGL (or it is blocked): the route view's list still works; the map stays a plain background.
      console.warn('The map could not start:', error);
      setFailed(true);
      return;
    }
    appliedStyleRef.current = style;
    const unsteer = gate.steer(map);
    events.current.created(map);
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    // The providers' attribution (the style's sources name it): shown at first, a tap on (i) after a pan.
    map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-left');
    const overlay = createOverlay(map, events, gate);
    map.addControl(overlay);
    forwardMapEvents(map, container, events);

    mapRef.current = map;
    overlayRef.current = overlay;
    setReady(true);
    return () => {
      mapRef.current = null;
      overlayRef.current = null;
      setReady(false);
      map.removeControl(overlay);
      unsteer();
      map.remove();
    };
  }, []);

  useCanvasAccessibility(mapRef, ready, canvas);
  useOverlayCanvasUntabbed(containerRef);
  return { mapRef, overlayRef, appliedStyleRef, ready, failed, gate };
}

/** The maplibre map: no rotation or pitch, taps that forgive a glove's wander, at most 2x pixels. */
function createMap(container: HTMLElement, style: string | StyleSpec) {
  return new maplibregl.Map({
    container,
    style,
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
}

/**
 * deck.gl's overlay over the map (not interleaved: toolchain notes, pitfall 4); its taps go to `events.tap`, its
 * frames through the gate.
 */
function createOverlay(map: maplibregl.Map, events: RefObject<MapEvents>, gate: FrameGate) {
  // luma.gl's AnimationLoop prop, which Deck hands its loop with the rest of its props (not in DeckProps' type).
  const frames = { animationFrameProvider: gate.overlayFrameProvider } as Partial<MapLibreOverlayProps>;
  return new MapLibreOverlay({
    ...frames,
    interleaved: false,
    layers: [],
    pickingRadius: PICK_RADIUS_PX,
    useDevicePixels: PIXEL_RATIO,
    onClick: (info: PickingInfo<MarkerDatum | ClusterDatum>) => events.current.tap(info),
    // A pointer that hovers (a mouse) gets the hand over a marker. A phone has none: no picking on every move.
    onHover: matchMedia('(hover: hover)').matches
      ? (info: PickingInfo) => {
          map.getCanvas().style.cursor = info.object ? 'pointer' : '';
        }
      : undefined,
    onError: (error: Error) => console.warn('The map overlay failed:', error),
  });
}

/** maplibre's events, as the caller's handlers (MapEvents) take them; the load mark for the benchmark. */
function forwardMapEvents(map: maplibregl.Map, container: HTMLElement, events: RefObject<MapEvents>) {
  map.once('load', () => performance.mark(MAP_LOADED_MARK));
  map.on('dragstart', () => events.current.dragStart());
  // The markers are decluttered per whole zoom level: live while the driver pinches, but for the camera's own
  // flights only where they end. A flight zooms out and in again, and each level on the way would rebuild the
  // markers and their clusters for a frame or two.
  const zoomLevel = () => events.current.zoomLevel(Math.floor(map.getZoom()));
  map.on('zoom', (event) => {
    if (event.originalEvent) zoomLevel();
  });
  map.on('zoomend', zoomLevel);
  map.on('moveend', () => events.current.moved());
  map.on('resize', () => {
    map.setPadding(events.current.padding(container.clientHeight));
    events.current.moved();
  });
}

/** maplibre's canvas named in the driver's language, and in the tab order only while the drawer leaves it uncovered. */
function useCanvasAccessibility(mapRef: RefObject<maplibregl.Map | null>, ready: boolean, canvas: CanvasAccessibility) {
  useEffect(() => {
    const element = mapRef.current?.getCanvas();
    if (!ready || !element) return;
    element.setAttribute('aria-label', canvas.label);
    element.setAttribute('aria-describedby', canvas.describedBy);
    element.tabIndex = canvas.focusable ? 0 : -1;
  }, [mapRef, ready, canvas.label, canvas.describedBy, canvas.focusable]);
}

/**
 * deck.gl's overlay canvas makes itself focusable (for a controller it does not have here); it lies under
 * maplibre's, so a keyboard would land on something unseen: keep it out of the tab order, whenever it appears.
 */
function useOverlayCanvasUntabbed(containerRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const untab = () => {
      for (const element of container.querySelectorAll('canvas:not(.maplibregl-canvas)')) {
        if ((element as HTMLCanvasElement).tabIndex !== -1) (element as HTMLCanvasElement).tabIndex = -1;
        element.setAttribute('aria-hidden', 'true');
      }
    };
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(container, { subtree: true, childList: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, [containerRef]);
}
