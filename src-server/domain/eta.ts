/**
 * Planned times along a route: travel at the vehicle profile's speed over the straight-line distance with a
 * detour factor, wait for a window's earliest time, then spend the stop's service time.
 */

import { haversineMetres, type LatLng } from '../../src-shared/domain/geo.ts';
import type { TimeWindow, VehicleProfile } from '../../src-shared/protocol/entities.ts';

/** Metres per second, as driven in town. */
export const PROFILE_SPEED: Record<VehicleProfile, number> = { car: 30 / 3.6, bicycle: 15 / 3.6 };
/** Roads are longer than the straight line. */
export const DETOUR_FACTOR = 1.3;
const NO_WINDOW_LATEST = 86_340;

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
  const real = windows.filter((w) => !(w.earliest === 0 && w.latest >= NO_WINDOW_LATEST));
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
