/**
 * The map's code fetched ahead (issue 20): with map view on, the route list asks for the map's chunk, its styles and
 * maplibre's worker once the page is idle, and the service worker keeps them, so the first route opens its map
 * without fetching them (here: with their network requests failing). With map view off they are never fetched.
 * WebGL runs on SwiftShader here (the GPU flags as in map.spec.ts).
 */
import type { Page } from '@playwright/test';
import { chromiumLaunch } from '../scripts/chromium.mjs';
import { MAP_CODE } from '../src-ui/map/cache-rules.ts';
import { dayFrom, driverApi, mapDrawn, routeOn, underServiceWorker } from './support/app.ts';
import { DEMO, expect, type ServerInfo, test } from './support/fixtures.ts';
import { stubMapHost } from './support/map-hosts.ts';

test.use({ launchOptions: chromiumLaunch({ webgl: true }) });
test.setTimeout(60_000);

const MAP_CODE_URL = /\/assets\/(RouteMap|maplibre-gl-worker)-[^/]+\.(m?js|css)$/;

/** The map code the service worker's map cache holds, as kinds: "RouteMap.js", "RouteMap.css", "maplibre-gl-worker.mjs". */
const cachedMapCode = (page: Page) =>
  page.evaluate(async (cacheName) => {
    const keys = await (await caches.open(cacheName)).keys();
    // By the names the build gives them: a hash may hold a '-' too.
    return keys
      .map((r) => new URL(r.url).pathname.replace(/^\/assets\/(RouteMap|maplibre-gl-worker)-.+\.(m?js|css)$/, '$1.$2'))
      .sort();
  }, MAP_CODE.cache);

async function signedInOnList(
  page: Page,
  server: ServerInfo,
  mapView: 'on' | 'off',
  signIn: (p: Page) => Promise<void>,
) {
  await page.context().addCookies([{ name: 'dl_mapView', value: mapView, url: server.url }]);
  await signIn(page);
  await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
  await underServiceWorker(page);
  await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
}

test('with map view on, the list fetches the map’s code ahead and the route’s map opens from the cache', async ({
  page,
  context,
  server,
  signIn,
}) => {
  await stubMapHost(context);
  await signedInOnList(page, server, 'on', (p) => signIn(p, DEMO.driver));
  // No route opened yet: the chunk, its styles and maplibre's worker are fetched and kept.
  await expect
    .poll(() => cachedMapCode(page), { timeout: 20_000 })
    .toEqual(['RouteMap.css', 'RouteMap.js', 'maplibre-gl-worker.mjs']);

  // From now on the network refuses the map's code: the route's map still opens, served by the service worker.
  const refused: string[] = [];
  await context.route(MAP_CODE_URL, (request) => {
    refused.push(request.request().url());
    return request.abort('connectionrefused');
  });
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await page.goto(`/routes/${bike.id}`);
  await mapDrawn(page);
  await expect(page.locator('[data-map-style]')).toHaveAttribute('data-map-style', /streets|loading/);
  expect(refused).toEqual([]);
});

test('with map view off, the map’s code is never fetched', async ({ page, context, server, signIn }) => {
  const fetched: string[] = [];
  context.on('request', (request) => {
    if (MAP_CODE_URL.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await signedInOnList(page, server, 'off', (p) => signIn(p, DEMO.driver));
  // Past the idle callback's longest wait (5 s), nothing was asked for.
  await page.waitForTimeout(6000);
  expect(fetched).toEqual([]);
  expect(await cachedMapCode(page)).toEqual([]);
});
