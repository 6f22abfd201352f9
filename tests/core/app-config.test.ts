/**
 * The default language (src-worker/config/app-config.ts, chosen at start by core/app-start.ts): the country the
 * public trace page names gives the language, English when the page is slow, missing or names another country,
 * and only while the driver has chosen none.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryFromTrace, languageForCountry } from '../../src-shared/domain/settings.ts';
import { lookUpLanguage, TRACE_TIMEOUT_MS } from '../../src-worker/config/app-config.ts';
import { coreSuite } from '../helpers/core-suite.ts';

/** A stand-in for the public trace page: answers `loc=XX`, optionally after a delay. */
let trace: Server;
let traceUrl = '';
const answers: Record<string, { country: string; delayMs: number }> = {
  '/nl': { country: 'NL', delayMs: 0 },
  '/at': { country: 'AT', delayMs: 0 },
  '/fr': { country: 'FR', delayMs: 0 },
  '/slow': { country: 'NL', delayMs: TRACE_TIMEOUT_MS + 500 },
};

beforeAll(async () => {
  trace = createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    if (!answer) return void res.writeHead(404).end();
    setTimeout(() => res.end(`fl=1\nip=127.0.0.1\nloc=${answer.country}\ntls=TLSv1.3\n`), answer.delayMs);
  });
  await new Promise<void>((r) => trace.listen(0, '127.0.0.1', r));
  traceUrl = `http://127.0.0.1:${(trace.address() as { port: number }).port}`;
});
afterAll(async () => {
  trace.closeAllConnections();
  await new Promise((r) => trace.close(r));
});
// After the trace page's hooks: its address is known when the server starts.
const suite = coreSuite(() => ({ env: { TRACE_URL: `${traceUrl}/nl` } }));

describe('default language', () => {
  it.each([
    ['NL', 'nl'],
    ['de', 'de'],
    ['AT', 'de'],
    ['CH', 'de'],
    ['BE', 'en'],
    [null, 'en'],
  ] as const)('country %s gives %s', (country, language) => {
    expect(languageForCountry(country)).toBe(language);
  });

  it('reads loc= from the trace page', () => {
    expect(countryFromTrace('ip=1.2.3.4\nloc=NL\n')).toBe('NL');
    expect(countryFromTrace('ip=1.2.3.4\n')).toBeNull();
  });

  it('asks the trace page, and falls back to English when it is slow, missing or unknown', async () => {
    expect(await lookUpLanguage(fetch, `${traceUrl}/nl`)).toBe('nl');
    expect(await lookUpLanguage(fetch, `${traceUrl}/at`)).toBe('de');
    expect(await lookUpLanguage(fetch, `${traceUrl}/fr`)).toBe('en');
    expect(await lookUpLanguage(fetch, `${traceUrl}/missing`)).toBe('en');
    expect(await lookUpLanguage(fetch, null)).toBe('en');
    // It would answer NL, but only after the time limit: the lookup gave up and chose English.
    expect(await lookUpLanguage(fetch, `${traceUrl}/slow`)).toBe('en');
  });

  it('the core chooses the language from TRACE_URL only when none was chosen', async () => {
    const unchosen = await suite.core({ init: { languageChosen: false } });
    await unchosen.until((s) => s.settings.language === 'nl');
    const chosen = await suite.core({ init: { languageChosen: true } });
    await new Promise((r) => setTimeout(r, 200));
    expect(chosen.state().settings.language).toBe('en');
  });
});
