/**
 * Planned times along a route: travel at the vehicle profile's speed over the straight-line distance with a
 * detour factor, wait for a window's earliest time, then spend the stop's service time.
 */

import type { Route, Stop, TimeWindow, VehicleProfile } from '../protocol/entities.ts';
import { haversineMetres, type LatLng } from './geo.ts';
import { realWindows } from './stops.ts';

/** Where a route's plan starts when its first stop has no planned arrival: 08:00. */
export const DEFAULT_START_SECONDS = 8 * 3600;

/** Metres per second, as driven in town. */
export const PROFILE_SPEED: Record<VehicleProfile, number> = { car: 30 / 3.6, bicycle: 15 / 3.6 };
/** Roads are longer than the straight line. */
const DETOUR_FACTOR = 1.3;

export interface PlanStop extends LatLng {
  service_time: number;
  time_windows: TimeWindow[];
  /** Stops already done keep their times and are not travelled to again. */
  done?: boolean;
}

export interface PlannedTime {
  arr_time: number;
  end_time: number;
}

export interface Plan {
  times: PlannedTime[];
  legs: number[];
  totalMetres: number;
  /** Seconds from the start time to the end of the last stop. */
  completionTime: number;
}

export function legMetres(a: LatLng, b: LatLng): number {
  return Math.round(haversineMetres(a, b) * DETOUR_FACTOR);
}

function earliestOf(windows: TimeWindow[]): number | null {
  const real = realWindows(windows);
  if (real.length === 0) return null;
  return Math.min(...real.map((w) => w.earliest));
}

/** Plans the whole route from `startSeconds` (seconds since midnight at the first stop). */
export function planRoute(stops: PlanStop[], startSeconds: number, profile: VehicleProfile): Plan {
  const speed = PROFILE_SPEED[profile];
  const times: PlannedTime[] = [];
  const legs: number[] = [];
  let clock = startSeconds;
  let totalMetres = 0;
  stops.forEach((stop, i) => {
    if (i > 0) {
      const metres = legMetres(stops[i - 1]!, stop);
      legs.push(metres);
      totalMetres += metres;
      clock += Math.round(metres / speed);
    }
    const earliest = earliestOf(stop.time_windows);
    if (earliest !== null && clock < earliest) clock = earliest;
    const arr = clock;
    clock += stop.service_time;
    times.push({ arr_time: arr, end_time: clock });
  });
  return { times, legs, totalMetres, completionTime: clock - startSeconds };
}

/**
 * ETAs from now for the stops not yet done, starting at `from` (the driver's position when known, else the
 * last done stop). Done stops are skipped over.
 */
export function etasFromNow(
  stops: PlanStop[],
  nowSeconds: number,
  profile: VehicleProfile,
  from: LatLng | null,
): (PlannedTime | null)[] {
  const speed = PROFILE_SPEED[profile];
  let clock = nowSeconds;
  const firstOpen = stops.findIndex((s) => !s.done);
  let here: LatLng | null = from ?? (firstOpen > 0 ? stops[firstOpen - 1]! : null);
  return stops.map((stop) => {
    if (stop.done) return null;
    if (here) clock += Math.round(legMetres(here, stop) / speed);
    const earliest = earliestOf(stop.time_windows);
    if (earliest !== null && clock < earliest) clock = earliest;
    const arr = clock;
    clock += stop.service_time;
    here = stop;
    return { arr_time: arr, end_time: clock };
  });
}

/** The plan of stops in the order given, from the first one's planned arrival (or the default start). */
export const planInOrder = (stops: (PlanStop & { arr_time?: number | null })[], profile: VehicleProfile): Plan =>
  planRoute(stops, stops[0]?.arr_time ?? DEFAULT_START_SECONDS, profile);

/**
 * The route as a dispatcher's reorder leaves it (a `route_reorder` event's `stop_ids`): the stops in the new order,
 * their planned times, the legs and the completion time planned again, as the server plans them when it stores the
 * order (src-server/repo/route-changes.ts), so the app shows the new order without fetching the route. Null when the
 * ids are not exactly the route's stops (a stop added or taken off meanwhile): then the route is fetched.
 */
export function reorderedRoute<R extends Pick<Route, 'stops' | 'vehicle_profile' | 'distances' | 'completion_time'>>(
  route: R,
  stopIds: number[],
): R | null {
  const byId = new Map(route.stops.map((stop) => [stop.id, stop]));
  if (stopIds.length !== byId.size || new Set(stopIds).size !== stopIds.length) return null;
  const ordered: Stop[] = [];
  for (const id of stopIds) {
    const stop = byId.get(id);
    if (!stop) return null;
    ordered.push(stop);
  }
  const plan = planInOrder(
    ordered.map((stop) => ({ ...stop.address, ...stop })),
    route.vehicle_profile === 'bicycle' ? 'bicycle' : 'car',
  );
  return {
    ...route,
    stops: ordered.map((stop, i) => ({ ...stop, ...plan.times[i]! })),
    distances: { total: plan.totalMetres, legs: plan.legs },
    completion_time: plan.completionTime,
  };
}
