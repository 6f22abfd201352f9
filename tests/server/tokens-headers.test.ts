/**
 * Issue 16, items 3 and 4: a refresh token reused within its grace window answers the refresh token its first use got
 * (one live family member, however many race), reuse after it revokes the family (RFC 9700 4.14); and every answer
 * carries the security headers, with no-store on token and authenticated JSON answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src-server/http/security-headers.ts';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import { makeDriver, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let clock = Date.now();

beforeAll(async () => {
  t = await startTestServer({
    now: () => clock,
    env: { REFRESH_GRACE_SECONDS: '30', MAP_STYLE_LIGHT: 'https://styles.example.com/light.json' },
  });
});
afterAll(() => t.close());

const refresh = (token: string) => t.request<TokenPair>('POST', '/v1/token/refresh', { body: { token } });

describe('item 3: refresh token reuse', () => {
  it('answers 10 concurrent refreshes of one token with one pair: one live successor', async () => {
    const driver = await makeDriver(t);
    const pair = await signIn(t, driver.email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(pair.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const successors = new Set(answers.map((a) => a.body.refreshToken));
    expect(successors.size).toBe(1);
    const live = await t.server.ctx.db
      .selectFrom('refresh_tokens')
      .select('jti')
      .where('driver_id', '=', driver.driverId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    // The access token the replays carry works like the first one.
    const me = await t.request('GET', `/v1/drivers/${driver.driverId}`, { token: answers[9]!.body.accessToken });
    expect(me.status).toBe(200);
    console.log(`reliability: 10 concurrent refreshes of one token -> ${successors.size} live refresh token`);
  });

  it('revokes the whole family when a used token comes back after the grace window', async () => {
    const driver = await makeDriver(t);
    const first = await signIn(t, driver.email);
    const second = (await refresh(first.refreshToken)).body;
    const third = (await refresh(second.refreshToken)).body;
    clock += 31_000;
    const stolen = await refresh(first.refreshToken);
    expect(stolen.status).toBe(401);
    expect((stolen.body as unknown as { message: string }).message).toMatch(/already used/);
    // The family's live token, held by the rightful driver or the thief, is dead too.
    expect((await refresh(third.refreshToken)).status).toBe(401);
    // And reuse keeps being detected afterwards.
    expect((await refresh(second.refreshToken)).status).toBe(401);
    // Another sign-in starts a new family.
    expect((await refresh((await signIn(t, driver.email)).refreshToken)).status).toBe(200);
  });
});

describe('item 4: security headers', () => {
  it('sends CSP, nosniff, no-referrer and frame-ancestors none on the app, and no-store on API answers', async () => {
    const driver = await makeDriver(t);
    const signin = await t.request('POST', '/v1/drivers/signin', {
      body: { email: driver.email, password: 'test-password' },
    });
    const app = await t.request('GET', '/');
    const config = await t.request('GET', '/app-config.json');
    const me = await t.request('GET', `/v1/drivers/${driver.driverId}`, {
      token: (signin.body as TokenPair).accessToken,
    });
    for (const res of [signin, app, config, me]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(signin.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('cache-control')).toBe('no-store');
    // The app's settings keep their own revalidation (offline starts use the kept copy).
    expect(config.headers.get('cache-control')).toBe('no-cache');
    const csp = app.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain('https://styles.example.com');
    expect(csp).toContain('https://tiles.openfreemap.org');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('builds the policy from the map and trace settings', () => {
    const csp = contentSecurityPolicy({
      mapStyles: { light: 'https://a.example/s.json', dark: null, standard: 'not a url' },
      mapHosts: ['https://tiles.example:8443/x'],
      traceUrl: 'https://trace.example/cdn-cgi/trace',
    });
    expect(csp).toContain("img-src 'self' data: blob: https://a.example https://tiles.example:8443");
    expect(csp).toContain("connect-src 'self' https://a.example https://tiles.example:8443 https://trace.example");
    expect(csp).toContain("worker-src 'self' blob:");
  });

  it('takes violation reports and lists them for the dispatcher', async () => {
    const report = {
      'csp-report': {
        'document-uri': `${t.url}/`,
        'effective-directive': 'img-src',
        'blocked-uri': 'https://evil.example/x.png',
      },
    };
    const sent = await t.request('POST', '/v1/csp-reports', {
      rawBody: JSON.stringify(report),
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(sent.status).toBe(204);
    const listed = await t.dispatch<{ directive: string; blocked: string }[]>('GET', '/v1/dispatch/csp-reports');
    expect(listed.body.at(-1)).toMatchObject({ directive: 'img-src', blocked: 'https://evil.example/x.png' });
    expect((await t.request('GET', '/v1/dispatch/csp-reports')).status).toBe(401);
  });
});
