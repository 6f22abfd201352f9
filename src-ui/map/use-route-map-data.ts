/**
 * What the map draws, worked out from the route alone (map-data.ts, markers.ts, declutter.ts): the stops' bounds,
 * the line, the resting markers decluttered for the zoom level, the active and next stops' focus markers and where
 * they are, and the stops' places for the offline prefetch. The stops' drawn parts are kept by content between
 * patches (drawn-data.ts), and each derived part is memoised on those, so a patch that changes nothing drawn
 * rebuilds nothing, and a new active stop or zoom level rebuilds only what depends on it.
 */
import { useMemo, useRef } from 'react';
import { makeDeclutter } from './declutter.ts';
import { type DrawnData, drawnData, keptDrawnData } from './drawn-data.ts';
import { hasLocation, type LngLat, routePath, stopBounds } from './map-data.ts';
import type { RouteMapProps } from './types.ts';

export function useRouteMapData(
  {
    stops,
    line,
    lineIsFallback,
    activeStopId,
  }: Pick<RouteMapProps, 'stops' | 'line' | 'activeStopId'> & {
    lineIsFallback: boolean;
  },
  /** The zoom level to group the markers for, given where the active stop is (camera.ts groupingLevel). */
  groupLevel: (activeAt: LngLat | null) => number,
) {
  // The last drawn data, read and replaced in the memo below: a render React throws away may have replaced it, which
  // is harmless, as it only ever holds data some render derived from the route's stops.
  const kept = useRef<DrawnData | null>(null);
  const drawn = useMemo(() => {
    kept.current = keptDrawnData(kept.current, drawnData(stops, activeStopId));
    return kept.current;
  }, [stops, activeStopId]);
  const { places, resting, focus, activeAt, nextAt } = drawn;

  const bounds = useMemo(() => stopBounds(places), [places]);
  const path = useMemo(() => routePath(line, places, lineIsFallback), [line, places, lineIsFallback]);
  const declutter = useMemo(() => makeDeclutter(resting), [resting]);
  const level = groupLevel(activeAt);
  const decluttered = useMemo(() => declutter(level), [declutter, level]);

  // The places the prefetch covers besides the bounds' grid (prefetch.ts).
  const stopPoints = useMemo(
    () => places.flatMap(({ address }): LngLat[] => (hasLocation(address) ? [[address.lng, address.lat]] : [])),
    [places],
  );

  return { bounds, path, decluttered, focus, activeAt, nextAt, stopPoints };
}
