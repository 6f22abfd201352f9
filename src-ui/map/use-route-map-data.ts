/**
 * What the map draws, worked out from the route alone (map-data.ts, markers.ts, declutter.ts): the stops' bounds,
 * the line, the resting markers decluttered for the zoom level, the active and next stops' focus markers and where
 * they are, and the stops' places for the offline prefetch. Each part is memoised on its own inputs, so a new
 * active stop or zoom level rebuilds only what depends on it.
 */
import { useMemo } from 'react';
import { makeDeclutter } from './declutter.ts';
import { hasLocation, type LngLat, routePath, stopBounds } from './map-data.ts';
import { focusMarkers, markerData, nextStopId } from './markers.ts';
import type { RouteMapProps } from './types.ts';

type Stop = RouteMapProps['stops'][number];

const lngLatOf = (stop: Stop | undefined): LngLat | null =>
  stop && hasLocation(stop.address) ? [stop.address.lng, stop.address.lat] : null;

export function useRouteMapData(
  {
    stops,
    line,
    lineIsFallback,
    activeStopId,
  }: Pick<RouteMapProps, 'stops' | 'line' | 'activeStopId'> & {
    lineIsFallback: boolean;
  },
  level: number,
) {
  const bounds = useMemo(() => stopBounds(stops), [stops]);
  const path = useMemo(() => routePath(line, stops, lineIsFallback), [line, stops, lineIsFallback]);

  // The markers: the resting ones depend on the stops only; the active and next ones are drawn over them.
  const resting = useMemo(() => markerData(stops), [stops]);
  const declutter = useMemo(() => makeDeclutter(resting), [resting]);
  const decluttered = useMemo(() => declutter(level), [declutter, level]);
  const nextId = useMemo(() => nextStopId(stops, activeStopId), [stops, activeStopId]);
  const focus = useMemo(() => focusMarkers(stops, activeStopId, nextId), [stops, activeStopId, nextId]);
  const activeAt = useMemo(() => lngLatOf(stops.find((s) => s.id === activeStopId)), [stops, activeStopId]);
  const nextAt = useMemo(() => lngLatOf(stops.find((s) => s.id === nextId)), [stops, nextId]);

  // The places the prefetch covers besides the bounds' grid (prefetch.ts).
  const stopPoints = useMemo(
    () =>
      stops.flatMap((s): LngLat[] => {
        const at = lngLatOf(s);
        return at ? [at] : [];
      }),
    [stops],
  );

  return { bounds, path, decluttered, focus, activeAt, nextAt, stopPoints };
}
