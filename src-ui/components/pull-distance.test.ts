import { describe, expect, it } from 'vitest';
import { pullDistance, travelFor } from './pull-distance.ts';

describe('pullDistance', () => {
  it.each([
    // travel, threshold, max, distance (route lists: 120/132; stop list: 80/100)
    [0, 120, 132, 0],
    [-40, 120, 132, 0],
    [Number.NaN, 120, 132, 0],
    [100, 120, 132, 50],
    [240, 120, 132, 120],
    [100, 80, 100, 50],
    [160, 80, 100, 80],
  ])('travel %d with %d/%d moves %d px', (travel, threshold, max, distance) => {
    expect(pullDistance(travel, threshold, max)).toBeCloseTo(distance, 6);
  });

  it('eases past the threshold and never passes the maximum', () => {
    let last = pullDistance(travelFor(120), 120, 132);
    for (let travel = travelFor(120) + 10; travel < 2000; travel += 10) {
      const distance = pullDistance(travel, 120, 132);
      expect(distance).toBeGreaterThanOrEqual(last);
      expect(distance).toBeLessThanOrEqual(132);
      last = distance;
    }
    expect(last).toBeGreaterThan(131);
  });

  it('caps at the maximum when it is not above the threshold', () => {
    expect(pullDistance(1000, 100, 100)).toBe(100);
  });
});
