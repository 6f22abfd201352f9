/**
 * The stop list's virtualization as numbers: where each row starts (measured heights, else an estimate) and which
 * rows a scrolled window shows. Pure, so it is table-tested.
 */

/** The spec's default stop row height (section 9), used until a row has been measured. */
export const DEFAULT_ROW_HEIGHT = 130;

/** Row tops as prefix sums: `offsets[i]` is where row i starts, `offsets[n]` the list's full height. */
export function rowOffsets(count: number, heightOf: (index: number) => number): number[] {
  const offsets = new Array<number>(count + 1);
  offsets[0] = 0;
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + heightOf(i);
  return offsets;
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
function rowAt(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface RowRange {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/** The rows that overlap [top - overscan, bottom + overscan]. */
export function visibleRows(offsets: readonly number[], top: number, bottom: number, overscan: number): RowRange {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const start = rowAt(offsets, Math.max(0, top - overscan));
  const end = Math.min(count, rowAt(offsets, Math.max(0, bottom + overscan)) + 1);
  return { start, end: Math.max(end, start + 1) };
}

/** The scroll position that shows the row from `top` to `bottom` in a `viewport`-high window, or null if it shows. */
export function revealScroll(
  scrollTop: number,
  viewport: number,
  top: number,
  bottom: number,
  margin: number,
): number | null {
  if (top - margin < scrollTop) return Math.max(0, top - margin);
  if (bottom + margin > scrollTop + viewport) {
    // As much of a tall row as fits, its top first.
    return Math.max(0, Math.min(top - margin, bottom + margin - viewport));
  }
  return null;
}
