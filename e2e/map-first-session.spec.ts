/**
 * The map in a driver's first session (issue 31), from a brand-new browser profile with the map host stubbed
 * (support/map-hosts.ts): the map's code reaches the service worker's map cache while the driver is on the list, and
 * a first open with no network draws a map at once, on the built-in style, without asking for a style that is not
 * kept; the tiles fetched ahead for a route (and its style's files) are kept whether or not the service worker
 * controls the page yet, so the route has its streets offline. WebGL runs on SwiftShader here (the GPU flags as in map.spec.ts).
 */

import type { Page } from '@playwright/test';
import { chromiumLaunch } from '../scripts/chromium.mjs';
import { MAP_STYLE_CACHE, MAP_TILE_CACHE } from '../src-shared/domain/map-caches.ts';
import { MAP_CODE } from '../src-ui/map/cache-rules.ts';
import { FALLBACK_MS } from '../src-ui/map/style-health.ts';
import { mapDrawn } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { blockMapHost, stubMapHost } from './support/map-hosts.ts';

test.use({
  launchOptions: chromiumLaunch({ webgl: true }),
});
test.setTimeout(120_000);

const mapRoot = (page: Page) => page.locator('[data-map-style]');
const streetsShown = (page: Page) =>
  expect(mapRoot(page)).toHaveAttribute('data-map-style', 'streets', { timeout: 30_000 });

/** The entries of one of the service worker's caches, as paths. */
const cached = (page: Page, name: string) =>
  page.evaluate(
    async (cacheName) => (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname),
    name,
  );

/** The tile cache's entries in Workbox's bookkeeping (workbox-expiration's IndexedDB): what its bounds count. */
const tracked = (page: Page, cacheName: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('workbox-expiration');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache-entries')) return resolve(0);
          const count = db.transaction('cache-entries').objectStore('cache-entries').index('cacheName').count(name);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
    cacheName,
  );

/** Every value the map root's data-map-style took, in order, recorded from the page's start. */
async function recordMapStyles(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __mapStyles: string[] }).__mapStyles = seen;
    new MutationObserver(() => {
      const value = document.querySelector('[data-map-style]')?.getAttribute('data-map-style');
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-map-style'] });
  });
  return () => page.evaluate(() => (window as unknown as { __mapStyles: string[] }).__mapStyles);
}

/** From the list the driver signed in on (the same page), by a tap. */
async function openFromList(page: Page) {
  await page
    .getByRole('article')
    .filter({ hasText: 'Cargo bike 1' })
    .getByRole('button', { name: 'Open route' })
    .click();
  await mapDrawn(page);
}

test('a first session online, then a first open with no network: the map at once, on the built-in style', async ({
  page,
  context,
  signIn,
}) => {
  // The style's host cannot be reached all along: no style is ever kept.
  await blockMapHost(context);
  const styles = await recordMapStyles(page);
  await signIn(page, DEMO.driver);
  await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
  // On the list, no route opened yet: the map's code reaches the service worker's map cache once the service worker
  // has taken this page over (no reload).
  await expect
    .poll(
      async () =>
        // By the names the build gives them: a hash may hold a '-' too.
        (await cached(page, MAP_CODE.cache))
          .map((p) => p.replace(/^(\/assets\/(?:RouteMap|maplibre-gl-worker))-.+\.(m?js|css)$/, '$1.$2'))
          .sort(),
      {
        timeout: 30_000,
      },
    )
    .toEqual(['/assets/RouteMap.css', '/assets/RouteMap.js', '/assets/maplibre-gl-worker.mjs']);
  await openFromList(page);
  await expect(mapRoot(page)).toHaveAttribute('data-map-style', 'built-in', { timeout: 20_000 });

  // The phone loses its signal; the app is opened again on the route.
  await context.setOffline(true);
  await page.reload();
  await mapDrawn(page);
  await expect(mapRoot(page)).toHaveAttribute('data-map-style', 'built-in');
  // Drawn on the built-in style from the start: the street style, not kept, was never asked for nor waited for.
  expect(await styles()).toEqual(['built-in']);
  await expect(page.getByRole('status').filter({ hasText: 'Street map unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop 1', exact: true })).toHaveCount(1);
  await context.setOffline(false);
});

test('online with the style’s host unreachable, its failed request is noticed at once, not after the timer', async ({
  page,
  context,
  signIn,
}) => {
  await blockMapHost(context);
  // The map says how long it waited for the style when it gave up on it (use-map-style.ts): the time its timer
  // counted, which is not the wall clock's (a busy phone's late ticks count for little: style-health.ts).
  const waited: number[] = [];
  page.on('console', (message) => {
    const ms = /did not load \((\d+) ms waited\)/.exec(message.text())?.[1];
    if (ms !== undefined) waited.push(Number(ms));
  });
  await signIn(page, DEMO.driver);
  // Whether the failure used to come before the map's next render (and went unheard) depended on the machine's
  // timing: three opens.
  for (let open = 1; open <= 3; open++) {
    if (open > 1) await page.goto('/routes', { waitUntil: 'domcontentloaded' });
    await openFromList(page);
    await expect(mapRoot(page)).toHaveAttribute('data-map-style', 'built-in', { timeout: 30_000 });
    expect(waited).toHaveLength(open);
  }
  // Each request failed within milliseconds: heard then, not after the style's 5 s with nothing heard.
  for (const ms of waited) expect(ms).toBeLessThan(FALLBACK_MS);
});

test('a brand-new profile: the route’s tiles fetched ahead in the first session show its streets offline', async ({
  page,
  context,
  signIn,
}) => {
  const host = await stubMapHost(context);
  await signIn(page, DEMO.driver);
  await openFromList(page);
  await streetsShown(page);
  await expect
    .poll(async () => (await cached(page, MAP_TILE_CACHE.name)).length, { timeout: 30_000 })
    .toBeGreaterThan(20);

  host.offline();
  await context.setOffline(true);
  await page.reload();
  await mapDrawn(page);
  await streetsShown(page);
  await expect(page.getByText('Street map unavailable')).toHaveCount(0);
  await context.setOffline(false);
});

test.describe('with no service worker at all', () => {
  test.use({ serviceWorkers: 'block' });

  test('the core keeps the route’s tiles in the bounded tile cache itself, on its bookkeeping', async ({
    page,
    context,
    signIn,
  }) => {
    const host = await stubMapHost(context);
    await signIn(page, DEMO.driver);
    await openFromList(page);
    await streetsShown(page);
    // The prefetch's tiles (zooms 10-14 of the route's box), in the service worker's cache by its name, each on
    // Workbox's bookkeeping, which keeps the cache within its count and age whoever wrote it.
    const keptAndTracked = async () => {
      const kept = (await cached(page, MAP_TILE_CACHE.name)).length;
      return kept > 20 && kept === (await tracked(page, MAP_TILE_CACHE.name));
    };
    await expect.poll(keptAndTracked, { timeout: 30_000 }).toBe(true);
    const tiles = await cached(page, MAP_TILE_CACHE.name);
    expect(tiles.every((path) => /^\/planet\/test\/\d+\/\d+\/\d+\.pbf$/.test(path))).toBe(true);
    expect(tiles.some((path) => path.startsWith('/planet/test/10/'))).toBe(true);
    expect(host.log.tiles().length).toBeGreaterThanOrEqual(tiles.length);
    // The style's own files too (document and TileJSON), without which no kept tile would show.
    expect(await cached(page, MAP_STYLE_CACHE.name)).toEqual(expect.arrayContaining(['/styles/positron', '/planet']));
    expect(await tracked(page, MAP_STYLE_CACHE.name)).toBe((await cached(page, MAP_STYLE_CACHE.name)).length);
  });
});
