/**
 * Compressed answers: the API's JSON per request (brotli or gzip, as Accept-Encoding allows, above 1 KB), the
 * built app's files from the copies scripts/precompress.mjs writes (or per request when a build has none), and
 * nothing for images, the socket, HEAD or 304. Requests go through node:http, which, unlike fetch, hands back the
 * bytes as sent.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { localDate } from '../../src-shared/domain/geo.ts';
import { stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl, PHOTO_PNG, pngUrl, TINY_JPEG } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startedSession, stopInAnswer, updateStop } from '../helpers/sessions.ts';
import { driverOnRoute, openSocket } from '../helpers/socket.ts';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestServer;
let dist: string;

function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(t.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body as the client reads it, undoing the answer's Content-Encoding. */
function decoded(res: RawAnswer): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString();
  if (encoding === 'gzip') return gunzipSync(res.body).toString();
  expect(encoding).toBeUndefined();
  return res.body.toString();
}

// Text that compresses like real code: repetitive, but not one repeated line.
const APP_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = compute(${i}, "item-${i}");`).join('\n');
const LAZY_JS = APP_JS.replaceAll('value', 'lazy');
const INDEX = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'droplane-compress-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1);');
  await precompress(dist);
  // Written after the build step: a file that has no precompressed copies (as after a plain `vite build`).
  writeFileSync(join(dist, 'assets', 'lazy-abc123.js'), LAZY_JS);
  // A fixed clock: the route answer's fetched_at is then the same in every answer, so answers compare byte for byte.
  const clock = Date.now();
  t = await startTestServer({ now: () => clock, env: { STATIC_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('API answers', () => {
  let s: RouteSession;
  let path: string;
  let plain: string;
  beforeAll(async () => {
    s = await routeSession(t, { stops: stopsAroundUtrecht(300) });
    path = `/v1/projects/routes/${s.routeId}`;
    plain = (await raw(path, { authorization: `Bearer ${s.token}` })).body.toString();
  });

  it('are plain without Accept-Encoding', async () => {
    const res = await raw(path, { authorization: `Bearer ${s.token}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(100_000);
    expect(JSON.parse(res.body.toString()).stops).toHaveLength(302);
  });

  for (const encoding of ['br', 'gzip']) {
    it(`are compressed with ${encoding} above the threshold, and decode to the same JSON`, async () => {
      const res = await raw(path, { authorization: `Bearer ${s.token}`, 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.length / 8);
      expect(decoded(res)).toBe(plain);
    });
  }

  it('prefer brotli when the client takes both, as browsers do', async () => {
    const res = await raw(path, { authorization: `Bearer ${s.token}`, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('stay plain when small', async () => {
    const res = await raw('/app-config.json', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('mapStyles');
  });
});

describe('the built app', () => {
  it('sends an asset’s precompressed copy with the original type and its immutable caching', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await raw('/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(APP_JS.length / 4);
      expect(decoded(res)).toBe(APP_JS);
    }
    const plain = await raw('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('compresses a file without copies per request, and serves index.html compressed but revalidated', async () => {
    expect(readdirSync(join(dist, 'assets'))).not.toContain('lazy-abc123.js.br');
    const lazy = await raw('/assets/lazy-abc123.js', { 'accept-encoding': 'br' });
    expect(lazy.headers['content-encoding']).toBe('br');
    expect(lazy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(lazy)).toBe(LAZY_JS);
    for (const path of ['/', '/routes/12']) {
      const index = await raw(path, { 'accept-encoding': 'gzip' });
      expect(index.headers['content-encoding'], path).toBe('gzip');
      expect(index.headers['cache-control'], path).toBe('no-cache');
      expect(decoded(index)).toBe(INDEX);
    }
  });

  it('writes no copy of a tiny file, and never serves a copy under its own name', async () => {
    expect(readdirSync(join(dist, 'assets'))).not.toContain('tiny-abc123.js.br');
    const tiny = await raw('/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('console.log(1);');
    for (const path of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      expect((await raw(path, { 'accept-encoding': 'br' })).status, path).toBe(404);
    }
  });

  it('compresses no HEAD and no 304', async () => {
    const head = await raw('/assets/lazy-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
    for (const path of ['/assets/app-abc123.js', '/assets/tiny-abc123.js']) {
      const res = await raw(path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBe(0);
    }

    const first = await raw('/assets/lazy-abc123.js', { 'accept-encoding': 'br' });
    const again = await raw('/assets/lazy-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.length).toBe(0);
  });
});

describe('left alone', () => {
  it('proof images go back as stored, never recompressed', async () => {
    const s = await startedSession(t, { date: localDate(new Date()) });
    const res = await updateStop(t, s, 1, { status: 'finished', images: { '0': jpegUrl(), '1': pngUrl(PHOTO_PNG) } });
    const [jpeg, png] = stopInAnswer(res, s, 1).images;
    for (const [url, bytes] of [
      [jpeg!, TINY_JPEG],
      [png!, PHOTO_PNG],
    ] as const) {
      const image = await raw(url, { authorization: `Bearer ${s.token}`, 'accept-encoding': 'br, gzip' });
      expect(image.status).toBe(200);
      expect(image.headers['content-encoding']).toBeUndefined();
      expect(image.body.equals(bytes)).toBe(true);
    }
  });

  it('the socket opens and talks for a client that accepts compressed answers', async () => {
    const { params } = await driverOnRoute(t);
    const socket = await openSocket(t, params, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      origin: t.config.publicUrl,
    });
    // Opened: the server greeted it with the route's version. Talks: a message's round trip through its queue.
    expect(socket.version).not.toBeNull();
    await socket.flush();
    expect((await socket.close()).code).toBe(1000);
  });
});
