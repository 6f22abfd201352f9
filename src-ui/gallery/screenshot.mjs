/**
 * Screenshots of the component gallery at 390x844 (a common phone), for a person to look at.
 * Start the dev server first (`npx vite --port 5199`), then: node src-ui/gallery/screenshot.mjs
 * Env: GALLERY_URL (default http://localhost:5199/gallery.html), OUT_DIR (default /tmp/droplane-gallery),
 * CHROMIUM_PATH (default /usr/bin/chromium). Writes PNGs outside the repository.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../../scripts/chromium.mjs';

const url = process.env.GALLERY_URL ?? 'http://localhost:5199/gallery.html';
const outDir = process.env.OUT_DIR ?? '/tmp/droplane-gallery';
const viewport = { width: 390, height: 844 };
const scenes = ['login', 'account', 'alert', 'confirm', 'loading', 'snackbar', 'fallback'];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunch());
const errors = [];
const shots = [];

async function newPage(reducedMotion) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    reducedMotion,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

async function shot(page, name, options = {}) {
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path, ...options });
  shots.push(path);
}

// The kit page, one phone screen at a time.
{
  const page = await newPage('reduce');
  await page.goto(url);
  await page.waitForSelector('h1');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 1; y < height; y += viewport.height, i++) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(100);
    await shot(page, `kit-${String(i).padStart(2, '0')}`);
  }
  // Keyboard focus ring on the first button.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('button', { hasText: 'Start route' }).first().focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await shot(page, 'kit-focus');
  await page.context().close();
}

// Full-screen scenes, with reduced motion so nothing is caught mid-animation.
for (const scene of scenes) {
  const page = await newPage('reduce');
  await page.goto(`${url}#${scene}`);
  await page.waitForTimeout(400);
  await shot(page, `scene-${scene}`);
  if (scene === 'login') {
    await page.getByLabel('Password', { exact: true }).fill('secret password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await shot(page, 'scene-login-filled');
  }
  if (scene === 'snackbar') {
    await page.getByRole('button', { name: 'App updated' }).click();
    await page.waitForTimeout(100);
    await shot(page, 'scene-snackbar-preempt');
  }
  if (scene === 'confirm') {
    await page.getByRole('button', { name: 'Start route' }).click();
    await shot(page, 'scene-confirm-loading');
  }
  await page.context().close();
}

// The slide-up animation with motion on: mid-way and settled.
{
  const page = await newPage('no-preference');
  await page.goto(`${url}#login`);
  await page.waitForTimeout(120);
  await shot(page, 'motion-login-midway');
  await page.waitForTimeout(600);
  await shot(page, 'motion-login-settled');
  await page.context().close();
}

await browser.close();
console.log(shots.join('\n'));
if (errors.length) console.log(`page errors:\n${errors.join('\n')}`);
