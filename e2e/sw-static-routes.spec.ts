/**
 * The service worker's static routes (src-ui/app/sw-static-routes.ts): once it controls the app, the hashed app
 * files come from its precache and the API from the network without its fetch handler running, and the map's code
 * (cached on first use, not precached) still goes through the handler. Read from the browser's own account of each
 * file (Resource Timing's `workerMatchedSourceType`), so it fails if the routes are lost or the browser stops taking
 * them.
 */
import type { Page } from '@playwright/test';
import { underServiceWorker } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Per file of the page under `under`, the static route's source that matched it and the one that answered it
 * ("cache cache"; '' for none): a file the route sends to the precache but the precache lacks is answered by the
 * network, and says so.
 */
function routedAssets(page: Page, under = '/assets/'): Promise<Record<string, string>> {
  return page.evaluate((under) => {
    const entries = performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
      workerMatchedSourceType?: string;
      workerFinalSourceType?: string;
    })[];
    return Object.fromEntries(
      entries
        .filter((entry) => new URL(entry.name).pathname.startsWith(under))
        .map((entry) => [
          new URL(entry.name).pathname,
          `${entry.workerMatchedSourceType ?? ''} ${entry.workerFinalSourceType ?? ''}`.trim(),
        ]),
    );
  }, under);
}

test('the app files come from the precache and the API from the network without the fetch handler; the map code goes through it', async ({
  page,
}) => {
  await page.goto('/');
  await underServiceWorker(page);
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();

  const assets = await routedAssets(page);
  const scripts = Object.keys(assets).filter((path) => /\/(index|shell)-[\w-]+\.js$/.test(path));
  expect(scripts).toHaveLength(2);
  for (const path of Object.keys(assets)) expect(assets[path], path).toBe('cache cache');

  // The map's code, as the route view loads it: through the handler, which caches it for the next offline start.
  const mapScript = await page.evaluate(() => {
    const files = document.querySelector('meta[name="droplane-map-code"]')?.getAttribute('content') ?? '';
    return files.split(' ').find((file) => file.endsWith('.js')) ?? '';
  });
  expect(mapScript).toMatch(/^\/assets\/RouteMap-/);
  expect(await page.evaluate((url) => fetch(url).then((res) => res.ok), mapScript)).toBe(true);
  // Resource Timing adds the entry a moment after the body has arrived.
  await expect.poll(async () => (await routedAssets(page))[mapScript]).toBe('fetch-event fetch-event');

  // The API goes to the network without the service worker (the core's calls take the same rule).
  // Its entry comes once the answer's body has been read.
  expect(await page.evaluate(() => fetch('/v1/organisations').then((res) => res.text().then(() => res.status)))).toBe(
    401,
  );
  await expect.poll(async () => (await routedAssets(page, '/v1/'))['/v1/organisations']).toBe('network network');
});
