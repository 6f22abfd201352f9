/**
 * Stop rules of the route view (spec sections 2, 4, 5, 9): numbering, done-ness, time windows, units, what
 * blocks an action, which stop comes next. Pure functions over the API's entities.
 */
import type { PublicationSettings, Route, Stop, StopType, TimeWindow, Unit } from '../protocol/entities.ts';

/** Break, start and end show icons instead of numbers. */
const UNNUMBERED: readonly StopType[] = ['break', 'start', 'end'];

export const isDone = (stop: Pick<Stop, 'status'>) => stop.status === 'finished' || stop.status === 'skipped';

/** countToShow: 1, 2, 3... over the stops, skipping break, start and end (null for those). */
export function countToShow(stops: readonly Pick<Stop, 'type'>[]): (number | null)[] {
  let n = 0;
  return stops.map((s) => (UNNUMBERED.includes(s.type) ? null : ++n));
}

/** Name fallbacks: recipient name, else street, else "lat, lng". */
export function stopName(stop: Pick<Stop, 'information' | 'address'>): string {
  return (
    stop.information.recipient_name?.trim() ||
    stop.information.street?.trim() ||
    `${stop.address.lat.toFixed(5)}, ${stop.address.lng.toFixed(5)}`
  );
}

/** Only the text before a plus sign is displayed. */
export const unitName = (unit: Pick<Unit, 'name'>) => unit.name.split('+')[0]!.trim();

export const unitTotal = (units: readonly Pick<Unit, 'quantity'>[]) => units.reduce((sum, u) => sum + u.quantity, 0);

/** A window of 0 to 86340 seconds means "no window". */
const NO_WINDOW_LATEST = 86_340;
export const realWindows = (windows: readonly TimeWindow[]) =>
  windows.filter((w) => !(w.earliest <= 0 && w.latest >= NO_WINDOW_LATEST));

export type Punctuality = 'early' | 'late' | 'on_time' | 'no_window';

/**
 * Late: the arrival is after the window's latest. Early: before its earliest (and the arrival is not zero).
 * With several windows, an arrival inside any of them is on time.
 */
export function punctuality(arrival: number | null, windows: readonly TimeWindow[]): Punctuality {
  const real = realWindows(windows);
  if (real.length === 0 || arrival === null) return 'no_window';
  if (real.some((w) => arrival >= w.earliest && arrival <= w.latest)) return 'on_time';
  if (arrival > Math.max(...real.map((w) => w.latest))) return 'late';
  return arrival !== 0 ? 'early' : 'on_time';
}

/** The stops a driver completes with an outcome and proofs (a break, the start and the end are only passed). */
export const isCompletable = (stop: Pick<Stop, 'type'>) => stop.type === 'pickup' || stop.type === 'delivery';

/** Stops other than the end stop(s): the ones the driver works through. */
const workStops = (stops: readonly Stop[]) => stops.filter((s) => s.type !== 'end');

/** Every stop but the end is finished or skipped: the route can be completed. */
export const allWorkDone = (stops: readonly Stop[]) => workStops(stops).every(isDone);

export type ActionBlock =
  | { kind: 'not_started' }
  | { kind: 'route_finished' }
  | { kind: 'break_first' }
  | { kind: 'earlier_stop'; number: number }
  | { kind: 'complete_all_first' };

/**
 * Why the driver may not act on this stop now, or null when they may. Actions need the route in progress; in
 * order mode an earlier stop (start and end aside) that is neither finished nor skipped blocks, named by its
 * number or, for a break, by the break-first alert; the end stop waits for every other stop.
 *
 * The app's rule alone, not the server's: a stop the driver completed counts as done here even while the server
 * refused its record (parked on the device), so a server enforcing the order would strand every later stop
 * (docs/app-core.md, "One rule, three places").
 */
export function actionBlock(
  route: Pick<Route, 'status' | 'stops'> & {
    publication_settings: Pick<PublicationSettings, 'fulfill_stops_in_any_order'>;
  },
  stopId: number,
): ActionBlock | null {
  if (route.status === 'finished') return { kind: 'route_finished' };
  if (route.status !== 'in_progress') return { kind: 'not_started' };
  const index = route.stops.findIndex((s) => s.id === stopId);
  if (index < 0) return null;
  const stop = route.stops[index]!;
  if (stop.type === 'end') return allWorkDone(route.stops) ? null : { kind: 'complete_all_first' };
  if (route.publication_settings.fulfill_stops_in_any_order) return null;
  const numbers = countToShow(route.stops);
  const earlier = route.stops.slice(0, index).findIndex((s) => s.type !== 'start' && s.type !== 'end' && !isDone(s));
  if (earlier < 0) return null;
  const blocker = route.stops[earlier]!;
  return blocker.type === 'break' ? { kind: 'break_first' } : { kind: 'earlier_stop', number: numbers[earlier]! };
}

/** After completing a stop: the next not-done stop after it, else the first not-done stop, else none. */
export function nextActiveStop(stops: readonly Stop[], completedId: number | null): number | null {
  const from = completedId === null ? -1 : stops.findIndex((s) => s.id === completedId);
  const after = stops.slice(from + 1).find((s) => !isDone(s));
  return (after ?? stops.find((s) => !isDone(s)))?.id ?? null;
}

/** The project date is a later day than today: the route may not be started yet. */
export const startTooEarly = (projectDate: string, today: string) => projectDate > today;

/** Done and total stops for the header, start and end not counted. */
export function progress(stops: readonly Stop[]): { done: number; total: number } {
  const counted = stops.filter((s) => s.type !== 'start' && s.type !== 'end');
  return { done: counted.filter(isDone).length, total: counted.length };
}

/**
 * The time a stop's row and card show. The start, once the route has started, shows when it started: its planned
 * time ("Depot 08:00") would read as the route's start above stops planned again from the real one ("1 ... 09:31").
 * Every other stop shows its planned arrival (null when none is planned).
 */
export function rowTime(
  stop: Pick<Stop, 'type' | 'status' | 'arr_time' | 'finish_time'>,
): { seconds: number; kind: 'planned' | 'started' } | null {
  if (stop.type === 'start' && isDone(stop) && stop.finish_time !== null)
    return { seconds: stop.finish_time, kind: 'started' };
  return stop.arr_time === null ? null : { seconds: stop.arr_time, kind: 'planned' };
}
