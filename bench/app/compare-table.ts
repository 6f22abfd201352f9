/** The start comparison's table (bench/compare-starts.ts): each build's median and every run, and B against A. */
import { percentile } from '../stats.ts';

export interface StartSamples {
  cold: number[];
  warm: number[];
}

const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

/** A Markdown table: per figure, A's and B's medians with their runs, and B's median less A's. */
export function compareTable(a: StartSamples, b: StartSamples): string {
  const rows = (['cold', 'warm'] as const).map((figure) => {
    const [ma, mb] = [median(a[figure]), median(b[figure])];
    const change = mb - ma;
    return `| ${figure} start, list painted | ${ma} ms (${a[figure].join(', ')}) | ${mb} ms (${b[figure].join(', ')}) | ${change > 0 ? '+' : ''}${change} ms |`;
  });
  return ['| Figure | A: median (runs) | B: median (runs) | B − A |', '|---|---|---|---:|', ...rows].join('\n');
}
