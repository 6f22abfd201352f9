/**
 * `npm run bench:trace-read -- <dir>/<name>.trace.json`: where each tap's time went in a trace that scenario 4 wrote
 * (BENCH_TRACES, bench/app/trace-file.ts). A touch tap is three events the browser sends one after another: the
 * touch's start (pointerdown), its end (pointerup), then, once the page has handled the end, the tap's mouse events,
 * the focus move and the click. Event Timing times each from the finger's moment; the reader splits the worst one,
 * the click, into what it waited for:
 * - busy before: the main thread still on earlier work when the finger came down;
 * - touch: the pointerdown and pointerup handlers and what ran between them;
 * - round trip: from the pointerup's end until the tap was queued (the browser waits for the page's answer to the
 *   touch's end before it makes it a tap);
 * - queued: the tap waiting behind other work;
 * - tap's compat and focus: the mouse events and the focus move before the click;
 * - handlers: the click's own listeners; paint: from there to the frame that showed it;
 * - skippedDraws: the display's draws in that paint part skipped as it found no damage to show.
 * It also sums the main thread's work between each action and the next tap, by kind (script, style, layout, paint).
 */
import { readFileSync } from 'node:fs';
import { median } from './app/report.ts';
import { actionOf, readTrace, skippedDraws, splitTap, type TapParts, workBetween } from './app/trace-parts.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: npm run bench:trace-read -- <name>.trace.json');
const trace = readTrace(JSON.parse(readFileSync(file, 'utf8')));
const actions: Record<string, number[]> = JSON.parse(
  readFileSync(file.replace(/\.trace\.json$/, '.actions.json'), 'utf8'),
);

/** A tap's parts, and the display's draws skipped before the frame that answered it. */
type TapRow = TapParts & { skippedDraws: number };
const byAction = new Map<string, TapRow[]>();
for (const tap of trace.taps) {
  const parts = splitTap(tap, trace.tasks);
  if (!parts) continue;
  const action = actionOf(actions, tap.start);
  byAction.set(action, [...(byAction.get(action) ?? []), { ...parts, skippedDraws: skippedDraws(tap, trace.draws) }]);
}
console.log('Taps, median / worst (ms):');
for (const [action, taps] of byAction) {
  const keys = Object.keys(taps[0]!) as (keyof TapRow)[];
  const cells = keys.map(
    (k) => `${k} ${Math.round(median(taps.map((t) => t[k])))}/${Math.round(Math.max(...taps.map((t) => t[k])))}`,
  );
  console.log(`  ${action} (${taps.length}): ${cells.join(', ')}`);
}

console.log('Main thread between each action and the next tap, median per gap (ms):');
for (const action of Object.keys(actions)) {
  const gaps = workBetween(trace, actions, action);
  if (gaps.length === 0) continue;
  const kinds = Object.keys(gaps[0]!) as (keyof (typeof gaps)[number])[];
  console.log(`  after ${action}: ${kinds.map((k) => `${k} ${Math.round(median(gaps.map((g) => g[k])))}`).join(', ')}`);
}
