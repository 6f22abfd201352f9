/**
 * Reading a Chromium trace of the page (bench/app/trace-file.ts) into taps and main-thread work, on the page's clock
 * (ms since its time origin). Event Timing's trace events carry both clocks: the trace's `ts` of an event's begin is
 * its `timeStamp` on the page's clock, which places every other event. Pure functions: bench/trace-read.ts prints
 * them, tests/bench/trace-parts.test.ts holds them to hand-made traces.
 */

/** The trace's own events, as far as these functions read them. */
export interface RawTraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
}

/** One input event's Event Timing entry (page clock, ms). */
interface TimedInput {
  type: string;
  timeStamp: number;
  enqueued: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

export interface Tap {
  /** The finger's moment: the first event's timeStamp. */
  start: number;
  inputs: TimedInput[];
}

export interface MainThreadEvent {
  name: string;
  start: number;
  end: number;
}

export interface PageTrace {
  taps: Tap[];
  /** The main thread's tasks (RunTask), in order. */
  tasks: MainThreadEvent[];
  /** Every complete event on the main thread (styles, layouts, paints, calls), in order. */
  events: MainThreadEvent[];
  /** The display compositor's draws, in order: each drawn to the screen, or skipped as it found no damage. */
  draws: DisplayDraw[];
}

export interface DisplayDraw {
  at: number;
  drawn: boolean;
}

export function readTrace(raw: { traceEvents: RawTraceEvent[] } | RawTraceEvent[]): PageTrace {
  const all = Array.isArray(raw) ? raw : raw.traceEvents;
  const timings = all.filter((e) => e.name === 'EventTiming' && e.ph === 'b' && e.args?.data);
  const first = timings[0];
  if (!first) throw new Error('the trace has no Event Timing entries (was devtools.timeline traced?)');
  const { pid, tid } = first;
  const origin = first.ts - Number(first.args!.data!.timeStamp) * 1000;
  const page = (ts: number) => (ts - origin) / 1000;
  const byInteraction = new Map<number, TimedInput[]>();
  for (const e of timings) {
    const d = e.args!.data!;
    const id = Number(d.interactionId);
    if (!id) continue;
    const input: TimedInput = {
      type: String(d.type),
      timeStamp: Number(d.timeStamp),
      enqueued: Number(d.enqueuedToMainThreadTime),
      processingStart: Number(d.processingStart),
      processingEnd: Number(d.processingEnd),
      duration: Number(d.duration),
    };
    byInteraction.set(id, [...(byInteraction.get(id) ?? []), input]);
  }
  const taps = [...byInteraction.values()]
    .map((inputs) => ({ start: Math.min(...inputs.map((i) => i.timeStamp)), inputs }))
    .sort((a, b) => a.start - b.start);
  const events = all
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .map((e) => ({ name: e.name, start: page(e.ts), end: page(e.ts + e.dur!) }))
    .sort((a, b) => a.start - b.start);
  // Viz's own instants (its 'viz' category): a draw that showed a frame, or one skipped as it found no damage.
  const draws = all
    .filter((e) => e.name === 'Display::FrameDisplayed' || e.name === 'Draw skipped.')
    .map((e) => ({ at: page(e.ts), drawn: e.name === 'Display::FrameDisplayed' }))
    .sort((a, b) => a.at - b.at);
  return { taps, tasks: events.filter((e) => e.name === 'RunTask'), events, draws };
}

/**
 * The display's draws skipped between a tap's click and the frame that answered it: each one a frame whose turn came
 * and in which the display found no damage to show. Done's slow paint shows as these (issue 47): the display found
 * none in the page's frames after the click for 100 ms and more, though the page's compositor had drawn changes
 * (docs/performance.md, "Done's paint"), and Event Timing's end is the first frame displayed after them.
 */
export function skippedDraws(tap: Tap, draws: readonly DisplayDraw[]): number {
  const click = tap.inputs.find((i) => i.type === 'click');
  if (!click) return 0;
  const end = tap.start + Math.max(...tap.inputs.map((i) => i.duration));
  return draws.filter((d) => !d.drawn && d.at >= click.processingEnd && d.at <= end).length;
}

export interface TapParts {
  busyBefore: number;
  touch: number;
  roundTrip: number;
  queued: number;
  compatAndFocus: number;
  handlers: number;
  paint: number;
  total: number;
}

/** A touch tap's latency in its parts (see bench/trace-read.ts); null for an interaction that was no touch tap. */
export function splitTap(tap: Tap, tasks: readonly MainThreadEvent[]): TapParts | null {
  const of = (type: string) => tap.inputs.find((i) => i.type === type);
  const down = of('pointerdown');
  const up = of('pointerup');
  const click = of('click');
  if (!down || !up || !click) return null;
  // The task the tap's mouse events and click ran in: the last one to start before the click's processing.
  const tapTask = tasks.filter((t) => t.start <= click.processingStart).at(-1);
  const tapTaskStart = Math.max(click.enqueued, tapTask?.start ?? click.enqueued);
  const total = Math.max(...tap.inputs.map((i) => i.duration));
  return {
    busyBefore: down.processingStart - tap.start,
    touch: up.processingEnd - down.processingStart,
    roundTrip: click.enqueued - up.processingEnd,
    queued: tapTaskStart - click.enqueued,
    compatAndFocus: click.processingStart - tapTaskStart,
    handlers: click.processingEnd - click.processingStart,
    paint: tap.start + total - click.processingEnd,
    total,
  };
}

/** The action (of `actions`' start times) a moment belongs to: the one that started last before it ('?' if none). */
export function actionOf(actions: Record<string, number[]>, at: number): string {
  let best = '?';
  let bestStart = Number.NEGATIVE_INFINITY;
  for (const [name, starts] of Object.entries(actions)) {
    for (const s of starts) if (s <= at && s > bestStart) [best, bestStart] = [name, s];
  }
  return best;
}

export interface WorkSpan {
  span: number;
  busy: number;
  style: number;
  layout: number;
  paint: number;
  /** Busy time that was none of the above: script, mostly. */
  other: number;
}

const PAINT_STEPS = new Set(['Paint', 'PrePaint', 'Layerize', 'Commit']);

/**
 * For each time `action` was taken: the main thread's work from its tap until the next tap's first handler started,
 * by kind. Nested events of a kind (a paint within a paint) count once.
 */
export function workBetween(trace: PageTrace, actions: Record<string, number[]>, action: string): WorkSpan[] {
  const spans: WorkSpan[] = [];
  for (const start of actions[action] ?? []) {
    const tapIndex = trace.taps.findIndex((t) => t.start >= start);
    const next = trace.taps[tapIndex + 1];
    if (tapIndex < 0 || !next) continue;
    const from = trace.taps[tapIndex]!.start;
    const to = Math.min(...next.inputs.map((i) => i.processingStart));
    const within = trace.events.filter((e) => e.start >= from && e.start < to);
    const kind = (match: (name: string) => boolean) =>
      outermost(
        within.filter((e) => match(e.name)),
        to,
      );
    const busy = kind((n) => n === 'RunTask');
    const style = kind((n) => n === 'UpdateLayoutTree');
    const layout = kind((n) => n === 'Layout');
    const paint = kind((n) => PAINT_STEPS.has(n));
    spans.push({ span: to - from, busy, style, layout, paint, other: Math.max(0, busy - style - layout - paint) });
  }
  return spans;
}

/** The time the events cover, each counted once where they nest or overlap, up to `until`. */
function outermost(events: readonly MainThreadEvent[], until: number): number {
  let sum = 0;
  let reached = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    const end = Math.min(e.end, until);
    if (end <= reached) continue;
    sum += end - Math.max(e.start, reached);
    reached = end;
  }
  return sum;
}
