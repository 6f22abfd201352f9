/**
 * A Chromium trace's User Timing, read per thread and drawn as a story (e2e/core-trace.spec.ts): the page's marks
 * (`ui:patch`) on one lane, the worker's measures (`core:…`, `net:…`) on the other, on one time axis. What DevTools'
 * Performance panel shows in the Timings lanes of the page and of the worker, without DevTools' own UI, so the
 * picture in docs/performance.md is drawn from a trace of the running app.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: { name?: string };
}

interface TimingEntry {
  name: string;
  /** Milliseconds from the first entry of the story. */
  start: number;
  /** 0 for a mark. */
  duration: number;
}

export interface ThreadTimings {
  thread: string;
  entries: TimingEntry[];
}

/** Each thread's User Timing entries, named by the trace's thread_name metadata ("CrRendererMain", "DedicatedWorker thread"). */
export function userTimingByThread(trace: { traceEvents: TraceEvent[] }): ThreadTimings[] {
  const events = trace.traceEvents;
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  }
  const timing = events.filter((e) => e.cat.split(',').includes('blink.user_timing'));
  const t0 = Math.min(...timing.map((e) => e.ts));
  const byThread = new Map<string, TimingEntry[]>();
  const open = new Map<string, TraceEvent>();
  const add = (e: TraceEvent, entry: TimingEntry) => {
    const key = `${e.pid}:${e.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), entry]);
  };
  for (const e of [...timing].sort((a, b) => a.ts - b.ts)) {
    const id = `${e.pid}:${e.name}:${e.id ?? e.id2?.local ?? ''}`;
    if (e.ph === 'b') open.set(id, e);
    else if (e.ph === 'e') {
      const begin = open.get(id);
      open.delete(id);
      if (begin) add(begin, { name: e.name, start: (begin.ts - t0) / 1000, duration: (e.ts - begin.ts) / 1000 });
    } else if (e.ph === 'R' || e.ph === 'I' || e.ph === 'i' || e.ph === 'n') {
      add(e, { name: e.name, start: (e.ts - t0) / 1000, duration: 0 });
    }
  }
  return [...byThread].map(([key, entries]) => ({ thread: threadName.get(key) ?? key, entries }));
}

const htmlText = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The story as a page: one lane per thread, each measure a bar, each mark a tick, on a shared millisecond axis. */
export function storyHtml(title: string, threads: readonly ThreadTimings[]): string {
  const end = Math.max(1, ...threads.flatMap((t) => t.entries.map((e) => e.start + e.duration)));
  const width = 1000;
  const x = (ms: number) => (ms / end) * width;
  const lanes = threads.map((thread) => {
    const rows: TimingEntry[][] = [];
    // Overlapping measures (an intent and its request) go on rows below one another, as DevTools stacks them.
    for (const entry of [...thread.entries].sort((a, b) => a.start - b.start || b.duration - a.duration)) {
      const row = rows.find((r) => r.every((o) => o.start + o.duration <= entry.start || entry.duration === 0));
      if (row) row.push(entry);
      else rows.push([entry]);
    }
    const bars = rows.flatMap((row, i) =>
      row.map((e) =>
        e.duration === 0
          ? `<div class="mark" style="left:${x(e.start)}px;top:${i * 26}px" title="${htmlText(e.name)}"></div>`
          : `<div class="bar" style="left:${x(e.start)}px;top:${i * 26}px;width:${Math.max(2, x(e.duration))}px">${htmlText(
              `${e.name} ${e.duration.toFixed(0)} ms`,
            )}</div>`,
      ),
    );
    const marks = thread.entries.filter((e) => e.duration === 0);
    const label = marks.length > 0 ? ` (${marks.length} × ${htmlText(marks[0]!.name)})` : '';
    return `<section><h2>${htmlText(thread.thread)}${label}</h2><div class="lane" style="height:${rows.length * 26}px">${bars.join('')}</div></section>`;
  });
  const ticks = Array.from({ length: 6 }, (_, i) => (end / 5) * i).map(
    (ms) => `<span style="left:${x(ms)}px">${ms.toFixed(0)} ms</span>`,
  );
  return `<!doctype html><meta charset="utf-8"><style>
    body{font:13px system-ui,sans-serif;margin:16px;background:#fff;color:#1b1f24;width:${width + 40}px}
    h1{font-size:16px;margin:0 0 12px} h2{font-size:13px;margin:12px 0 4px;color:#57606a}
    .lane{position:relative;border-top:1px solid #d0d7de}
    .bar{position:absolute;height:22px;line-height:22px;background:#b6e3ff;border:1px solid #54aeff;border-radius:3px;
      padding:0 4px;box-sizing:border-box;white-space:nowrap;overflow:visible;font-size:12px}
    .mark{position:absolute;width:2px;height:22px;background:#bf3989}
    .axis{position:relative;height:18px;margin-top:8px;border-top:1px solid #8c959f;color:#57606a;font-size:11px}
    .axis span{position:absolute;top:2px}
  </style><h1>${htmlText(title)}</h1>${lanes.join('')}<div class="axis">${ticks.join('')}</div>`;
}
