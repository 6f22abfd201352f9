/**
 * Scenario 5: figures measured inside a dedicated worker, with the worker's own clock, because CDP's CPU
 * slowdown of the page does not reach workers. A bench page (bench/app/harness) runs the app's real worker code:
 * resizePhoto on a 12 MP JPEG, decodeLine on a 10,000-point line, and the core (createWorkerApi) against the
 * running app server, whose patches are counted and weighed per intent.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import polyline from '@mapbox/polyline';
import type { Browser, BrowserContext } from '@playwright/test';
import type { Remote } from 'comlink';
import { imageSize } from 'image-size';
import { build } from 'vite';
import type { BenchWorker, BurstFigure, FlushFigure, IntentPatches } from './harness/protocol.ts';
import { HARNESS_OUT, HARNESS_ROOT } from './harness/vite.config.ts';
import { median } from './report.ts';

/** Milliseconds. */
interface TimeFigure {
  median: number;
  runs: number[];
}

export interface WorkerFigures {
  photoResize: {
    time: TimeFigure;
    input: { bytes: number; width: number; height: number };
    output: { bytes: number; width: number; height: number };
  };
  /** Timed after one untimed warm-up run. */
  polylineDecode: { time: TimeFigure; points: number; encodedBytes: number; warmUpRuns: number };
  /**
   * openRoute of the big route until its promise resolves (fetch, processing, IndexedDB copy; the planned line
   * follows in the background), timed after one untimed warm-up open. `stops` leaves out start and end.
   */
  openRoute: { time: TimeFigure; stops: number; warmUpRuns: number };
  /** completeStop of consecutive stops of the work route, delivered with the resized photo (store, send, refresh). */
  completeStop: { time: TimeFigure; proofBytes: number };
  /** snapshot() as JSON with the big route open and its planned line loaded. */
  snapshotBytes: number;
  /** Per intent, in the order run; bytes are each patch's JSON, summed. */
  intents: IntentPatches[];
  largestPatch: { intent: string; bytes: number };
  /** The core's own count (store.stats()) over the whole session. */
  totals: { patches: number; ops: number };
  /** Issue 12: completions queued offline with a photo each, then sent; and the page's long tasks meanwhile. */
  flush: FlushFigure & { pageLongTasks: number };
  /** Issue 13: a burst of dispatcher changes on the open 300-stop route. */
  burst: BurstFigure;
}

export interface WorkerFiguresOptions {
  browser: Browser;
  baseUrl: string;
  email: string;
  password: string;
  routeId: number;
  workRouteId: number;
  runs: number;
  photo: Buffer;
  dispatchToken: string;
}

const LINE_POINTS = 10_000;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/** Builds the bench page into bench/.harness with its own Vite config; measureWorkerFigures calls it. */
async function buildHarness(): Promise<string> {
  await build({ configFile: join(HARNESS_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  return HARNESS_OUT;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const timeFigure = (samples: number[]): TimeFigure => ({ median: round(median(samples)), runs: samples.map(round) });

/** A driver's wandering GPS track around Utrecht (52.09, 5.12), seeded so every run decodes the same line. */
function wanderingTrack(points: number): string {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  let lat = 52.09;
  let lng = 5.12;
  let heading = 0;
  const track: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    // About 5-25 m a step, turning gently, as a vehicle's positions a second apart do.
    heading += (random() - 0.5) * 0.6;
    const step = 0.00005 + random() * 0.0002;
    lat += Math.cos(heading) * step;
    lng += Math.sin(heading) * step * 1.6;
    track.push([lat, lng]);
  }
  return polyline.encode(track, 5);
}

/** Serves the built page (and the photo) under /__bench/ on the app's own origin, so fetch and IndexedDB match. */
async function serveHarness(context: BrowserContext, baseUrl: string, photo: Buffer) {
  await context.route(`${baseUrl}/__bench/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/__bench/'.length) || 'index.html';
    if (path === 'photo.jpg') return route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo });
    const file = normalize(join(HARNESS_OUT, path));
    if (!file.startsWith(HARNESS_OUT)) return route.fulfill({ status: 403 });
    try {
      const body = await readFile(file);
      return route.fulfill({
        status: 200,
        contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        body,
      });
    } catch {
      return route.fulfill({ status: 404, body: `not in the bench build: ${path}` });
    }
  });
}

type BenchGlobal = { bench: Remote<BenchWorker> };

export async function measureWorkerFigures(options: WorkerFiguresOptions): Promise<WorkerFigures> {
  const { browser, baseUrl, runs, photo } = options;
  if (runs < 1) throw new Error('measureWorkerFigures needs runs >= 1');
  const input = imageSize(photo);
  await buildHarness();
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await serveHarness(context, baseUrl, photo);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${baseUrl}/__bench/`);
    await page.waitForFunction(() => 'bench' in globalThis);

    const resized = await page.evaluate(async (n) => {
      const blob = await (await fetch('/__bench/photo.jpg')).blob();
      return (globalThis as unknown as BenchGlobal).bench.resizePhoto(blob, n);
    }, runs);
    if (resized.input.bytes !== photo.length) throw new Error('The worker got a different photo than was given');

    const encoded = wanderingTrack(LINE_POINTS);
    const line = await page.evaluate(([text, n]) => (globalThis as unknown as BenchGlobal).bench.decodeLine(text, n), [
      encoded,
      runs,
    ] as const);
    if (line.points !== LINE_POINTS) throw new Error(`decodeLine gave ${line.points} points, not ${LINE_POINTS}`);

    // The page's own long tasks while the core works (the flush included): with the core in a worker, none.
    await page.evaluate(() => {
      const seen: number[] = [];
      (globalThis as unknown as { longTasks: number[] }).longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const core = await page.evaluate((init) => (globalThis as unknown as BenchGlobal).bench.coreFigures(init), {
      baseUrl,
      email: options.email,
      password: options.password,
      routeId: options.routeId,
      workRouteId: options.workRouteId,
      runs,
      proofImage: resized.dataUrl,
      dispatchToken: options.dispatchToken,
    });
    if (errors.length > 0) throw new Error(`The bench page reported errors:\n${errors.join('\n')}`);
    const pageLongTasks = await page.evaluate(
      () => (globalThis as unknown as { longTasks: number[] }).longTasks.length,
    );

    const largest = core.intents.reduce((a, b) => (b.largestPatchBytes > a.largestPatchBytes ? b : a));
    return {
      photoResize: {
        time: timeFigure(resized.samples),
        input: { bytes: photo.length, width: input.width, height: input.height },
        output: resized.output,
      },
      polylineDecode: {
        time: timeFigure(line.samples),
        points: line.points,
        encodedBytes: Buffer.byteLength(encoded),
        warmUpRuns: line.warmUpRuns,
      },
      openRoute: { time: timeFigure(core.openRouteSamples), stops: core.routeStops, warmUpRuns: 1 },
      completeStop: { time: timeFigure(core.completeStopSamples), proofBytes: resized.output.bytes },
      snapshotBytes: core.snapshotBytes,
      intents: core.intents.map((i) => ({ ...i, ms: round(i.ms) })),
      largestPatch: { intent: largest.intent, bytes: largest.largestPatchBytes },
      totals: core.stats,
      flush: { ...core.flush, pageLongTasks },
      burst: core.burst,
    };
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);
const ms = (t: TimeFigure) => `${t.median} ms`;
const runsOf = (t: TimeFigure) => t.runs.join(', ');

/** The figures as a markdown table: one row per figure, time medians with their runs in ms. */
export function workerFiguresTable(f: WorkerFigures): string {
  const { photoResize: p, polylineDecode: l, openRoute: o, completeStop: c } = f;
  const rows = [
    '| worker figure | median / size | runs (ms) or detail |',
    '|---|---:|---|',
    `| resizePhoto ${p.input.width}x${p.input.height} JPEG (${kib(p.input.bytes)}) to ${p.output.width}x${p.output.height} (${kib(p.output.bytes)}) | ${ms(p.time)} | ${runsOf(p.time)} |`,
    `| decodeLine ${l.points.toLocaleString('en')} points (${kib(l.encodedBytes)} encoded), after ${l.warmUpRuns} warm-up run | ${ms(l.time)} | ${runsOf(l.time)} |`,
    `| openRoute ${o.stops} stops (fetch, processing, device copy), after ${o.warmUpRuns} warm-up open | ${ms(o.time)} | ${runsOf(o.time)} |`,
    `| completeStop delivered with a ${kib(c.proofBytes)} photo (store, send, refresh) | ${ms(c.time)} | ${runsOf(c.time)} |`,
    `| snapshot with the ${o.stops}-stop route open | ${kib(f.snapshotBytes)} | |`,
    ...f.intents.map(
      (i) =>
        `| patches of ${i.intent} | ${kib(i.bytes)} | ${i.patches} patches, ${i.ops} ops, largest ${kib(i.largestPatchBytes)}; intent ${i.ms} ms |`,
    ),
    `| largest single patch | ${kib(f.largestPatch.bytes)} | ${f.largestPatch.intent} |`,
    `| burst of ${f.burst.events} dispatcher changes on the open ${o.stops}-stop route | ${f.burst.ms} ms | until the last is in the state; ${f.burst.patches} patches, ${kib(f.burst.bytesPerEvent)} per event |`,
    `| flush ${f.flush.items} completions queued offline, ${kib(c.proofBytes)} photo each | ${f.flush.flushMs} ms | one offline add ${round(f.flush.addMsMedian)} ms (median); storage per add: first 10 ${kib(f.flush.bytesPerAddFirst10)}, last 10 ${kib(f.flush.bytesPerAddLast10)}; parked ${f.flush.parked}; page long tasks ${f.flush.pageLongTasks} |`,
    `| patches in the session (core stats) | ${f.totals.patches} | ${f.totals.ops} ops |`,
  ];
  return rows.join('\n');
}

/** The figures budgets.json and the flat figures of results.json name (worker.*): medians in ms, sizes in bytes. */
export function workerSummary(f: WorkerFigures): Record<string, number> {
  const intent = (prefix: string) => f.intents.find((i) => i.intent.startsWith(prefix));
  const summary: Record<string, number> = {
    photoResizeMs: f.photoResize.time.median,
    polylineDecodeMs: f.polylineDecode.time.median,
    openRouteMs: f.openRoute.time.median,
    completeStopMs: f.completeStop.time.median,
    snapshotBytes: f.snapshotBytes,
    largestPatchBytes: f.largestPatch.bytes,
    'burst.ms': f.burst.ms,
    'burst.bytesPerEvent': f.burst.bytesPerEvent,
    'burst.patches': f.burst.patches,
    'flush.ms': f.flush.flushMs,
    'flush.bytesPerAddFirst10': f.flush.bytesPerAddFirst10,
    'flush.bytesPerAddLast10': f.flush.bytesPerAddLast10,
    'flush.pageLongTasks': f.flush.pageLongTasks,
  };
  for (const name of ['loadRouteList', 'openRoute', 'selectStop', 'completeStop']) {
    const found = intent(name);
    if (found) summary[`patchBytes.${name}`] = found.bytes;
  }
  return summary;
}
