/**
 * When the map draws (src-ui/map/frame-gate.ts, issue 32): nothing while a stop window covers it, and a draw it
 * wanted then comes once the window closes. Draws are counted as WebGL draw calls on the page's contexts (maplibre's
 * and deck.gl's), wrapped before any script runs.
 */

import type { Page } from '@playwright/test';
import { chromiumLaunch } from '../scripts/chromium.mjs';
import { mapDrawn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';
import { blockMapHost } from './support/map-hosts.ts';

test.use({ launchOptions: chromiumLaunch({ webgl: true }), freshServer: true });

test.beforeEach(async ({ context }) => {
  await blockMapHost(context);
  // Every draw call, with when it came. Written as text: the tests' TypeScript has no DOM types.
  await context.addInitScript(`{
    window.__draws = [];
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) {
        const own = proto[name];
        if (!own) continue;
        proto[name] = function (...args) {
          window.__draws.push(performance.now());
          return own.apply(this, args);
        };
      }
    }
  }`);
});

/** The draw calls made in [from, to) on the page's clock. */
function drawsBetween(page: Page, from: number, to = Number.POSITIVE_INFINITY): Promise<number> {
  return page.evaluate(
    ([a, b]) => (window as unknown as { __draws: number[] }).__draws.filter((t) => t >= a && t < b).length,
    [from, to] as const,
  );
}

test('a stop window over the map: the flight under way ends unseen, drawn once the window closes', async ({
  page,
  signedInOnRoute,
}) => {
  await signedInOnRoute({ open: 'route' });
  await mapDrawn(page);
  // Fit to bounds starts an 800 ms flight; Arrived 50 ms into it opens the window (clicked in the page, so the two
  // are 50 ms apart however slow the machine). The flight's end is a jump under the window (use-map-camera.ts).
  await page.evaluate(() => {
    const button = (name: string, within: ParentNode = document) =>
      [...within.querySelectorAll('button')].find(
        (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
      )!;
    const card = document.querySelector('[aria-roledescription="slide"]:not([aria-hidden])')!;
    const arrived = button('Arrived', card);
    button('Fit to bounds').click();
    setTimeout(() => arrived.click(), 50);
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete stop');
  // Two frames for the window's own paint, then a second under it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const covered = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1_000);
  expect(await drawsBetween(page, covered)).toBe(0);

  const closed = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Complete stop');
  await expect.poll(() => drawsBetween(page, closed)).toBeGreaterThan(0);
});
