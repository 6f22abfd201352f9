/**
 * Scenario 4: working 20 stops of a started 300-stop route, as a driver does: Arrived on the active stop, Add photo
 * (a 12 MP camera JPEG), Done, and on to the next stop. Measured: each action's interaction latency (Event Timing,
 * the figure INP is made of) and web-vitals' INP over the whole run, and the main thread's total blocking time.
 * Scenario 8 (`--only workmap`, issue 20) does the same with map view On: Arrived on the carousel's card, with the
 * map drawn under it (SwiftShader here, so its frames are slow; compare with scenario 4 and with itself).
 */
import type { BrowserContext, FileChooser, Page } from '@playwright/test';
import { MAP_CODE } from '../../../src-ui/map/cache-rules.ts';
import { MAP_LOADED_MARK as MAP_LOADED } from '../../../src-ui/map/map-marks.ts';
import { type PageProfiler, selfTimeIn, startPageProfiler, writeProfileNotes } from '../cpu-profile.ts';
import {
  blockingTime,
  type FrameScripts,
  interactionLatencies,
  interactionScriptTime,
  interactionSpans,
  type LatencyParts,
  readMetrics,
  scriptsDuring,
  waitSeen,
  worstInteraction,
} from '../metrics.ts';
import { throttledPage } from '../profile.ts';
import { tap, until } from '../touch.ts';
import { startPageTrace } from '../trace-file.ts';
import { appUrl, type CoreMode, pageTime, round, type ScenarioEnv, sleep, within } from './common.ts';

const STOPS_TO_WORK = 20;
const ACTIONS = ['arrived', 'addPhoto', 'done'] as const;
type StopAction = (typeof ACTIONS)[number];

export interface WorkStopsFigures {
  /** Per action: the worst interaction latency over the stops (INP is the worst below 50 interactions). */
  inpByAction: Record<StopAction, number>;
  /** Per action: the median interaction latency. */
  medianByAction: Record<StopAction, number>;
  /**
   * Per action, worst over the stops: the main thread's script time of the map's code (maplibre, deck.gl and the
   * app's map: the RouteMap chunk) in the frames of the action's interaction (input to the next paint), by the
   * scripts' attribution of Long Animation Frames: what the map adds to the tap, without the frames' rendering and
   * GPU waits that the latencies include (SwiftShader draws on the CPU here). 0 in the list view.
   */
  mapScriptByAction: Record<StopAction, number>;
  /**
   * Per action, worst over the stops: the map's own JavaScript in the action's interaction, by the CPU profiler's
   * samples whose running function is in the map's code (bench/app/cpu-profile.ts): without the WebGL calls and other
   * native work that the Long Animation Frame figure above counts. Only in a `profiled` pass; 0 otherwise.
   */
  mapSelfByAction: Record<StopAction, number>;
  /** web-vitals' INP for the whole run. */
  inp: number;
  /** Sum over long tasks of their part over 50 ms, from the first Arrived to the last Done. */
  blocking: number;
  longTaskMs: number;
  /** From choosing the photo to its thumbnail showing (resize and encode), median. */
  photoReady: number;
  /** Wall time for the 20 stops. */
  totalMs: number;
}

export type RouteViewMode = 'list' | 'map';

/** The active stop: its row of the list, or in the map view the carousel's visible card. */
const ACTIVE_STOP: Record<RouteViewMode, string> = {
  list: 'ol[aria-label="Stops"] [aria-current="step"]',
  map: '[aria-roledescription="slide"]:not([aria-hidden])',
};

const activeStopText = (page: Page, active: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.textContent ?? '', active);

/** A stop action's limit: its own waits allow up to 60 s, the rest must not hang the bench (see `within`). */
const ACTION_LIMIT_MS = 90_000;

async function act(
  page: Page,
  stop: number,
  name: StopAction,
  marks: Map<StopAction, number[]>,
  action: () => Promise<void>,
) {
  await within(
    `stop ${stop}, ${name}`,
    ACTION_LIMIT_MS,
    (async () => {
      const start = await page.evaluate(() => performance.now());
      await action();
      marks.get(name)!.push(start);
    })(),
  );
}

/**
 * Taps Add photo until the file chooser opens. Now and then (about once in a few hundred taps here) Chromium runs the
 * input's click and Playwright sees no file chooser; like a driver whose camera did not open, tap again.
 */
async function openFileChooser(page: Page): Promise<FileChooser> {
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    // Should the tap fail, its error is the one to see, not this wait's when the page closes.
    chooser.catch(() => {});
    await tap(page, 'button', 'Add photo');
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function workStops(
  env: ScenarioEnv,
  context: BrowserContext,
  mode: CoreMode,
  routeId: number,
  photoFile: string,
  {
    view = 'list',
    stops = STOPS_TO_WORK,
    untraced = false,
    profiled = false,
  }: { view?: RouteViewMode; stops?: number; untraced?: boolean; profiled?: boolean } = {},
): Promise<WorkStopsFigures> {
  const active = ACTIVE_STOP[view];
  const arrived = `${active} button`;
  const page = await throttledPage(context);
  try {
    await page.goto(appUrl(env, `/routes/${routeId}`, mode, untraced), { waitUntil: 'commit' });
    if (view === 'list') await waitSeen(page, 'stopList');
    else {
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, MAP_LOADED, {
        timeout: 120_000,
        polling: 200,
      });
    }
    await until(page, arrived, 'Arrived');
    await sleep(1000);
    const marks = new Map<StopAction, number[]>(ACTIONS.map((a) => [a, []]));
    const photoReady: number[] = [];
    const began = Date.now();
    // The map's JavaScript is told from its WebGL waits by sampling (issue 32), in a pass of its own: the profiler
    // slows the page by about a fifth, which the other figures must not carry.
    const profileName = `work-${view}-${mode}-route-${routeId}`;
    const profiler: PageProfiler | null = profiled ? await startPageProfiler(page, profileName) : null;
    const tracer = await startPageTrace(page, profileName);
    const from = await page.evaluate(() => performance.now());

    for (let n = 1; n <= stops; n++) {
      const before = await within(`stop ${n}, reading it`, ACTION_LIMIT_MS, activeStopText(page, active));
      await act(page, n, 'arrived', marks, async () => {
        // A tap on the carousel while it still glides to the next card only stops the glide (as on a phone): then
        // the driver taps again.
        for (let attempt = 1; ; attempt++) {
          await tap(page, arrived, 'Arrived');
          try {
            await until(page, 'h1', 'Complete stop', { timeout: 15_000 });
            break;
          } catch (error) {
            if (attempt === 3) throw error;
          }
        }
      });
      await act(page, n, 'addPhoto', marks, async () => {
        const chooser = await openFileChooser(page);
        const chosenAt = Date.now();
        // A file on disk, as a camera gives: a buffer would be decoded from base64 by script in the page.
        await chooser.setFiles(photoFile);
        await until(page, 'img[alt="Photo 1"]');
        photoReady.push(Date.now() - chosenAt);
        // The driver taps Done once the photo is seen: decoded and drawn, not the moment its element is in the page.
        await page.evaluate(async () => {
          const img = document.querySelector<HTMLImageElement>('img[alt="Photo 1"]');
          await img?.decode().catch(() => {});
          await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
        });
      });
      await act(page, n, 'done', marks, async () => {
        await tap(page, 'button', 'Done');
        await until(page, 'h1', 'Complete stop', { gone: true });
        // Back on the route, the next stop is the active one.
        await page.waitForFunction(
          ([selector, previous]) => {
            const row = document.querySelector(selector);
            return (
              row !== null &&
              row.textContent !== previous &&
              [...row.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Arrived')
            );
          },
          [active, before] as const,
          { polling: 50, timeout: 60_000 },
        );
      });
    }

    const totalMs = Date.now() - began;
    await sleep(500);
    const samples = (await profiler?.stop()) ?? [];
    await tracer?.stop(Object.fromEntries(marks));
    const m = await within('reading the metrics', ACTION_LIMIT_MS, readMetrics(page));
    const to = pageTime(m.timeOrigin, Date.now());
    const inpByAction = {} as Record<StopAction, number>;
    const medianByAction = {} as Record<StopAction, number>;
    const mapScriptByAction = {} as Record<StopAction, number>;
    const mapSelfByAction = {} as Record<StopAction, number>;
    // An action's interaction starts after the action began and before the next one of any kind.
    const allStarts = [...marks.values()].flat().sort((a, b) => a - b);
    const nextAfter = (s: number) => allStarts.find((t) => t > s) ?? to;
    for (const name of ACTIONS) {
      const starts = marks.get(name)!;
      const mapScript = (s: number) => interactionScriptTime(m.frames, m.events, MAP_CODE.url, s, nextAfter(s));
      mapScriptByAction[name] = round(Math.max(...starts.map(mapScript)));
      const mapSelf = (s: number) => selfTimeIn(samples, MAP_CODE.url, interactionSpans(m.events, s, nextAfter(s)));
      mapSelfByAction[name] = round(Math.max(...starts.map(mapSelf)));
      const latencies = starts.flatMap((s) => interactionLatencies(m.events, s, nextAfter(s)));
      if (latencies.length === 0) throw new Error(`no interaction was timed for ${name}`);
      latencies.sort((a, b) => a - b);
      inpByAction[name] = round(latencies.at(-1)!);
      medianByAction[name] = round(latencies[Math.floor(latencies.length / 2)]!);
      const parts = starts.map((s) => worstInteraction(m.events, s, nextAfter(s)));
      logWorstParts(`${view}, ${mode}, ${name}`, parts, m.frames);
    }
    if (profiled) {
      const spans = (name: StopAction) => marks.get(name)!.map((s) => interactionSpans(m.events, s, nextAfter(s)));
      writeProfileNotes(profileName, Object.fromEntries(ACTIONS.map((name) => [name, spans(name)])));
    }
    const tasks = m.longTasks.filter((t) => t.start >= from && t.start < to);
    photoReady.sort((a, b) => a - b);
    return {
      inpByAction,
      medianByAction,
      mapScriptByAction,
      mapSelfByAction,
      inp: round(m.inp ?? 0),
      blocking: round(blockingTime(m.longTasks, from, to)),
      longTaskMs: round(tasks.reduce((sum, t) => sum + t.duration, 0)),
      photoReady: round(photoReady[Math.floor(photoReady.length / 2)]!),
      totalMs,
    };
  } finally {
    await page.close();
  }
}

/** Says where the worst interaction of an action went (input delay, handlers, to the paint): docs/performance.md. */
function logWorstParts(label: string, parts: (LatencyParts | null)[], frames: FrameScripts[]) {
  const timed = parts.filter((p): p is LatencyParts => p !== null);
  const worst = timed.reduce<LatencyParts | null>((w, p) => (!w || p.latency > w.latency ? p : w), null);
  if (!worst) return;
  const median = (pick: (p: LatencyParts) => number) =>
    round(timed.map(pick).sort((a, b) => a - b)[Math.floor(timed.length / 2)]!);
  const { latency, inputDelay, processing, presentation, event, start } = worst;
  console.log(
    `  ${label}: worst ${round(latency)} ms (${event}) = input delay ${round(inputDelay)} + handlers ${round(processing)}` +
      ` + to the paint ${round(presentation)}; long frames' work then: ` +
      (scriptsDuring(frames, start, start + latency)
        .slice(0, 6)
        .join(', ') || 'none') +
      `; medians: input delay ${median((p) => p.inputDelay)}, handlers ${median((p) => p.processing)},` +
      ` to the paint ${median((p) => p.presentation)}`,
  );
}
