/**
 * With `BENCH_TRACES=<dir>`, scenario 4 also records a Chromium performance trace of its stops
 * (`<name>.trace.json`): every main-thread task with its JavaScript calls, styles, layouts and paints, and each
 * input event's Event Timing entry, on one clock. `npm run bench:trace-read -- <file>` then lists what ran in each
 * tap's input delay, which the Long Animation Frames API leaves out when those frames are under 50 ms. Off by
 * default: tracing slows the page, so its run's figures are not the bench's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const TRACES_DIR = process.env.BENCH_TRACES;

/** What the reader needs: main-thread tasks and their parts, input events, and the page's own User Timing marks. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'latencyInfo',
  // The display compositor's draws, drawn or skipped for want of damage (trace-parts.ts, skippedDraws).
  'viz',
];

export interface PageTrace {
  /** Ends the trace; `actions` (each action's start times on the page's clock) is written beside it. */
  stop(actions: Record<string, number[]>): Promise<void>;
}

/** Starts tracing the page when BENCH_TRACES names a folder; null otherwise. */
export async function startPageTrace(page: Page, name: string): Promise<PageTrace | null> {
  const browser = page.context().browser();
  if (!TRACES_DIR || !browser) return null;
  mkdirSync(TRACES_DIR, { recursive: true });
  const path = join(TRACES_DIR, `${name}.trace.json`);
  await browser.startTracing(page, { path, categories: CATEGORIES, screenshots: false });
  return {
    async stop(actions) {
      await browser.stopTracing();
      writeFileSync(path.replace(/\.trace\.json$/, '.actions.json'), JSON.stringify(actions));
      console.log(`  Trace written: ${path}`);
    },
  };
}
