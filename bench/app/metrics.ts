/**
 * What the benchmark reads in the page: paint and long-task entries, Event Timing entries per interaction,
 * web-vitals' INP, and the moment a selector first shows. Installed as init scripts, so the observers are there
 * before the app's first byte runs; they only append to arrays, so they cost the measured page next to nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

export interface LongTask {
  start: number;
  duration: number;
}

export interface InteractionEvent {
  name: string;
  interactionId: number;
  start: number;
  duration: number;
  /** When its handlers began and ended: the input delay before, the presentation delay after (to start + duration). */
  processingStart: number;
  processingEnd: number;
}

/** A long animation frame (over 50 ms) and the scripts that ran in it, by the file of their entry point. */
export interface FrameScripts {
  start: number;
  duration: number;
  /** Each script's file, what invoked it (`MessagePort.onmessage`, `TimerHandler:setTimeout`, …) and its time. */
  scripts: { url: string; invoker: string; start: number; duration: number; fn: string; at: number }[];
  /** When the frame's rendering (rAF callbacks, style, layout) began. */
  renderStart: number;
}

export interface PageMetrics {
  /** performance.timeOrigin of the page: epoch ms, to place Playwright's network timings on the page's clock. */
  timeOrigin: number;
  fcp: number | null;
  /** The latest largest-contentful-paint candidate's time. */
  lcp: number | null;
  longTasks: LongTask[];
  /** Long Animation Frames with their scripts' attribution (Chromium). */
  frames: FrameScripts[];
  events: InteractionEvent[];
  /** web-vitals' INP so far (reportAllChanges), null before any interaction. */
  inp: number | null;
  /** When each watched selector was first in the DOM, at the start of the frame that paints it. */
  seen: Record<string, number>;
  now: number;
}

declare global {
  interface Window {
    __bench: {
      fcp: number | null;
      lcp: number | null;
      longTasks: LongTask[];
      frames: FrameScripts[];
      events: InteractionEvent[];
      inp: number | null;
      seen: Record<string, number>;
      watch(name: string, selector: string): void;
    };
    webVitals?: { onINP(callback: (metric: { value: number }) => void, options: { reportAllChanges: boolean }): void };
  }
}

/** What the scenarios wait for, by name: watched from the document's start, so no first paint is missed. */
export const WATCHED = {
  routeList: '[role="tabpanel"] article',
  stopList: 'ol[aria-label="Stops"] li',
  /** The map view's active stop: the carousel's card on screen. */
  stopCard: '[aria-roledescription="slide"]:not([aria-hidden])',
} as const;

/** Runs in the page before anything else. */
function observe(watches: Record<string, string>) {
  const bench: Window['__bench'] = {
    fcp: null,
    lcp: null,
    longTasks: [],
    frames: [],
    events: [],
    inp: null,
    seen: {},
    watch(name, selector) {
      if (name in bench.seen) return;
      const check = () => {
        if (name in bench.seen || !document.querySelector(selector)) return false;
        observer.disconnect();
        requestAnimationFrame((frame) => {
          bench.seen[name] = frame;
        });
        return true;
      };
      const observer = new MutationObserver(check);
      if (!check()) observer.observe(document, { childList: true, subtree: true });
    },
  };
  window.__bench = bench;
  const on = (type: string, each: (entry: PerformanceEntry) => void, extra: Record<string, unknown> = {}) =>
    new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...extra });
  on('paint', (e) => {
    if (e.name === 'first-contentful-paint') bench.fcp = e.startTime;
  });
  on('largest-contentful-paint', (e) => {
    bench.lcp = e.startTime;
  });
  on('longtask', (e) => bench.longTasks.push({ start: e.startTime, duration: e.duration }));
  try {
    on('long-animation-frame', (e) => {
      type Script = {
        sourceURL: string;
        invoker: string;
        startTime: number;
        duration: number;
        sourceFunctionName: string;
        sourceCharPosition: number;
      };
      const { scripts, renderStart } = e as PerformanceEntry & { scripts: Script[]; renderStart: number };
      const attributed = scripts.map((s) => ({
        url: s.sourceURL,
        invoker: s.invoker,
        start: s.startTime,
        duration: s.duration,
        fn: s.sourceFunctionName,
        at: s.sourceCharPosition,
      }));
      bench.frames.push({ start: e.startTime, duration: e.duration, scripts: attributed, renderStart });
    });
  } catch {
    // A browser without Long Animation Frames: no script attribution.
  }
  on(
    'event',
    (e) => {
      const { interactionId, processingStart, processingEnd } = e as PerformanceEventTiming;
      if (interactionId) {
        const { name, startTime: start, duration } = e;
        bench.events.push({ name, interactionId, start, duration, processingStart, processingEnd });
      }
    },
    { durationThreshold: 16 },
  );
  for (const [name, selector] of Object.entries(watches)) bench.watch(name, selector);
  window.webVitals?.onINP(
    (metric) => {
      bench.inp = metric.value;
    },
    { reportAllChanges: true },
  );
}

// The package exports no path to its IIFE build: find it beside the package's main file.
const webVitalsScript = join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js');

export async function installMetrics(context: BrowserContext): Promise<void> {
  // One script, web-vitals first: the order of separate init scripts is not defined. Playwright runs an init
  // script inside a function, so web-vitals' top-level `var` is made global by hand. tsx compiles named inner
  // functions with esbuild's __name(); the page has no such helper, so it gets one.
  const webVitals = readFileSync(webVitalsScript, 'utf8');
  await context.addInitScript({
    content: `${webVitals}\nwindow.webVitals = webVitals;\nvar __name = (f) => f;\n(${observe.toString()})(${JSON.stringify(WATCHED)});`,
  });
}

export async function waitSeen(page: Page, name: keyof typeof WATCHED, timeout = 60_000): Promise<number> {
  await page.waitForFunction((n) => n in window.__bench.seen, name, { timeout, polling: 100 });
  return page.evaluate((n) => window.__bench.seen[n]!, name);
}

export function readMetrics(page: Page): Promise<PageMetrics> {
  return page.evaluate(() => {
    const b = window.__bench;
    return {
      timeOrigin: performance.timeOrigin,
      fcp: b.fcp,
      lcp: b.lcp,
      longTasks: [...b.longTasks],
      frames: [...b.frames],
      events: [...b.events],
      inp: b.inp,
      seen: { ...b.seen },
      now: performance.now(),
    };
  });
}

/** Each event of the interactions that start in [from, to), from its input to the paint after it (what INP times). */
export function interactionSpans(events: InteractionEvent[], from: number, to: number): [number, number][] {
  return events.filter((e) => e.start >= from && e.start < to).map((e) => [e.start, e.start + e.duration]);
}

/**
 * Script time of files matching `file` in the frames of the interactions that start in [from, to): the long
 * animation frames that overlap any of their events, from the input to the paint after it (what INP times). Work
 * after that paint (a camera's flight, markers rebuilt later) is not the interaction's.
 */
export function interactionScriptTime(
  frames: FrameScripts[],
  events: InteractionEvent[],
  file: RegExp,
  from: number,
  to: number,
): number {
  const spans = interactionSpans(events, from, to);
  const inInteraction = (f: FrameScripts) =>
    spans.some(([start, end]) => f.start < end && f.start + f.duration > start);
  return frames
    .filter(inInteraction)
    .flatMap((f) => f.scripts)
    .filter((script) => file.test(script.url))
    .reduce((sum, script) => sum + script.duration, 0);
}

/** Main-thread blocking: the part of each long task over 50 ms, for tasks starting in [from, to). */
export function blockingTime(tasks: LongTask[], from = 0, to = Number.POSITIVE_INFINITY): number {
  return tasks.filter((t) => t.start >= from && t.start < to).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
}

/**
 * When the page became interactive after `from`: the end of the last long task before the first quiet window
 * (no long task starting within `quietMs`), as Lighthouse's TTI does with a 5 s window.
 */
export function interactiveAt(tasks: LongTask[], from: number, quietMs = 500): number {
  let at = from;
  for (const task of [...tasks].sort((a, b) => a.start - b.start)) {
    if (task.start + task.duration <= at) continue;
    if (task.start >= at + quietMs) break;
    at = Math.max(at, task.start + task.duration);
  }
  return at;
}

/** Where an interaction's latency went: waiting for the main thread, its handlers, then until the next paint. */
export interface LatencyParts {
  event: string;
  start: number;
  latency: number;
  inputDelay: number;
  processing: number;
  presentation: number;
}

/** The longest event of the interactions that started in [from, to), cut into its parts; null when none did. */
export function worstInteraction(events: InteractionEvent[], from: number, to: number): LatencyParts | null {
  let worst: InteractionEvent | null = null;
  for (const e of events) {
    if (e.start < from || e.start >= to) continue;
    if (!worst || e.duration > worst.duration) worst = e;
  }
  if (!worst) return null;
  return {
    event: worst.name,
    start: worst.start,
    latency: worst.duration,
    inputDelay: worst.processingStart - worst.start,
    processing: worst.processingEnd - worst.processingStart,
    presentation: worst.start + worst.duration - worst.processingEnd,
  };
}

/**
 * What ran on the main thread while an interaction waited (from its input to its paint): the scripts of the long
 * animation frames in that span, longest first, each as `invoker (file) ms`, and the frames' rendering.
 */
export function scriptsDuring(frames: FrameScripts[], from: number, to: number): string[] {
  const ran: { what: string; ms: number }[] = [];
  for (const frame of frames) {
    if (frame.start + frame.duration < from || frame.start > to) continue;
    for (const s of frame.scripts) {
      if (s.start + s.duration < from || s.start > to) continue;
      const where = `${s.url.split('/').pop() || 'page'}${s.fn ? ` ${s.fn}` : ''}${s.at >= 0 ? `@${s.at}` : ''}`;
      ran.push({ what: `${s.invoker} (${where})`, ms: s.duration });
    }
    ran.push({ what: 'rendering', ms: frame.start + frame.duration - frame.renderStart });
  }
  return ran.sort((a, b) => b.ms - a.ms).map((r) => `${r.what} ${Math.round(r.ms)} ms`);
}

/** The latency of each interaction (the longest event of it) that started in [from, to). */
export function interactionLatencies(events: InteractionEvent[], from: number, to = Number.POSITIVE_INFINITY) {
  const byId = new Map<number, number>();
  for (const e of events) {
    if (e.start < from || e.start >= to) continue;
    byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
  }
  return [...byId.values()];
}
