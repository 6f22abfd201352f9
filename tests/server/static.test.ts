import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLES } from '../../src-server/config.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/x.js"></script></body></html>';

describe('before the app is built', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('answers / and app paths with a page saying how to build the app', async () => {
    for (const path of ['/', '/routes/12', '/account/settings']) {
      const res = await t.request<string>('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.body).toContain('not built yet');
      expect(res.body).toContain('npm run build');
    }
  });

  it('keeps the JSON 404 for unknown API calls', async () => {
    const res = await t.request<{ message: string }>('GET', '/v1/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.message).toMatch(/unknown/);
  });

  it('serves /app-config.json from the environment, revalidated on every start', async () => {
    const res = await t.request<AppConfig>('GET', '/app-config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toEqual({
      // No MAP_STYLE_*: OpenFreeMap's street styles (docs/map.md).
      mapStyles: { ...DEFAULT_MAP_STYLES },
      traceUrl: null,
      cleaningCustomerId: t.config.cleaningCustomerId,
      internalNotesCustomerId: t.config.internalNotesCustomerId,
      supportUrl: t.config.supportUrl,
      termsUrl: t.config.termsUrl,
      privacyUrl: t.config.privacyUrl,
    });
  });
});

describe('with a built app', () => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'droplane-dist-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'x.js'), 'console.log("x");');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
    writeFileSync(join(dir, 'secret.txt'), 'not for the web');
    t = await startTestServer({
      env: {
        STATIC_DIR: dist,
        MAP_STYLE_DARK: 'https://tiles.example.test/dark.json',
        MAP_STYLE_LIGHT: 'offline',
        MAP_STYLE_STANDARD: 'Offline',
        TRACE_URL: 'https://trace.example.test/cdn-cgi/trace',
        CLEANING_CUSTOMER_ID: 'cus_test_clean',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers index.html, never cached, for / and any app path', async () => {
    for (const path of ['/', '/routes/12', '/routes/single/abc', '/login?x=1']) {
      const res = await t.request<string>('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves files under /assets/ with long immutable caching', async () => {
    const res = await t.request<string>('GET', '/assets/x.js');
    expect(res.status).toBe(200);
    expect(res.body).toBe('console.log("x");');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files revalidated, and answers 404 for a missing file instead of index.html', async () => {
    const manifest = await t.request('GET', '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/assets/missing.js', '/favicon.ico']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
    }
  });

  it('never serves a file outside the folder', async () => {
    for (const path of ['/..%2Fsecret.txt', '/%2E%2E/secret.txt', '/assets/..%2F..%2Fsecret.txt']) {
      const res = await t.request<string>('GET', path);
      expect(String(res.body), path).not.toContain('not for the web');
    }
  });

  it('keeps JSON 404s under /v1', async () => {
    for (const path of ['/v1/unknown', '/v1', '/v1/projects/routes/1/nothing/here']) {
      const res = await t.request<{ message: string }>('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('puts the environment into /app-config.json', async () => {
    const res = await t.request<AppConfig>('GET', '/app-config.json');
    // `offline` (any case) is the built-in style: null.
    expect(res.body.mapStyles).toEqual({ light: null, dark: 'https://tiles.example.test/dark.json', standard: null });
    expect(res.body.traceUrl).toBe('https://trace.example.test/cdn-cgi/trace');
    expect(res.body.cleaningCustomerId).toBe('cus_test_clean');
  });
});
