/**
 * The built page's inline early script runs under the Content-Security-Policy by its hash alone (issue 32): the HTML
 * answers allow exactly the scripts of the index.html being served, a new build's too, and no other inline script.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src-server/http/page-scripts.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8" />\n    <script>${script}</script><script type="module" src="/assets/x.js"></script></head><body></body></html>`;
const scriptSrc = (csp: string | null) => /script-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ') ?? [];

describe('inlineScriptHashes', () => {
  it.each([
    ['one inline script', page('start()'), [sha256('start()')]],
    ['its text exactly, white space included', '<script>\n  a();\n</script>', [sha256('\n  a();\n')]],
    ['a module script inline too', '<script type="module">b()</script>', [sha256('b()')]],
    ['none for a script with src', '<script src="/a.js"></script><script defer src="/b.js"></script>', []],
    ['none for an empty one', '<script> </script>', []],
    ['each of several, in order', '<script>a()</script><p></p><SCRIPT>b()</SCRIPT >', [sha256('a()'), sha256('b()')]],
  ])('%s', (_name, html, expected) => {
    expect(inlineScriptHashes(html)).toEqual(expected);
  });
});

describe('the policy of the pages', () => {
  let t: TestServer;
  let dir: string;
  let index: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'droplane-dist-'));
    mkdirSync(join(dir, 'assets'));
    index = join(dir, 'index.html');
    writeFileSync(index, page('earlyStart(1)'));
    t = await startTestServer({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("allows the served page's inline script by its hash, and no inline script in general", async () => {
    for (const path of ['/', '/login', '/routes/12']) {
      const res = await t.request<string>('GET', path);
      const sources = scriptSrc(res.headers.get('content-security-policy'));
      expect(sources, path).toEqual(["'self'", "'wasm-unsafe-eval'", sha256('earlyStart(1)')]);
      expect(sources).not.toContain("'unsafe-inline'");
    }
  });

  it('keeps hashes out of answers that are no page', async () => {
    const res = await t.request('GET', '/app-config.json');
    expect(scriptSrc(res.headers.get('content-security-policy'))).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('follows a new build of the page while the server runs, and drops the old hash', async () => {
    writeFileSync(index, page('earlyStart(2)'));
    // A later modification time, as a build's would be, even within the file system's time resolution.
    const later = new Date(Date.now() + 5_000);
    utimesSync(index, later, later);
    const res = await t.request<string>('GET', '/login');
    const sources = scriptSrc(res.headers.get('content-security-policy'));
    expect(sources).toContain(sha256('earlyStart(2)'));
    expect(sources).not.toContain(sha256('earlyStart(1)'));
  });
});
