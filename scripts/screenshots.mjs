#!/usr/bin/env node
/**
 * Screenshots of the running app at phone size, for the README (docs/screenshots/) or for a review of every screen.
 * Builds the app when stale, starts the real server on a fresh seeded database (as the browser tests do,
 * e2e/support/server.ts), and drives Debian's Chromium (CHROMIUM_PATH to use another) through Playwright.
 *
 *   npm run screenshots                      # the README's shots into docs/screenshots/
 *   npm run screenshots -- --set review --out /tmp/shots --lang en,de --theme light,dark [--text 200] [--only a,b]
 *
 * --text 200 doubles the root font size (WCAG 1.4.4); --spacing adds WCAG 1.4.12's text spacing.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startAppServer } from '../e2e/support/server.ts';
import { buildIfStale, root } from './app-build.mjs';
import { chromiumLaunch } from './chromium.mjs';

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'readme' },
    out: { type: 'string' },
    lang: { type: 'string', default: 'en' },
    theme: { type: 'string', default: 'light' },
    text: { type: 'string', default: '100' },
    spacing: { type: 'boolean', default: false },
    only: { type: 'string' },
    scale: { type: 'string', default: '1' },
  },
});

const PASSWORD = 'demo-password';
const DRIVER = 'driver@example.com';
const SIZE = { width: 390, height: 844 };
const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }' +
  ' p { margin-bottom: 2em !important; }';

/** The driver API as another device would call it: to start a route and finish stops before a shot. */
async function driverApi(url) {
  const call = async (method, path, token, body) => {
    const res = await fetch(url + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { accessToken } = await call('POST', '/v1/drivers/signin', null, { email: DRIVER, password: PASSWORD });
  const routes = (await call('GET', '/v1/projects/routes', accessToken)).flatMap((p) => p.routes);
  const today = routes.find((r) => r.vehicle_name === 'Cargo bike 1' && r.status !== 'finished');
  const route = await call('GET', `/v1/projects/routes/${today.id}`, accessToken);
  const base = `/v1/projects/${today.project_id}/routes/${today.id}`;
  return {
    route,
    start: () => call('POST', base, accessToken, { status: 'in_progress' }),
    finish: (stop) => call('POST', `${base}/services/${stop.id}`, accessToken, { status: 'finished' }),
  };
}

/**
 * The dispatcher API, to turn the delivery outcomes (issue 34) on for the shots that show them: the demo
 * organisation's plan has them, and each shot sets the route's settings (on for those, off for the spec's screens).
 */
async function dispatchApi(url, token) {
  const call = async (method, path, body) => {
    const res = await fetch(`${url}/v1/dispatch${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const demo = (await call('GET', '/organisations')).find((o) => o.name === 'Demo Logistics');
  const flags = { ft_failure_reasons: true, ft_delivery_places: true, ft_delivery_codes: true };
  await call('PATCH', `/organisations/${demo.id}`, { plan: flags });
  return {
    setCode: (route, stop, code) => call('PATCH', `/routes/${route.id}/stops/${stop.id}`, { delivery_code: code }),
    outcomes: async (route, on) => {
      const { id: _, ...settings } = route.publication_settings;
      const outcomes = { failure_reasons: on, delivery_places: on, delivery_codes: on };
      await call('PUT', `/routes/${route.id}/publication-settings`, { ...settings, ...outcomes });
    },
  };
}

async function signIn(page) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DRIVER);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await password.waitFor({ state: 'hidden', timeout: 15_000 });
}

/** Past a stop's notes alert, if it shows one. */
async function dismissAlert(page) {
  const alert = page.getByRole('alertdialog');
  await page.waitForTimeout(400);
  if (await alert.isVisible()) await alert.getByRole('button').first().click();
}

/** Nothing moving or loading; no focus ring (a screen change focuses its heading, which a keyboard user sees). */
async function settled(page, ms = 600) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.waitForTimeout(ms);
}

/** Waits for the map's canvas and gives SwiftShader time to draw it. */
async function mapDrawn(page) {
  await page.locator('canvas.maplibregl-canvas').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(3500);
}

/**
 * The shots: name -> what brings the screen up. `ctx` holds the route (started, its first two stops finished) and
 * the server's URL; each shot starts from a signed-in page.
 */
const SHOTS = {
  login: { set: ['review'], signedOut: true, go: async (page) => page.goto('/login') },
  account: { set: ['review'], go: async (page) => page.goto('/account') },
  settings: { set: ['review'], go: async (page) => page.goto('/account/settings') },
  'settings-theme': { set: ['review'], go: async (page) => page.goto('/account/settings/theme') },
  about: { set: ['review'], go: async (page) => page.goto('/about') },
  'route-list': {
    set: ['readme', 'review'],
    go: async (page) => {
      await page.goto('/routes');
      await page.locator('article').first().waitFor();
    },
  },
  'route-list-closed': {
    set: ['review'],
    go: async (page) => {
      await page.goto('/routes/closed');
      await page.locator('article').first().waitFor();
    },
  },
  'route-preview': {
    set: ['review'],
    go: async (page) => {
      await page.goto('/routes/closed');
      await page.locator('article button').first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  'route-map': {
    set: ['readme', 'review'],
    map: true,
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}`);
      await mapDrawn(page);
    },
  },
  'route-map-open': {
    set: ['review'],
    map: true,
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}`);
      await page.getByRole('button', { name: /stop list|stoplijst|Stoppliste/i }).click();
      await mapDrawn(page);
    },
  },
  'route-list-mode': {
    set: ['review'],
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}`);
      await page.locator('ol li').first().waitFor();
    },
  },
  'more-sheet': {
    set: ['review'],
    map: true,
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}`);
      await mapDrawn(page);
      await page.locator('header button').last().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  'stop-info': {
    set: ['review'],
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}/stops/${ctx.next.id}`);
      await dismissAlert(page);
    },
  },
  complete: {
    set: ['readme', 'review'],
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}/stops/${ctx.next.id}/complete`);
      await dismissAlert(page);
    },
  },
  signature: {
    set: ['readme', 'review'],
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}/stops/${ctx.next.id}/complete`);
      await dismissAlert(page);
      await page.locator('main section button').first().click();
      const dialog = page.getByRole('dialog');
      const canvas = dialog.locator('canvas');
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      const at = (x, y) => [box.x + box.width * x, box.y + box.height * y];
      await page.mouse.move(...at(0.15, 0.6));
      await page.mouse.down();
      for (const [x, y] of [
        [0.25, 0.35],
        [0.32, 0.7],
        [0.42, 0.4],
        [0.5, 0.68],
        [0.6, 0.38],
        [0.7, 0.62],
        [0.85, 0.5],
      ])
        await page.mouse.move(...at(x, y), { steps: 6 });
      await page.mouse.up();
      await dialog.getByRole('textbox').fill('J. de Boer');
    },
  },
  'complete-code': {
    set: ['readme', 'review'],
    outcomes: true,
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}/stops/${ctx.next.id}/complete`);
      await dismissAlert(page);
      await page.locator('input[type="radio"][value="recipient"]').check({ force: true });
      const code = page.getByRole('textbox').first();
      await code.fill('4711');
      await code.evaluate((field) => field.scrollIntoView({ block: 'center' }));
    },
  },
  'skip-reason': {
    set: ['readme', 'review'],
    outcomes: true,
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}/stops/${ctx.next.id}/complete?status=skipped`);
      await dismissAlert(page);
      await page.locator('input[type="radio"][value="not_at_home"]').check({ force: true });
    },
  },
  'age-sheet': {
    set: ['review'],
    go: async (page, ctx) => {
      await page.goto(`/routes/${ctx.route.id}/stops/${ctx.next.id}/complete`);
      await dismissAlert(page);
      await page.locator('main section button').nth(1).click();
      await page.getByRole('dialog').waitFor();
    },
  },
};

async function main() {
  const set = args.set;
  const out = resolve(args.out ?? join(root, 'docs/screenshots'));
  const only = args.only ? new Set(args.only.split(',')) : null;
  const shots = Object.entries(SHOTS).filter(([name, s]) => s.set.includes(set) && (!only || only.has(name)));
  mkdirSync(out, { recursive: true });

  const dist = join(root, 'dist');
  if ((await buildIfStale(dist)) !== 0) throw new Error('The app build failed.');
  const server = await startAppServer();
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const api = await driverApi(server.url);
    await api.start();
    const stops = api.route.stops;
    // The start stop and the first two deliveries done: the map shows done and pending markers, the next is active.
    const deliveries = stops.filter((s) => s.type === 'delivery');
    // Delivered through the API without proofs: only stops that require none (the server holds the proof rules).
    const free = (s) => !s.requirements?.picture && !s.requirements?.signature && !s.requirements?.age_verification;
    for (const stop of [stops[0], ...deliveries.filter(free).slice(0, 2)]) await api.finish(stop);
    const next = deliveries.slice(2).find((s) => s.requirements?.signature) ?? deliveries[2];
    const ctx = { route: api.route, next };
    const dispatch = await dispatchApi(server.url, server.dispatchToken);
    // The next stop asks for a code where the route has codes on (the outcome shots): the spec's screens do not.
    await dispatch.setCode(api.route, next, '4711');

    const langs = set === 'readme' ? ['en'] : args.lang.split(',');
    const themes = set === 'readme' ? ['light'] : args.theme.split(',');
    for (const lang of langs) {
      for (const theme of themes) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: SIZE,
          deviceScaleFactor: Number(args.scale),
          isMobile: true,
          hasTouch: true,
          locale: 'en-US',
          colorScheme: theme === 'dark' ? 'dark' : 'light',
        });
        const page = await context.newPage();
        await signIn(page);
        const cookie = (name, value) => ({ name, value, url: server.url });
        await context.addCookies([cookie('dl_language', lang), cookie('dl_theme', theme)]);
        if (args.text !== '100' || args.spacing) {
          const css = `${args.text !== '100' ? `html { font-size: ${args.text}% !important; }` : ''}${args.spacing ? TEXT_SPACING : ''}`;
          await context.addInitScript(`{
            const add = () => { const s = document.createElement('style'); s.textContent = ${JSON.stringify(css)}; document.head.append(s); };
            if (document.head) add(); else document.addEventListener('DOMContentLoaded', add);
          }`);
        }
        for (const [name, shot] of shots) {
          await context.addCookies([cookie('dl_mapView', shot.map ? 'on' : 'off')]);
          await dispatch.outcomes(api.route, Boolean(shot.outcomes));
          if (shot.signedOut) await context.clearCookies({ name: 'none' });
          await shot.go(page, ctx);
          await settled(page);
          const file = set === 'readme' ? `${name}.png` : `${name}-${lang}-${theme}.png`;
          await page.screenshot({ path: join(out, file) });
          console.log(join(out, file));
        }
        // The README's themed shots: the route view's map in the dark theme and in Sunlight.
        for (const [file, shotTheme] of [
          ['route-map-dark', 'dark'],
          ['route-map-sunlight', 'sunlight'],
        ]) {
          if (set !== 'readme' || (only && !only.has(file))) continue;
          await dispatch.outcomes(api.route, false);
          await context.addCookies([cookie('dl_theme', shotTheme), cookie('dl_mapView', 'on')]);
          await SHOTS['route-map'].go(page, ctx);
          await settled(page);
          await page.screenshot({ path: join(out, `${file}.png`) });
          console.log(join(out, `${file}.png`));
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
