/**
 * Scenario `scan` (issue 19): the Scan screen open on a stop while Chromium's fake camera shows a label (a QR code and
 * a Code 128 in turn, codes no parcel of the route has, so every frame is decoded in full and nothing ticks off). For
 * SECONDS of scanning it counts the frames the core decoded (the scan loop's count on the video element: one frame in
 * flight at a time, so this is decodes finished per second), the main thread's long tasks and blocking time, and its
 * frame rate (requestAnimationFrame): the viewfinder stays smooth when decoding is off the main thread.
 */
import type { BrowserContext } from '@playwright/test';
import { blockingTime, readMetrics } from '../metrics.ts';
import { throttledPage } from '../profile.ts';
import { tap, until } from '../touch.ts';
import { appUrl, type CoreMode, round, type ScenarioEnv } from './common.ts';

const SCAN_SECONDS = 5;

/** The shots of the fake camera's video (e2e/support/fake-camera.ts writes it). */
export const SCAN_SHOTS = [
  { code: { kind: 'qrcode' as const, text: 'BENCH-NOT-A-PARCEL-1' }, seconds: 1 },
  { code: { kind: 'code128' as const, text: 'BENCH0000000002' }, seconds: 1 },
];

export interface ScanFigures {
  /** Frames the core decoded per second of scanning. */
  framesPerSecond: number;
  /** Main-thread animation frames per second meanwhile (60 on an idle page). */
  mainFps: number;
  longTasks: number;
  blocking: number;
}

export async function scanFrames(
  env: ScenarioEnv,
  context: BrowserContext,
  mode: CoreMode,
  routeId: number,
  stopId: number,
): Promise<ScanFigures> {
  await context.grantPermissions(['camera']);
  const page = await throttledPage(context);
  try {
    await page.goto(appUrl(env, `/routes/${routeId}/stops/${stopId}`, mode), { waitUntil: 'commit' });
    await until(page, 'button', 'Scan parcels');
    // The stop's notes open as an alert with its window (spec section 5): read, OK.
    const notes = await page.evaluate(() => document.querySelector('[role="alertdialog"]') !== null);
    if (notes) {
      await tap(page, '[role="alertdialog"] button', 'OK');
      await until(page, '[role="alertdialog"]', undefined, { gone: true });
    }
    await tap(page, 'button', 'Scan parcels');
    // Scanning has begun once the first frame is decoded (the decoder and its .wasm loaded).
    await page.waitForFunction(() => Number(document.querySelector('video')?.dataset.decodedFrames ?? 0) > 0, null, {
      polling: 100,
      timeout: 60_000,
    });
    // No named functions inside: the bench runs through tsx, whose helpers would not exist in the page.
    const measured = await page.evaluate(async (seconds) => {
      const video = document.querySelector('video')!;
      const from = performance.now();
      const first = Number(video.dataset.decodedFrames ?? 0);
      let frames = 0;
      while (performance.now() - from < seconds * 1000) {
        await new Promise(requestAnimationFrame);
        frames++;
      }
      const to = performance.now();
      const elapsed = (to - from) / 1000;
      return { from, to, decoded: (Number(video.dataset.decodedFrames ?? 0) - first) / elapsed, fps: frames / elapsed };
    }, SCAN_SECONDS);
    const m = await readMetrics(page);
    const tasks = m.longTasks.filter((t) => t.start >= measured.from && t.start < measured.to);
    return {
      framesPerSecond: Math.round(measured.decoded * 10) / 10,
      mainFps: round(measured.fps),
      longTasks: tasks.length,
      blocking: round(blockingTime(m.longTasks, measured.from, measured.to)),
    };
  } finally {
    await page.close();
  }
}
