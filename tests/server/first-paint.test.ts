/**
 * Which page a navigation gets (issue 32): the sign-in's first paint for a visitor without a session, in the
 * driver's language (cookie, else Accept-Language, else English), with this server's terms link; index.html and its
 * splash for anyone else. The built pages are stand-ins here; e2e/sign-in-first-paint.spec.ts runs the real ones.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPaintLanguage, opensOnSignIn } from '../../src-server/http/first-paint.ts';
import { firstPaintPage, TERMS_URL_SLOT } from '../../src-shared/protocol/first-paint.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('the first paint language', () => {
  it.each([
    ['nothing said', undefined, undefined, 'en'],
    ['the browser asks for Dutch', undefined, 'nl-NL,nl;q=0.9,en;q=0.8', 'nl'],
    ['the browser asks for German of Austria', undefined, 'de-AT', 'de'],
    ['a language the app does not have, then German', undefined, 'fr-FR,fr;q=0.9,de;q=0.5', 'de'],
    ['only languages the app does not have', undefined, 'fr-FR,es;q=0.5', 'en'],
    ["the driver's choice over the browser's", 'dl_language=de', 'nl', 'de'],
    ['a cookie naming no language of the app', 'dl_language=fr', 'nl', 'nl'],
    ['among other cookies', 'a=1; dl_language=nl; b=2', undefined, 'nl'],
  ])('%s', (_name, cookie, acceptLanguage, language) => {
    expect(firstPaintLanguage({ cookie, acceptLanguage })).toBe(language);
  });
});

describe('which navigations open on the sign-in', () => {
  it.each([
    ['/login', 'login', '', undefined, true],
    ['/login with a session', 'login', '', 'dl_session=1', true],
    ['/ without a session', '', '', undefined, true],
    ['/ with a session', '', '', 'x=1; dl_session=1', false],
    ['/ with a shared link', '', 'projectId=1&routeId=2&token=abc', undefined, false],
    ['a route', 'routes/12', '', undefined, false],
    ['the account', 'account', '', undefined, false],
  ])('%s: %s', (_name, path, query, cookie, expected) => {
    expect(opensOnSignIn({ path, query: new URLSearchParams(query), cookie })).toBe(expected);
  });
});

describe('the pages a built app answers with', () => {
  let t: TestServer;
  let dir: string;
  const INDEX = '<!doctype html><html lang="en"><body><div id="root">splash</div></body></html>';
  const signInPage = (language: string) =>
    `<!doctype html><html lang="${language}"><body><div id="root"><form>${language}</form><a href="${TERMS_URL_SLOT}">terms</a></div></body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'droplane-dist-'));
    mkdirSync(join(dir, 'first-paint'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    for (const language of ['en', 'nl', 'de']) writeFileSync(join(dir, firstPaintPage(language)), signInPage(language));
    t = await startTestServer({ env: { STATIC_DIR: dir, TERMS_URL: 'https://example.com/terms?a=1&b="2"' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(t.url + path, { headers });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

  it("sends a new visitor the sign-in in the browser's language, with this server's terms, never cached apart", async () => {
    const page = await get('/login', { 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<form>nl</form>');
    expect(page.body).toContain('href="https://example.com/terms?a=1&amp;b=&quot;2&quot;"');
    expect(page.body).not.toContain(TERMS_URL_SLOT);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toMatch(/Cookie/);
    expect(page.headers.get('vary')).toMatch(/Accept-Language/);
    expect((await get('/', { cookie: 'dl_language=de' })).body).toContain('<form>de</form>');
    expect((await get('/')).body).toContain('<form>en</form>');
  });

  it('sends the splash to a phone with a session, a shared link and any deep link', async () => {
    for (const [path, headers] of [
      ['/', { cookie: 'dl_session=1' }],
      ['/?projectId=1&routeId=1&token=abc', {}],
      ['/routes/12', {}],
      ['/index.html', {}],
    ] as const) {
      expect((await get(path, headers)).body, path).toBe(INDEX);
    }
  });

  it('falls back to the splash when the build has no page for the language', async () => {
    rmSync(join(dir, firstPaintPage('de')));
    expect((await get('/login', { 'accept-language': 'de' })).body).toBe(INDEX);
  });
});
