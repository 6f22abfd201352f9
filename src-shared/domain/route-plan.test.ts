import { describe, expect, it } from 'vitest';
import type { Route, Stop } from '../protocol/entities.ts';
import { DEFAULT_START_SECONDS, legMetres, planInOrder, reorderedRoute } from './route-plan.ts';

/** A stop with what the plan reads; the rest as a route's stop has it. */
function stop(id: number, lat: number, lng: number, extra: Partial<Stop> = {}): Stop {
  return {
    id,
    address: { lat, lng },
    service_time: 300,
    time_windows: [],
    arr_time: null,
    end_time: null,
    ...extra,
  } as Stop;
}

const route = (stops: Stop[], vehicle_profile: Route['vehicle_profile'] = 'car') => ({
  stops,
  vehicle_profile,
  distances: { total: 0, legs: [] },
  completion_time: 0,
});

const depot = stop(1, 52.09, 5.12, { service_time: 0, arr_time: 7 * 3600 });
const a = stop(2, 52.1, 5.13);
const b = stop(3, 52.08, 5.1);
const end = stop(4, 52.09, 5.12, { service_time: 0 });

describe('planInOrder', () => {
  it('starts at the first stop’s planned arrival, or at 08:00 without one', () => {
    expect(planInOrder([{ ...depot.address, ...depot }], 'car').times[0]).toEqual({
      arr_time: 7 * 3600,
      end_time: 7 * 3600,
    });
    expect(planInOrder([{ ...a.address, ...a }], 'car').times[0]).toEqual({
      arr_time: DEFAULT_START_SECONDS,
      end_time: DEFAULT_START_SECONDS + 300,
    });
  });
});

describe('reorderedRoute', () => {
  it('puts the stops in the new order and plans their times, legs and completion time again', () => {
    const reordered = reorderedRoute(route([depot, a, b, end]), [1, 3, 2, 4])!;
    expect(reordered.stops.map((s) => s.id)).toEqual([1, 3, 2, 4]);
    const legs = [
      legMetres(depot.address, b.address),
      legMetres(b.address, a.address),
      legMetres(a.address, end.address),
    ];
    expect(reordered.distances).toEqual({ total: legs[0]! + legs[1]! + legs[2]!, legs });
    expect(reordered.stops[0]).toMatchObject({ arr_time: 7 * 3600, end_time: 7 * 3600 });
    // Each later stop is reached after the one before it ends.
    for (let i = 1; i < 4; i++)
      expect(reordered.stops[i]!.arr_time!).toBeGreaterThan(reordered.stops[i - 1]!.end_time!);
    expect(reordered.completion_time).toBe(reordered.stops[3]!.end_time! - 7 * 3600);
  });

  it('plans a bicycle slower than a car', () => {
    const car = reorderedRoute(route([depot, a, b, end]), [1, 2, 3, 4])!;
    const bicycle = reorderedRoute(route([depot, a, b, end], 'bicycle'), [1, 2, 3, 4])!;
    expect(bicycle.completion_time).toBeGreaterThan(car.completion_time);
  });

  it.each([
    ['a stop missing', [1, 2, 4]],
    ['a stop it does not hold', [1, 2, 3, 5]],
    ['a stop twice', [1, 2, 2, 4]],
    ['one stop more', [1, 2, 3, 4, 5]],
  ])('answers null for ids that are not exactly the route’s stops: %s', (_why, ids) => {
    expect(reorderedRoute(route([depot, a, b, end]), ids)).toBeNull();
  });
});
