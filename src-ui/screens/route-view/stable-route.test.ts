import { describe, expect, it } from 'vitest';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { sameLine, stableStops } from './stable-route.ts';

const stop = (id: number, change: Partial<Stop> = {}) =>
  ({
    id,
    status: 'pending',
    arr_time: 100 * id,
    end_time: 100 * id + 60,
    finish_time: null,
    updated_at: '2026-01-01T08:00:00Z',
    ...change,
  }) as Stop;

describe('stable stops', () => {
  it('keeps the previous array when every stop is the same', () => {
    const before = [stop(1), stop(2), stop(3)];
    expect(stableStops(before, [stop(1), stop(2), stop(3)])).toBe(before);
    expect(stableStops(null, before)).toBe(before);
  });

  it('keeps the unchanged stops and takes the changed ones', () => {
    const before = [stop(1), stop(2), stop(3)];
    const next = stableStops(before, [stop(1), stop(2, { status: 'skipped' }), stop(3)]);
    expect(next).not.toBe(before);
    expect(next[0]).toBe(before[0]);
    expect(next[1]!.status).toBe('skipped');
    expect(next[2]).toBe(before[2]);
    const stamped = stableStops(before, [stop(1, { updated_at: '2026-01-01T09:00:00Z' }), stop(2), stop(3)]);
    expect(stamped[0]).not.toBe(before[0]);
    const eta = stableStops(before, [stop(1), stop(2), stop(3, { arr_time: 999 })]);
    expect(eta[2]!.arr_time).toBe(999);
  });

  it('follows a new order, a removed and an added stop', () => {
    const before = [stop(1), stop(2), stop(3)];
    const reordered = stableStops(before, [stop(3), stop(1), stop(2)]);
    expect(reordered.map((s) => s.id)).toEqual([3, 1, 2]);
    expect(reordered[0]).toBe(before[2]);
    expect(stableStops(before, [stop(1), stop(2)]).map((s) => s.id)).toEqual([1, 2]);
    expect(stableStops(before, [stop(1), stop(2), stop(3), stop(4)])).toHaveLength(4);
  });
});

describe('sameLine', () => {
  it('compares the points', () => {
    expect(sameLine(null, null)).toBe(true);
    expect(sameLine([[1, 2]], null)).toBe(false);
    expect(
      sameLine(
        [
          [1, 2],
          [3, 4],
        ],
        [
          [1, 2],
          [3, 4],
        ],
      ),
    ).toBe(true);
    expect(sameLine([[1, 2]], [[1, 3]])).toBe(false);
  });
});
