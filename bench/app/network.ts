/**
 * The requests a context made (the page's and its dedicated worker's), with when each finished on the wall clock
 * and how many body bytes crossed the wire, and the gzip size of a built script (the server sends files as built;
 * gzip sizes are what a phone gets through any compressing proxy, and match the critical-path check).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';

export interface FinishedRequest {
  url: string;
  /** Epoch ms when the request was sent and when its response ended. */
  startWall: number;
  endWall: number;
  /** Body bytes received (as transferred). */
  bytes: number;
  /** Fetched by the service worker (its precaching), not by the page or its worker. */
  byServiceWorker: boolean;
}

export function recordRequests(context: BrowserContext): FinishedRequest[] {
  const finished: FinishedRequest[] = [];
  context.on('requestfinished', async (request) => {
    const timing = request.timing();
    let bytes = 0;
    try {
      // -1 for an answer that did not come over the network (the service worker's cache).
      bytes = Math.max(0, (await request.sizes()).responseBodySize);
    } catch {
      // A response served by the service worker may have no network sizes at all.
    }
    finished.push({
      url: request.url(),
      startWall: timing.startTime,
      endWall: timing.startTime + Math.max(0, timing.responseEnd),
      bytes,
      byServiceWorker: request.serviceWorker() !== null,
    });
  });
  return finished;
}

const gzipCache = new Map<string, number>();

/** The gzip size of a script of the build at `url`, or 0 when the URL is no file of dist/. */
export function gzipSizeOf(distDir: string, url: string): number {
  const path = new URL(url).pathname;
  if (!/\.m?js$/.test(path)) return 0;
  const cached = gzipCache.get(path);
  if (cached !== undefined) return cached;
  let size = 0;
  try {
    size = gzipSync(readFileSync(join(distDir, path)), { level: 9 }).length;
  } catch {
    size = 0;
  }
  gzipCache.set(path, size);
  return size;
}

interface Timed {
  startWall: number;
  endWall: number;
}

/**
 * The round trips a flow waited for one after another: the longest chain of requests in which each started only
 * once the one before it had answered. Requests that overlap share a round trip; 0 for none.
 */
export function roundTripDepth(requests: readonly Timed[]): number {
  const byStart = [...requests].sort((a, b) => a.startWall - b.startWall);
  const depth: number[] = [];
  byStart.forEach((request, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) if (byStart[j]!.endWall <= request.startWall) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
  });
  return Math.max(0, ...depth);
}

/** The requests of a flow: sent by the page or its worker (not the service worker's precaching) in [from, to]. */
export function requestsBetween<T extends Timed & { byServiceWorker: boolean }>(
  requests: readonly T[],
  fromWall: number,
  toWall: number,
): T[] {
  return requests.filter((r) => !r.byServiceWorker && r.startWall >= fromWall && r.startWall <= toWall);
}
