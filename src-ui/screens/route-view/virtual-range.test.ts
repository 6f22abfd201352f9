import { describe, expect, it } from 'vitest';
import { revealScroll, rowOffsets, visibleRows } from './virtual-range.ts';

describe('virtual rows', () => {
  const offsets = rowOffsets(300, (i) => (i === 0 ? 200 : 100));

  it('adds up the row heights', () => {
    expect(offsets.slice(0, 4)).toEqual([0, 200, 300, 400]);
    expect(offsets[300]).toBe(200 + 299 * 100);
    expect(rowOffsets(0, () => 100)).toEqual([0]);
  });

  it.each([
    // top, bottom, overscan, start, end
    [0, 800, 0, 0, 8],
    [0, 800, 300, 0, 11],
    [1000, 1800, 0, 9, 18],
    [1000, 1800, 300, 6, 21],
    [29_500, 30_300, 300, 291, 300],
    [40_000, 41_000, 0, 299, 300],
  ])('window %i–%i with %i overscan renders rows %i to %i', (top, bottom, overscan, start, end) => {
    expect(visibleRows(offsets, top, bottom, overscan)).toEqual({ start, end });
  });

  it('renders nothing for an empty list', () => {
    expect(visibleRows([0], 0, 500, 100)).toEqual({ start: 0, end: 0 });
  });

  it('scrolls a row into view only when it is not already shown', () => {
    expect(revealScroll(0, 500, 100, 200, 8)).toBeNull();
    expect(revealScroll(300, 500, 100, 200, 8)).toBe(92);
    expect(revealScroll(0, 500, 600, 700, 8)).toBe(208);
    // Taller than the window: its top shows.
    expect(revealScroll(0, 500, 600, 1300, 8)).toBe(592);
  });
});
