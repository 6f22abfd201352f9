/**
 * The page's main thread sampled by V8's CPU profiler (CDP `Profiler`), placed on the page's own clock, to tell a
 * file's JavaScript from what it waits for. A Long Animation Frame's script duration includes every call the script
 * makes into the browser: for the map's code that is WebGL, which SwiftShader runs on the CPU here, so the map's
 * frames look like script time (issue 32). A sample's top frame is the function running at that moment: a WebGL call,
 * a layout or a garbage collection shows as its own native frame (no URL), so the samples whose top frame is in the
 * map's file are the map's own JavaScript and nothing else.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

/**
 * With `BENCH_PROFILES=<dir>`, each profile is also written there whole (`<name>.cpuprofile`, with its start on the
 * page's clock in `startedAt`), to open in DevTools' Performance panel or to sum by function: the bench's figures
 * keep only each sample's file.
 */
const PROFILES_DIR = process.env.BENCH_PROFILES;

/** One sample: when (page clock, ms) and the URL of the function on top of the stack then ('' for native work). */
interface ProfileSample {
  at: number;
  url: string;
  ms: number;
}

interface ProfileNode {
  id: number;
  callFrame: { url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Sampling every millisecond: fine enough for frames of tens of milliseconds, and cheap beside them (the profiler's
 * own cost is paid at each sample).
 */
const SAMPLING_INTERVAL_US = 1000;
/**
 * A sample stands for at most this long. At 4x CPU a sample's interval stretches to a few ms, now and then tens; but
 * V8 sometimes stops sampling a page that runs a dedicated worker for seconds (seen in worker mode here: a profile
 * of a minute with samples for its first six seconds), and the sample before such a gap would count the whole gap.
 */
const MAX_SAMPLE_MS = 50;

/** Beside a written profile, what the profile's reader needs to place it (the actions' interaction spans). */
export function writeProfileNotes(name: string, notes: object) {
  if (PROFILES_DIR) writeProfileFile(`${name}.notes.json`, JSON.stringify(notes, null, 1));
}

function writeProfileFile(file: string, text: string) {
  mkdirSync(PROFILES_DIR!, { recursive: true });
  writeFileSync(join(PROFILES_DIR!, file), text);
}

export interface PageProfiler {
  stop(): Promise<ProfileSample[]>;
}

/**
 * Starts sampling the page's main thread. The profile's clock is not the page's: the page's clock is read just
 * before and after the start, and the profile's first sample is placed at their midpoint (off by at most half a
 * CDP round trip, a few milliseconds against interactions of tens to hundreds).
 */
export async function startPageProfiler(page: Page, name: string): Promise<PageProfiler> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  const before = await page.evaluate(() => performance.now());
  await cdp.send('Profiler.start');
  const after = await page.evaluate(() => performance.now());
  const startedAt = (before + after) / 2;
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await cdp.detach();
      if (PROFILES_DIR) writeProfileFile(`${name}.cpuprofile`, JSON.stringify({ ...profile, startedAt }));
      const gaps = (profile.timeDeltas ?? []).filter((us) => us / 1000 > MAX_SAMPLE_MS);
      if (gaps.length > 0) {
        const seconds = gaps.reduce((sum, us) => sum + us, 0) / 1e6;
        console.warn(
          `  The CPU profile has ${gaps.length} gaps, ${seconds.toFixed(1)} s unsampled: its figures undercount.`,
        );
      }
      return profileSamples(profile, startedAt);
    },
  };
}

/** Each sample with its time on the page's clock and the interval it stands for (the time to the next one). */
function profileSamples(profile: CpuProfile, startedAt: number): ProfileSample[] {
  const urlOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame.url]));
  const ids = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const samples: ProfileSample[] = [];
  let clock = 0;
  for (let i = 0; i < ids.length; i++) {
    clock += deltas[i] ?? 0;
    const ms = Math.min((deltas[i + 1] ?? 0) / 1000, MAX_SAMPLE_MS);
    samples.push({ at: startedAt + clock / 1000, url: urlOf.get(ids[i]!) ?? '', ms });
  }
  return samples;
}

/** The self time of files matching `file` within any of the spans ([start, end] on the page's clock). */
export function selfTimeIn(samples: ProfileSample[], file: RegExp, spans: readonly (readonly [number, number])[]) {
  return samples
    .filter((s) => file.test(s.url) && spans.some(([start, end]) => s.at >= start && s.at < end))
    .reduce((sum, s) => sum + s.ms, 0);
}
