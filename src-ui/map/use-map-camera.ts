/**
 * Where the map looks (camera.ts has the arithmetic): all stops the first time there are any, the active stop in
 * the part the drawer leaves visible, a flight to each new active stop, and the driver's position while tracking
 * (until the driver pans). Fit all and tracking are the map's two controls.
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { groupingLevel, insetMove, stillCentre } from './camera.ts';
import {
  type Bounds,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  fitPadding,
  JUMP_ZOOM,
  type LngLat,
  mapPadding,
} from './map-data.ts';
import { MAP_MOVE_MARK, type MapMove } from './map-marks.ts';
import type { RouteMapProps } from './types.ts';

const FLY_MS = 800;
export const EASE_MS = 500;

export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

function markMove(how: MapMove['how'], why: MapMove['why']) {
  performance.mark(MAP_MOVE_MARK, { detail: { how, why } satisfies MapMove });
}

export interface CameraInput {
  mapRef: RefObject<maplibregl.Map | null>;
  ready: boolean;
  bounds: Bounds | null;
  bottomInset: number;
  activeStopId: number | null;
  /** Where the active stop is, if it has a place. */
  activeAt: LngLat | null;
  /** A new active stop is jumped to, not flown to (RouteMapProps.instant). */
  instant?: boolean;
  /** A window covers the map (RouteMapProps.covered): a move under way ends where it was going. */
  covered?: boolean;
  position: RouteMapProps['position'];
  /** Says where the focus markers are now (RouteMap's data-active-at / data-next-at). */
  markFocus: () => void;
  /** The active stop the camera last went to, kept here and read by the markers' grouping (camera.ts groupingLevel). */
  cameraStopRef: RefObject<number | null>;
}

export function useMapCamera(input: CameraInput) {
  const { mapRef, bounds, bottomInset, activeAt, position } = input;
  const [tracking, setTracking] = useState(false);
  // The drawer's effect reads these when the drawer moves, not when they change.
  const latest = useRef({ bottomInset, activeAt, tracking, position });
  latest.current = { bottomInset, activeAt, tracking, position };
  // Where the camera's last animated move was going: a cover ends the move there (useSettleWhenCovered).
  const destination = useRef<Destination>(null);

  const fitTo = useCallback(
    (target: Bounds | null, animate: boolean, why: MapMove['why']) => {
      const map = mapRef.current;
      if (!map) return;
      const duration = animate && !reducedMotion() ? FLY_MS : 0;
      markMove(duration ? 'fly' : 'jump', why);
      if (!target) {
        destination.current = { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM };
        map.easeTo({ ...destination.current, duration });
        return;
      }
      const { clientWidth, clientHeight } = map.getContainer();
      const fit = { padding: fitPadding(clientWidth, clientHeight, latest.current.bottomInset), maxZoom: JUMP_ZOOM };
      destination.current = map.cameraForBounds(target, fit) ?? null;
      map.fitBounds(target, { ...fit, duration });
    },
    [mapRef],
  );

  const fittedRef = useFirstFit(input, fitTo, latest);
  useInsetFollow(input, fittedRef, latest, destination);
  useFlyToActive(input, setTracking, destination);
  const zoomInOnTrackRef = useTrackPosition(input, tracking, destination);
  useSettleWhenCovered(input, destination);

  // Stable handlers (they read the latest tracking and bounds when tapped): the memoized controls do not re-render
  // with each of the map's renders (issue 47).
  const boundsRef = useRef(bounds);
  boundsRef.current = bounds;
  const stopTracking = useCallback(() => setTracking(false), []);
  const toggleTracking = useCallback(() => {
    if (latest.current.tracking) {
      setTracking(false);
      return;
    }
    zoomInOnTrackRef.current = true;
    setTracking(true);
  }, [zoomInOnTrackRef]);
  const fitAll = useCallback(() => {
    setTracking(false);
    fitTo(boundsRef.current, true, 'fit-all');
  }, [fitTo]);
  return { tracking, stopTracking, toggleTracking, fitAll };
}

/**
 * The zoom level the markers are grouped for (camera.ts groupingLevel): the camera's whole level (`setLevel`, from
 * the map's zoom events), or the level a coming jump to a new active stop lands at. `cameraStopRef` is the active
 * stop the camera last went to: written by the camera's effect (useFlyToActive), read in render by `groupLevel`; it
 * changes only after the render that foresaw the jump.
 */
export function useGroupingLevel(activeStopId: number | null, instant: boolean) {
  const [level, setLevel] = useState(Math.floor(DEFAULT_ZOOM));
  const cameraStopRef = useRef(activeStopId);
  const jumps = instant || reducedMotion();
  const groupLevel = (activeAt: LngLat | null) =>
    groupingLevel(
      level,
      { cameraStopId: cameraStopRef.current, activeStopId, activeHasPlace: activeAt !== null, jumps },
      JUMP_ZOOM,
    );
  return { setLevel, cameraStopRef, groupLevel };
}

/** Where an animated camera move ends (maplibre's own type for a jump). */
type Destination = maplibregl.JumpToOptions | null;

/**
 * A window came over the map: a camera move under way ends at once where it was going. Its frames would go on for
 * up to FLY_MS under an opaque window, each one a map frame drawn in the driver's taps there (issue 32).
 */
function useSettleWhenCovered({ mapRef, ready, covered }: CameraInput, destination: RefObject<Destination>) {
  useEffect(() => {
    const map = mapRef.current;
    const target = destination.current;
    if (!ready || !map || !covered || !target || !map.isMoving()) return;
    markMove('jump', 'covered');
    map.jumpTo(target);
  }, [mapRef, ready, covered, destination]);
}

type Latest = RefObject<{
  bottomInset: number;
  activeAt: LngLat | null;
  tracking: boolean;
  position: RouteMapProps['position'];
}>;

/** The first time there are stops: show them all. Returns whether that has happened. */
function useFirstFit(
  { mapRef, ready, bounds, markFocus }: CameraInput,
  fitTo: (target: Bounds | null, animate: boolean, why: MapMove['why']) => void,
  latest: Latest,
) {
  const fittedRef = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || fittedRef.current || !bounds) return;
    fittedRef.current = true;
    map.setPadding(mapPadding(map.getContainer().clientHeight, latest.current.bottomInset));
    fitTo(bounds, false, 'first-fit');
    markFocus();
  }, [mapRef, ready, bounds, fitTo, markFocus, latest]);
  return fittedRef;
}

/** The drawer moved (camera.ts): the active stop stays in the part left visible, else the picture keeps still. */
function useInsetFollow(
  { mapRef, ready, bottomInset }: CameraInput,
  fittedRef: RefObject<boolean>,
  latest: Latest,
  destination: RefObject<Destination>,
) {
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const container = map.getContainer();
    const size = { width: container.clientWidth, height: container.clientHeight };
    const padding = mapPadding(size.height, bottomInset);
    const { activeAt: active, tracking: following, position: at } = latest.current;
    if (!fittedRef.current) {
      map.setPadding(padding);
      return;
    }
    const target: LngLat | null = following && at ? [at.lng, at.lat] : active;
    const move = insetMove(target ? map.project(target) : null, size, padding, map.isMoving());
    if (move.kind === 'ease-to-stop' && target) {
      markMove('ease', 'drawer');
      destination.current = { center: target, padding };
      map.easeTo({ ...destination.current, duration: reducedMotion() ? 0 : EASE_MS });
    } else {
      markMove('jump', 'drawer');
      const still = stillCentre(size, padding);
      map.jumpTo({ center: map.unproject([still.x, still.y]), padding });
    }
  }, [mapRef, ready, bottomInset, fittedRef, latest, destination]);
}

/** A new active stop: fly to it (or jump, when instant), which ends tracking. */
function useFlyToActive(
  { mapRef, ready, activeStopId, activeAt, instant, cameraStopRef }: CameraInput,
  setTracking: (tracking: boolean) => void,
  destination: RefObject<Destination>,
) {
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || cameraStopRef.current === activeStopId) return;
    cameraStopRef.current = activeStopId;
    if (!activeAt) return;
    setTracking(false);
    const jump = instant || reducedMotion();
    markMove(jump ? 'jump' : 'fly', 'active-stop');
    destination.current = { center: activeAt, zoom: JUMP_ZOOM };
    if (jump) map.jumpTo(destination.current);
    else map.flyTo({ ...destination.current, duration: FLY_MS });
    // instant alone changing moves nothing: the stop shown is still the active one.
  }, [mapRef, ready, activeStopId, activeAt, instant, setTracking, destination, cameraStopRef]);
}

/**
 * Tracking: follow each new position until the driver pans; the first jump zooms in to street level (the returned
 * ref asks for that zoom).
 */
function useTrackPosition(
  { mapRef, ready, position }: CameraInput,
  tracking: boolean,
  destination: RefObject<Destination>,
) {
  const zoomInOnTrackRef = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !tracking || !position) return;
    const zoomIn = zoomInOnTrackRef.current;
    zoomInOnTrackRef.current = false;
    markMove('ease', 'tracking');
    destination.current = {
      center: [position.lng, position.lat],
      ...(zoomIn ? { zoom: Math.max(map.getZoom(), JUMP_ZOOM) } : {}),
    };
    map.easeTo({ ...destination.current, duration: reducedMotion() ? 0 : EASE_MS });
  }, [mapRef, ready, tracking, position, destination]);
  return zoomInOnTrackRef;
}
