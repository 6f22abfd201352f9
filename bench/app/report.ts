/**
 * The app benchmark's results: medians of the runs, flattened to named figures ("coldStart.lcp.worker"), the
 * markdown table with worker and inline side by side, and the budget check of bench/budgets.json.
 */

export type Figures = Record<string, number>;

export interface Budget {
  /** A figure's name in results.json's `figures`. */
  figure: string;
  max?: number;
  min?: number;
  /** Why this budget (the issue or research note it comes from). */
  why: string;
}

export interface Breach {
  budget: Budget;
  /** The measured value; undefined when the figure was not measured (also a breach: no figure, no proof). */
  value: number | undefined;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Flattens nested numeric records: { lcp: 1, inp: { done: 2 } } under "cold" gives cold.lcp and cold.inp.done. */
export function flatten(prefix: string, value: unknown, into: Figures = {}): Figures {
  if (typeof value === 'number') into[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, inner, into);
  }
  return into;
}

/** The median of each figure over runs that all have the same figures. */
export function medianFigures(runs: object[]): Figures {
  if (runs.length === 0) return {};
  const flat = runs.map((run) => flatten('', run));
  return Object.fromEntries(
    Object.keys(flat[0]!).map((key) => [key, Math.round(median(flat.map((f) => f[key]!)) * 10) / 10]),
  );
}

export function checkBudgets(figures: Figures, budgets: Budget[]): Breach[] {
  const breaches: Breach[] = [];
  for (const budget of budgets) {
    const value = figures[budget.figure];
    const over = value === undefined || (budget.max !== undefined && value > budget.max);
    const under = value !== undefined && budget.min !== undefined && value < budget.min;
    if (over || under) breaches.push({ budget, value });
  }
  return breaches;
}

export function describeBreach({ budget, value }: Breach): string {
  const limit = budget.max !== undefined ? `at most ${budget.max}` : `at least ${budget.min}`;
  const got = value === undefined ? 'was not measured' : `is ${value}`;
  return `${budget.figure} ${got}; the budget is ${limit} (${budget.why})`;
}

export interface Row {
  scenario: string;
  figure: string;
  /** The figure's base name: `${key}.worker` and `${key}.inline` are looked up. */
  key: string;
  unit: 'ms' | 'KB' | '%' | '';
}

const show = (value: number | undefined, unit: Row['unit']) => {
  if (value === undefined) return '-';
  if (unit === 'KB') return `${(value / 1024).toFixed(1)} KB`;
  return `${Math.round(value)}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`;
};

/** The side-by-side table; the budget column names the worker's (the shipped build's) budget. */
export function sideBySideTable(figures: Figures, rows: Row[], budgets: Budget[]): string {
  const lines = [
    '| Scenario | Figure | Worker | Inline | Inline ÷ worker | Budget (worker) |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const worker = figures[`${row.key}.worker`];
    const inline = figures[`${row.key}.inline`];
    const ratio = worker && inline !== undefined ? `${(inline / worker).toFixed(2)}×` : '-';
    const budget = budgets.find((b) => b.figure === `${row.key}.worker`);
    const limit = budget ? `${budget.max !== undefined ? '≤' : '≥'} ${budget.max ?? budget.min}` : '';
    const verdict = budget ? (checkBudgets(figures, [budget]).length === 0 ? ' ✓' : ' ✗') : '';
    lines.push(
      `| ${row.scenario} | ${row.figure} | ${show(worker, row.unit)} | ${show(inline, row.unit)} | ${ratio} | ${limit}${verdict} |`,
    );
  }
  return lines.join('\n');
}
