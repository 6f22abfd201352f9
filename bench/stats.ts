/** Latency figures for the benchmarks: counts, rate and percentiles of a list of samples. */

export interface Summary {
  count: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarise(samples: number[], errors: number, seconds: number): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: samples.length,
    errors,
    perSecond: round(samples.length / seconds),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** A markdown table, one row per named summary. */
export function markdownTable(rows: Record<string, Summary>): string {
  const lines = [
    '| call | requests | errors | req/s | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, s] of Object.entries(rows)) {
    lines.push(`| ${name} | ${s.count} | ${s.errors} | ${s.perSecond} | ${s.p50} | ${s.p99} | ${s.max} |`);
  }
  return lines.join('\n');
}
