/**
 * What the map draws of a route's stops, kept by content between patches (pure). Every patch to the route gives the
 * map a new stops array, though most change nothing it draws: an arrival time, a photo, a note, a status the marker
 * looks the same in. deck.gl recomputes a layer's attributes whenever its data is a new array, and the resting
 * markers' declutter regroups them at every zoom level, so on the 300-stop route each such patch cost the tap it
 * answered hundreds of milliseconds of the map's own script at 4x CPU (docs/performance.md, "The map's own script time").
 * Each part here is the previous one, the same object, when it holds the same values, so nothing downstream of it
 * is rebuilt.
 */
import { dequal } from 'dequal/lite';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { hasLocation, type LngLat } from './map-data.ts';
import { focusMarkers, type MarkerDatum, markerData, nextStopId } from './markers.ts';

export interface DrawnData {
  /** The stops' places, in route order: the bounds, the fallback line and the offline prefetch read these. */
  places: Pick<Stop, 'address'>[];
  /** The resting markers (markers.ts), before declutter. */
  resting: MarkerDatum[];
  /** The next and the active stop's markers, drawn over the rest. */
  focus: MarkerDatum[];
  activeAt: LngLat | null;
  nextAt: LngLat | null;
}

const lngLatOf = (stop: Stop | undefined): LngLat | null =>
  stop && hasLocation(stop.address) ? [stop.address.lng, stop.address.lat] : null;

export function drawnData(stops: readonly Stop[], activeStopId: number | null): DrawnData {
  const nextId = nextStopId(stops, activeStopId);
  return {
    places: stops.map((stop) => ({ address: stop.address })),
    resting: markerData(stops),
    focus: focusMarkers(stops, activeStopId, nextId),
    activeAt: lngLatOf(stops.find((s) => s.id === activeStopId)),
    nextAt: lngLatOf(stops.find((s) => s.id === nextId)),
  };
}

/** `next`, with each part that holds the same values as in `previous` replaced by previous's (the same object). */
export function keptDrawnData(previous: DrawnData | null, next: DrawnData): DrawnData {
  if (!previous) return next;
  const kept = <K extends keyof DrawnData>(key: K): DrawnData[K] =>
    dequal(previous[key], next[key]) ? previous[key] : next[key];
  const result: DrawnData = {
    places: kept('places'),
    resting: kept('resting'),
    focus: kept('focus'),
    activeAt: kept('activeAt'),
    nextAt: kept('nextAt'),
  };
  const unchanged = (Object.keys(result) as (keyof DrawnData)[]).every((key) => result[key] === previous[key]);
  return unchanged ? previous : result;
}
