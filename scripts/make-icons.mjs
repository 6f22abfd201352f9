#!/usr/bin/env node
/**
 * Renders the app's PNG icons from the two SVG sources in public/icons with headless Chromium, so the PNGs always
 * match the drawing. The PNGs are committed (the build copies them as they are); run this after changing an SVG:
 *
 *   node scripts/make-icons.mjs
 *
 * icon.svg (the mark on a transparent background): icon-192.png, icon-512.png (manifest, purpose "any"),
 * favicon-32.png. maskable.svg (the mark in the safe zone on a full brand square): maskable-512.png (manifest,
 * purpose "maskable") and apple-touch-icon-180.png (iOS masks it itself and shows transparency as black).
 * Chromium is Debian's unless CHROMIUM_PATH names another.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './app-build.mjs';
import { chromiumLaunch } from './chromium.mjs';

const ICONS = join(root, 'public/icons');
const TARGETS = [
  { source: 'icon.svg', out: 'icon-192.png', size: 192 },
  { source: 'icon.svg', out: 'icon-512.png', size: 512 },
  { source: 'icon.svg', out: 'favicon-32.png', size: 32 },
  { source: 'maskable.svg', out: 'maskable-512.png', size: 512 },
  { source: 'maskable.svg', out: 'apple-touch-icon-180.png', size: 180 },
];

const browser = await chromium.launch(chromiumLaunch());
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { source, out, size } of TARGETS) {
    const svg = readFileSync(join(ICONS, source));
    const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        `<img alt="" src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(join(ICONS, out), png);
    console.log(`public/icons/${out}  ${size}x${size}  ${(png.length / 1024).toFixed(1)} KB  (from ${source})`);
  }
} finally {
  await browser.close();
}
