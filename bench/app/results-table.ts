/** The app benchmark's table: which figures it shows, in what order, and its place in the README. */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Budget, type Figures, type Row, sideBySideTable } from './report.ts';

/** The stop actions as the table names them. */
const ACTION_NAMES = { arrived: 'Arrived', addPhoto: 'Add photo', done: 'Done' } as const;

/** Scenario 9's rows of one figure per stop action ("INP Arrived", "Map script, Add photo"). */
function actionRows(figure: string, key: string): Row[] {
  return (Object.keys(ACTION_NAMES) as (keyof typeof ACTION_NAMES)[]).map((action) => ({
    scenario: '9 Work 10 stops, map on',
    figure: figure === 'INP' ? `INP ${ACTION_NAMES[action]}` : `${figure}, ${ACTION_NAMES[action]}`,
    key: `${key}.${action}`,
    unit: 'ms',
  }));
}

/** Scenario 6's rows for one route (bench/app/scenarios/open-map.ts). */
function mapOpenRows(scenario: string, key: string): Row[] {
  const rows: [string, string, Row['unit']][] = [
    ['First map frame after tap', 'mapFrameAfterTap', 'ms'],
    ['Stop card after tap', 'stopCardAfterTap', 'ms'],
    ['Stops after tap, map view Off', 'stopsMapOffAfterTap', 'ms'],
    ['Stops, map On ÷ Off', 'stopsOnVsOffPct', '%'],
    ['Map starts after the card', 'mapStartAfterCard', 'ms'],
    ['Long tasks', 'longTasks', ''],
    ['Long-task time', 'longTaskMs', 'ms'],
    ['Main-thread blocking', 'blocking', 'ms'],
  ];
  return rows.map(([figure, name, unit]) => ({ scenario, figure, key: `${key}.${name}`, unit }));
}

const ROWS: Row[] = [
  { scenario: '1 Cold start', figure: 'LCP', key: 'coldStart.lcp', unit: 'ms' },
  { scenario: '1 Cold start', figure: 'Route list painted', key: 'coldStart.routeList', unit: 'ms' },
  { scenario: '1 Cold start', figure: 'TBT', key: 'coldStart.tbt', unit: 'ms' },
  { scenario: '1 Cold start', figure: 'JS before first paint (gzip)', key: 'coldStart.jsGzipBeforeFcp', unit: 'KB' },
  { scenario: '1 Cold start', figure: 'JS before the list (gzip)', key: 'coldStart.jsGzipBeforeList', unit: 'KB' },
  { scenario: '1 Cold start', figure: 'Bytes before the list', key: 'coldStart.bytesBeforeList', unit: 'KB' },
  { scenario: '1 Cold start', figure: 'Requests before the list', key: 'coldStart.requestsBeforeList', unit: '' },
  { scenario: '1 Cold start', figure: 'Round trips before the list', key: 'coldStart.roundTripsBeforeList', unit: '' },
  { scenario: '2 Warm start', figure: 'LCP', key: 'warmStart.lcp', unit: 'ms' },
  { scenario: '2 Warm start', figure: 'Route list painted', key: 'warmStart.routeList', unit: 'ms' },
  { scenario: '2 Warm start', figure: 'TBT', key: 'warmStart.tbt', unit: 'ms' },
  { scenario: '2 Warm start', figure: 'Bytes before the list', key: 'warmStart.bytesBeforeList', unit: 'KB' },
  { scenario: '2 Warm start', figure: 'Requests before the list', key: 'warmStart.requestsBeforeList', unit: '' },
  { scenario: '2 Warm start', figure: 'Round trips before the list', key: 'warmStart.roundTripsBeforeList', unit: '' },
  { scenario: '2 Warm start', figure: 'Main-thread heap after the list', key: 'warmStart.heapAfterList', unit: 'KB' },
  {
    scenario: '3 Open 300-stop route',
    figure: 'Interactive after data',
    key: 'openRoute.interactiveAfterData',
    unit: 'ms',
  },
  {
    scenario: '3 Open 300-stop route',
    figure: 'Interactive after tap',
    key: 'openRoute.interactiveAfterTap',
    unit: 'ms',
  },
  { scenario: '3 Open 300-stop route', figure: 'Long tasks', key: 'openRoute.longTasks', unit: '' },
  { scenario: '3 Open 300-stop route', figure: 'Long-task time', key: 'openRoute.longTaskMs', unit: 'ms' },
  { scenario: '3 Open 300-stop route', figure: 'Bytes before the list', key: 'openRoute.bytesBeforeList', unit: 'KB' },
  { scenario: '4 Work 20 stops', figure: 'INP Arrived', key: 'workStops.inpByAction.arrived', unit: 'ms' },
  { scenario: '4 Work 20 stops', figure: 'INP Add photo', key: 'workStops.inpByAction.addPhoto', unit: 'ms' },
  { scenario: '4 Work 20 stops', figure: 'INP Done', key: 'workStops.inpByAction.done', unit: 'ms' },
  { scenario: '4 Work 20 stops', figure: 'INP (web-vitals)', key: 'workStops.inp', unit: 'ms' },
  { scenario: '4 Work 20 stops', figure: 'Main-thread blocking', key: 'workStops.blocking', unit: 'ms' },
  { scenario: '4 Work 20 stops', figure: 'Photo chosen to thumbnail', key: 'workStops.photoReady', unit: 'ms' },
  ...mapOpenRows('6 Open 300-stop map', 'openMap'),
  ...mapOpenRows('6 Open 38-stop demo map', 'openDemoMap'),
  { scenario: '8 Scan parcels', figure: 'Frames decoded per second', key: 'scan.framesPerSecond', unit: '' },
  { scenario: '8 Scan parcels', figure: 'Main-thread frames per second', key: 'scan.mainFps', unit: '' },
  { scenario: '8 Scan parcels', figure: 'Long tasks', key: 'scan.longTasks', unit: '' },
  { scenario: '8 Scan parcels', figure: 'Main-thread blocking', key: 'scan.blocking', unit: 'ms' },
  { scenario: '7 Sign in, new phone', figure: 'First screen usable', key: 'signIn.firstScreenUsable', unit: 'ms' },
  {
    scenario: '7 Sign in, new phone',
    figure: 'Email usable after first paint',
    key: 'signIn.emailUsableAfterFcp',
    unit: 'ms',
  },
  { scenario: '7 Sign in, new phone', figure: 'Cold TBT', key: 'signIn.tbt', unit: 'ms' },
  { scenario: '7 Sign in, new phone', figure: 'Sign-in tap to first card', key: 'signIn.signInToList', unit: 'ms' },
  { scenario: '7 Sign in, new phone', figure: 'Requests, tap to card', key: 'signIn.requestsSignInToList', unit: '' },
  {
    scenario: '7 Sign in, new phone',
    figure: 'Round trips, tap to card',
    key: 'signIn.roundTripsSignInToList',
    unit: '',
  },
  ...actionRows('INP', 'workMap.inpByAction'),
  ...actionRows('Map script', 'workMap.mapScriptByAction'),
  ...actionRows('Map JS self', 'workMapProfiled.mapSelfByAction'),
  { scenario: '9 Work 10 stops, map on', figure: 'Main-thread blocking', key: 'workMap.blocking', unit: 'ms' },
];

/** 121.5 KB as 121.5, 120 KB as 120: a budget is shown as it was set, never rounded past it. */
const kilobytes = (bytes: number) => String(Math.round((bytes / 1024) * 10) / 10);

export function appTable(figures: Figures, budgets: Budget[]): string {
  const rows = ROWS.filter((r) => figures[`${r.key}.worker`] !== undefined);
  const lines = [sideBySideTable(figures, rows, budgets)];
  const gzip = figures['criticalPath.gzip'];
  const pathBudget = budgets.find((b) => b.figure === 'criticalPath.gzip');
  if (gzip !== undefined) {
    const limit = pathBudget?.max !== undefined ? ` (budget ${kilobytes(pathBudget.max)} KB)` : '';
    lines.push('', `Critical-path JavaScript: ${(gzip / 1024).toFixed(1)} KB gzip${limit}.`);
  }
  const ratio = figures['workStops.blockingRatio'];
  if (ratio !== undefined) {
    const min = budgets.find((b) => b.figure === 'workStops.blockingRatio')?.min;
    lines.push(`Scenario 4 main-thread blocking, inline ÷ worker: ${ratio}×${min ? ` (budget ≥ ${min}×)` : ''}.`);
  }
  const traceCost = traceCostLine(figures);
  if (traceCost) lines.push(traceCost);
  const patch = figures['worker.patchBytes.completeStop'];
  if (patch !== undefined) {
    const max = budgets.find((b) => b.figure === 'worker.patchBytes.completeStop')?.max;
    lines.push(`A stop's completion reaches the UI as ${patch} B of patches${max ? ` (budget ≤ ${max} B)` : ''}.`);
  }
  return lines.join('\n');
}

/** Scenario 4's figures shown with and without the core's User Timing measures (the `trace` scenario). */
const TRACE_COST_FIGURES = [
  ['Done (median)', 'medianByAction.done', 'ms'],
  ['INP', 'inp', 'ms'],
  ['blocking', 'blocking', 'ms'],
  ['20 stops', 'totalMs', 'ms'],
] as const;
const TRACE_COST_LEAD = "Scenario 4 with the core's User Timing measures / without (`?trace=off`), worker:";

function traceCostLine(figures: Figures): string | null {
  const parts = TRACE_COST_FIGURES.flatMap(([label, key, unit]) => {
    const traced = figures[`traceCost.traced.${key}`];
    const untraced = figures[`traceCost.untraced.${key}`];
    return traced === undefined || untraced === undefined ? [] : [`${label} ${traced} / ${untraced} ${unit}`];
  });
  return parts.length > 0 ? `${TRACE_COST_LEAD} ${parts.join(', ')}.` : null;
}

/** The figures of a line traceCostLine wrote (the README's record, for `--merge` on a fresh checkout). */
function traceCostFrom(block: string, into: Figures): void {
  for (const [label, key] of TRACE_COST_FIGURES) {
    const found = new RegExp(`${label.replace(/[()]/g, '\\$&')} ([\\d.]+) / ([\\d.]+) ms`).exec(
      block.slice(block.indexOf(TRACE_COST_LEAD)),
    );
    if (!block.includes(TRACE_COST_LEAD) || !found) continue;
    into[`traceCost.traced.${key}`] = Number(found[1]);
    into[`traceCost.untraced.${key}`] = Number(found[2]);
  }
}

const START = '<!-- bench:app:start -->';
const END = '<!-- bench:app:end -->';

/** Replaces the README's table between its markers (the markers must be there). */
export function updateReadme(file: string, markdown: string): void {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`);
  writeFileSync(file, `${text.slice(0, from + START.length)}\n${markdown}\n${text.slice(to)}`);
}

/** What a run before this one left, as `--merge` needs it. */
export interface LastResults {
  at: string;
  rerun?: string[];
  /** The runs of the full run the figures started from (a re-run with another count says its own: `signin×3`). */
  runs?: number;
  /** The Chromium of the full run the figures started from (the re-runs may have had another). */
  chromium?: string;
  figures: Figures;
  raw: Record<string, unknown>;
  /** The worker figures' table as the README shows it, when the raw figures behind it are not at hand. */
  workerTable?: string;
}

/**
 * What `--merge` lays a re-run over: the last results.json, unless there is none (a fresh checkout: it is not
 * committed) or it is a lone `--only` run's (`partial`), which holds only its own scenarios, so that merging over it
 * would drop every other row from the README: then the README's table stands in for it.
 */
export function mergeBase(resultsJson: string | null, readme: string): LastResults {
  const results = resultsJson ? (JSON.parse(resultsJson) as LastResults & { partial?: boolean }) : null;
  return results && !results.partial ? results : lastResultsFromReadme(readme);
}

/** A shown value back to the figure: "2572 ms" is 2572, "166.1 KB" is 166.1 × 1024 bytes, "-" is none. */
function unshow(cell: string, unit: Row['unit']): number | undefined {
  const number = Number.parseFloat(cell);
  if (Number.isNaN(number)) return undefined;
  return unit === 'KB' ? Math.round(number * 1024) : number;
}

/**
 * The last run as the README's table shows it: the fallback of `--merge` on a fresh checkout, where the ignored
 * bench/results.json of the last run is not (the table is the committed record). Figures come back as shown (KB
 * to a tenth, ms whole); the worker figures' table is kept as text, its raw figures are not recoverable.
 */
export function lastResultsFromReadme(readme: string): LastResults {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`);
  const block = readme.slice(from + START.length, to);
  const figures: Figures = {};
  for (const line of block.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const row = ROWS.find((r) => r.scenario === cells[1] && r.figure === cells[2]);
    if (!row) continue;
    const worker = unshow(cells[3] ?? '', row.unit);
    const inline = unshow(cells[4] ?? '', row.unit);
    if (worker !== undefined) figures[`${row.key}.worker`] = worker;
    if (inline !== undefined) figures[`${row.key}.inline`] = inline;
  }
  const gzip = /Critical-path JavaScript: ([\d.]+) KB/.exec(block);
  if (gzip) figures['criticalPath.gzip'] = Math.round(Number(gzip[1]) * 1024);
  const ratio = /inline ÷ worker: ([\d.]+)×/.exec(block);
  if (ratio) figures['workStops.blockingRatio'] = Number(ratio[1]);
  traceCostFrom(block, figures);
  const patch = /reaches the UI as (\d+) B of patches/.exec(block);
  if (patch) figures['worker.patchBytes.completeStop'] = Number(patch[1]);
  const heading = /App benchmark, (\d{4}-\d{2}-\d{2})(?: \(re-run: ([^)]*)\))?(?:: medians of (\d+) run)?/.exec(block);
  const chromium = /, Chromium ([^,( ]+)/.exec(block);
  const tableAt = block.indexOf('| worker figure |');
  return {
    at: heading?.[1] ?? new Date(0).toISOString(),
    ...(chromium ? { chromium: chromium[1] } : {}),
    ...(heading?.[2] ? { rerun: heading[2].split('; ') } : {}),
    ...(heading?.[3] ? { runs: Number(heading[3]) } : {}),
    figures,
    raw: {},
    ...(tableAt >= 0 ? { workerTable: block.slice(tableAt).trim() } : {}),
  };
}

/**
 * The browser the heading names: the full run's, and the re-runs' beside it when they ran on another (the same code
 * measured 6x apart on two, so a figure must say which it came from).
 */
export function chromiumNamed(base: string | undefined, now: string): string {
  return base && base !== now ? `Chromium ${base} (re-runs: Chromium ${now})` : `Chromium ${now}`;
}

/**
 * The record of re-runs after one of `scenarios` on `date`: each scenario named once, at its latest run, in one
 * entry per date ("cold,warm on 2026-11-26"), oldest first. Without it the heading grew by one entry per run.
 */
export function mergeReruns(previous: readonly string[], scenarios: readonly string[], date: string): string[] {
  // A name may carry its run count (`signin×3`): the same scenario whatever its count.
  const scenarioOf = (name: string) => name.replace(/×\d+$/, '');
  const seen = new Set(scenarios.map(scenarioOf));
  // Newest first while reading back: a scenario's latest run is the one kept.
  const days: { day: string; names: string[] }[] = [{ day: date, names: [...scenarios] }];
  for (const entry of [...previous].reverse()) {
    const match = /^(.+) on (\d{4}-\d{2}-\d{2})$/.exec(entry.trim());
    if (!match) continue;
    const names = match[1]!.split(',').filter((name) => !seen.has(scenarioOf(name)));
    for (const name of names) seen.add(scenarioOf(name));
    if (names.length === 0) continue;
    const same = days.find((d) => d.day === match[2]);
    if (same) same.names.unshift(...names);
    else days.push({ day: match[2]!, names });
  }
  return days.reverse().map(({ day, names }) => `${names.join(',')} on ${day}`);
}
