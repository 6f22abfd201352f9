/**
 * The stop markers' data (pure: no maplibre, no deck.gl, no DOM). Two parts, so that selecting a stop never
 * rebuilds the markers of the whole route:
 *
 *   - markerData(stops): one marker per located stop in its resting look, done stops first (under the rest), then
 *     the pending ones in route order. A round trip's start and end at one spot are one combined marker.
 *     It depends on the stops only, so it is made again only when a stop changes.
 *   - focusMarkers(stops, active, next): the active stop (larger, filled, with a halo) and the next stop after it,
 *     drawn on top of everything else (and never inside a cluster: declutter.ts).
 */
import { countToShow, isDone, stopName } from '../../src-shared/domain/stops.ts';
import type { Stop, StopStatus } from '../../src-shared/protocol/entities.ts';
import { hasLocation, type LngLat, type Rgba, rgba } from './map-data.ts';

/** Numbered stops show their number; break, start and end show an icon; a round trip's start and end one icon. */
export type MarkerKind = 'number' | 'start' | 'break' | 'end' | 'startEnd';

/** How a marker is drawn: at rest, as the active stop, or as the next stop after it. */
type MarkerRole = 'rest' | 'active' | 'next';

export interface MarkerDatum {
  /** The stop a tap selects (of a combined start and end: the start until it is done, then the end). */
  id: number;
  /** Every stop this marker stands for (two for a combined start and end). */
  stopIds: number[];
  position: LngLat;
  kind: MarkerKind;
  /** The number drawn on a numbered marker; '' for the icon kinds. */
  text: string;
  /** What the marker's hidden button is named after: the number, or the stop's name for the icon kinds. */
  name: string;
  status: StopStatus;
  role: MarkerRole;
  /** Circle radius, and the number's or icon's size, in px. */
  radius: number;
  inkSize: number;
  fill: Rgba;
  stroke: Rgba;
  /** The number's or the icon's colour. */
  ink: Rgba;
}

export const MARKER_RADIUS = 15;
export const ACTIVE_MARKER_RADIUS = 20;
/** Done and skipped markers are smaller. */
export const DONE_MARKER_RADIUS = 12;
/** The active marker's halo, px beyond its circle. */
export const ACTIVE_HALO_PX = 8;
/** The next stop's outline is this much wider than a resting marker's. */
export const NEXT_STROKE_PX = 4;

/** Done and skipped markers are dimmed: their outline and number at this opacity (the fill stays opaque). */
export const DONE_ALPHA = 0.7;

/** A start and an end closer than this (degrees, about 1 m) are one place: one combined marker. */
const SAME_PLACE_DEG = 0.00001;

/** The stop marker's colours, as the list's StopMarker draws them (tokens.css). */
const MARKER_COLORS: Record<StopStatus | 'active', { fill: string; stroke: string; ink: string }> = {
  pending: { fill: '#ffffff', stroke: '#0052b4', ink: '#0052b4' }, // surface, brand
  active: { fill: '#0052b4', stroke: '#ffffff', ink: '#ffffff' }, // brand, on-brand
  finished: { fill: '#e7f4ea', stroke: '#0f5a26', ink: '#0f5a26' }, // success-subtle, done
  skipped: { fill: '#eaeef3', stroke: '#454e5b', ink: '#454e5b' }, // surface-sunken, skipped
};

const RADIUS = { pending: MARKER_RADIUS, active: ACTIVE_MARKER_RADIUS, done: DONE_MARKER_RADIUS };
/** px of the numbers (bold) and icons. */
const INK_SIZE = {
  number: { pending: 14, active: 17, done: 12 },
  icon: { pending: 18, active: 22, done: 15 },
};

const KIND_OF: Partial<Record<Stop['type'], MarkerKind>> = { start: 'start', break: 'break', end: 'end' };

/** One stop's marker in a role; `number` is its countToShow number. */
function stopMarker(stop: Stop, number: number | null | undefined, role: MarkerRole): MarkerDatum {
  const kind = KIND_OF[stop.type] ?? 'number';
  const active = role === 'active';
  const colors = MARKER_COLORS[active ? 'active' : stop.status];
  const dimmed = !active && isDone(stop);
  const alpha = dimmed ? DONE_ALPHA : 1;
  const size = active ? 'active' : dimmed ? 'done' : 'pending';
  const numbered = kind === 'number' && number != null;
  return {
    id: stop.id,
    stopIds: [stop.id],
    position: [stop.address.lng, stop.address.lat],
    kind,
    text: numbered ? String(number) : '',
    name: numbered ? String(number) : stopName(stop),
    status: stop.status,
    role,
    radius: RADIUS[size],
    inkSize: INK_SIZE[kind === 'number' ? 'number' : 'icon'][size],
    fill: rgba(colors.fill),
    stroke: rgba(colors.stroke, alpha),
    // The number stays opaque: dimmed it fell to 3.5:1 on its fill; whole it reads at 7:1 and more (WCAG 1.4.3).
    ink: rgba(colors.ink),
  };
}

const samePlace = (a: Stop, b: Stop) =>
  Math.abs(a.address.lat - b.address.lat) < SAME_PLACE_DEG && Math.abs(a.address.lng - b.address.lng) < SAME_PLACE_DEG;

/** The route's start and end when they are one place (a round trip from the depot), else null. */
export function roundTrip(stops: readonly Stop[]): { start: Stop; end: Stop } | null {
  const start = stops.find((s) => s.type === 'start');
  const end = stops.findLast((s) => s.type === 'end');
  if (!start || !end || !hasLocation(start.address) || !hasLocation(end.address)) return null;
  return samePlace(start, end) ? { start, end } : null;
}

/**
 * One marker per located stop at rest, in drawing order: done stops first, then pending ones in route order. A
 * round trip's start and end are one `startEnd` marker (where the end would be drawn), named after the start.
 */
export function markerData(stops: readonly Stop[]): MarkerDatum[] {
  const numbers = countToShow(stops);
  const trip = roundTrip(stops);
  const markers: MarkerDatum[] = [];
  stops.forEach((stop, i) => {
    if (!hasLocation(stop.address) || stop === trip?.start) return;
    if (stop === trip?.end) {
      const { start, end } = trip;
      // Both done: the end's look (done); else the pending look. A tap selects the one not done yet.
      const current = isDone(start) ? end : start;
      markers.push({
        ...stopMarker(isDone(start) && isDone(end) ? end : { ...end, status: 'pending' }, null, 'rest'),
        id: current.id,
        stopIds: [start.id, end.id],
        kind: 'startEnd',
        name: stopName(start),
        position: [end.address.lng, end.address.lat],
      });
      return;
    }
    markers.push(stopMarker(stop, numbers[i], 'rest'));
  });
  const rank = (m: MarkerDatum) => (m.status === 'pending' ? 1 : 0);
  return markers
    .map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i)
    .map(({ m }) => m);
}

/** The first stop after the active one (or from the route's beginning) that is not done; null when none is. */
export function nextStopId(stops: readonly Stop[], activeStopId: number | null): number | null {
  const from = activeStopId === null ? 0 : stops.findIndex((s) => s.id === activeStopId) + 1;
  for (let i = Math.max(0, from); i < stops.length; i++) {
    const stop = stops[i]!;
    if (!isDone(stop) && hasLocation(stop.address)) return stop.id;
  }
  return null;
}

/** The next stop's marker, then the active one's (drawn in that order, so the active one is on top). */
export function focusMarkers(stops: readonly Stop[], activeStopId: number | null, nextId: number | null) {
  const numbers = countToShow(stops);
  const focus: MarkerDatum[] = [];
  for (const [id, role] of [
    [nextId, 'next'],
    [activeStopId, 'active'],
  ] as const) {
    if (id === null) continue;
    const i = stops.findIndex((s) => s.id === id);
    const stop = stops[i];
    if (stop && hasLocation(stop.address)) focus.push(stopMarker(stop, numbers[i], role));
  }
  return focus;
}
