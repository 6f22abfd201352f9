import { describe, expect, it } from 'vitest';
import { compareTable } from '../../bench/app/compare-table.ts';

describe('the start comparison table', () => {
  it("shows each build's median with its runs, and B less A", () => {
    const table = compareTable(
      { cold: [1992, 2269, 1834], warm: [852, 1248, 974] },
      { cold: [1929, 1855, 2097], warm: [892, 1278, 1072] },
    );
    expect(table.split('\n')).toEqual([
      '| Figure | A: median (runs) | B: median (runs) | B − A |',
      '|---|---|---|---:|',
      '| cold start, list painted | 1992 ms (1992, 2269, 1834) | 1929 ms (1929, 1855, 2097) | -63 ms |',
      '| warm start, list painted | 974 ms (852, 1248, 974) | 1072 ms (892, 1278, 1072) | +98 ms |',
    ]);
  });

  it('takes the lower middle of an even number of runs', () => {
    const table = compareTable({ cold: [4, 1, 3, 2], warm: [10] }, { cold: [1, 2], warm: [10] });
    expect(table).toContain('| cold start, list painted | 2 ms (4, 1, 3, 2) | 1 ms (1, 2) | -1 ms |');
    expect(table).toContain('| 0 ms |');
  });
});
