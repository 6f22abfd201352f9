/**
 * The route map's street style and its offline life (issue 14), with the map host (OpenFreeMap, the default
 * MAP_STYLE_*) stubbed in the browser context (support/map-hosts.ts): the street style loads and tiles are asked
 * for the route's area; an unreachable host gives way to the built-in style with the markers still drawn; a route
 * opened online shows its streets offline after a reload, from the service worker's bounded cache; the camera keeps
 * the active stop clear of the opening drawer; a marker tap selects its stop in the carousel. WebGL runs on
 * SwiftShader here (the GPU flags as in map.spec.ts).
 */

import type { Locator, Page } from '@playwright/test';
import { chromiumLaunch } from '../scripts/chromium.mjs';
import { MAP_TILE_CACHE } from '../src-shared/domain/map-caches.ts';
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import { tileAt } from '../src-ui/map/tiles.ts';
import { dayFrom, driverApi, mapDrawn, routeOn, underServiceWorker } from './support/app.ts';
import { DEMO, type Dispatch, expect, type ServerInfo, test } from './support/fixtures.ts';
import { blockMapHost, MAP_HOST, stubMapHost } from './support/map-hosts.ts';

test.use({
  launchOptions: chromiumLaunch({ webgl: true }),
});
test.setTimeout(60_000);

const mapRoot = (page: Page) => page.locator('[data-map-style]');
/** The street style with its first tiles drawn; maplibre's workers start slowly on software GL, hence the time. */
const streetsShown = (page: Page) =>
  expect(mapRoot(page)).toHaveAttribute('data-map-style', 'streets', { timeout: 30_000 });
const builtInShown = (page: Page) =>
  expect(mapRoot(page)).toHaveAttribute('data-map-style', 'built-in', { timeout: 20_000 });

/** "x,y" of a data attribute as numbers, in the page's coordinates (the map's box added). */
async function pointOf(page: Page, attribute: 'data-active-at' | 'data-next-at') {
  const root = mapRoot(page);
  const box = (await root.boundingBox())!;
  const [x, y] = (await root.getAttribute(attribute))!.split(',').map(Number) as [number, number];
  return { x: box.x + x, y: box.y + y };
}

async function openBikeRoute(page: Page, server: ServerInfo) {
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await page.goto(`/routes/${bike.id}`);
  await mapDrawn(page);
  return bike;
}

/** Entries of a cache of the service worker, counted in the page. */
const cacheSize = (page: Page, name: string) =>
  page.evaluate(async (cacheName) => (await (await caches.open(cacheName)).keys()).length, name);

test('the street style loads by default, with its attribution, and the route’s area is asked for', async ({
  page,
  context,
  server,
  signIn,
  dispatch,
}) => {
  const host = await stubMapHost(context);
  await signIn(page, DEMO.driver);
  await underServiceWorker(page);
  const bike = await openBikeRoute(page, server);
  await streetsShown(page);
  // No OSRM here: the server's line is its straight fallback, drawn dashed.
  await expect(mapRoot(page)).toHaveAttribute('data-line', 'straight');
  await expect(page.locator('.maplibregl-ctrl-attrib')).toContainText('OpenStreetMap');
  await expect(page.getByText('Street map unavailable')).toHaveCount(0);
  expect(host.log.requests).toContain('/styles/positron');
  expect(host.log.requests).toContain('/planet');

  // The prefetch (through the core) asks for every tile of the route's box at the overview zooms.
  const stops = await page.evaluate(() =>
    [...document.querySelectorAll('[data-map-style] ul button')].map((b) => b.textContent),
  );
  expect(stops.length).toBeGreaterThan(5);
  const first = await firstStopLngLat(dispatch, bike.id);
  const at12 = tileAt(first, 12);
  await expect
    .poll(() => host.log.tiles(), { timeout: 15_000, message: 'the first stop’s tile at zoom 12 and 14' })
    .toEqual(expect.arrayContaining([`12/${at12.x}/${at12.y}`, `14/${tileAt(first, 14).x}/${tileAt(first, 14).y}`]));
  await expect.poll(() => cacheSize(page, MAP_TILE_CACHE.name), { timeout: 15_000 }).toBeGreaterThan(10);
});

test('with data saver on the route’s tiles are not fetched ahead; with it off they are', async ({
  page,
  context,
  server,
  signIn,
}) => {
  // The Network Information API as a phone with data saver reports it; the page's localStorage turns it off.
  await context.addInitScript(() => {
    const saveData = localStorage.getItem('e2e-save-data') !== 'off';
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ saveData, effectiveType: '4g' }),
    });
  });
  const host = await stubMapHost(context);
  await signIn(page, DEMO.driver);
  await underServiceWorker(page);
  await openBikeRoute(page, server);
  await streetsShown(page);
  // Only the prefetch asks for zoom 10 (the view of the route is closer): none, well after the map went idle.
  const prefetched = () => host.log.tiles().filter((t) => t.startsWith('10/'));
  await page.waitForTimeout(8000);
  expect(prefetched()).toEqual([]);

  await page.evaluate(() => localStorage.setItem('e2e-save-data', 'off'));
  await page.reload();
  await streetsShown(page);
  await expect.poll(() => prefetched().length, { timeout: 20_000 }).toBeGreaterThan(0);
});

/** The first stop of a route, [lng, lat], from the dispatcher API. */
async function firstStopLngLat(dispatch: Dispatch, routeId: number): Promise<[number, number]> {
  const { body } = await dispatch<DispatchRouteDetail>('GET', `/routes/${routeId}`);
  const { lng, lat } = body.stops[0]!.address;
  return [lng, lat];
}

test('with the map host unreachable the built-in style takes over, says so quietly, and the markers draw', async ({
  page,
  context,
  server,
  signIn,
}) => {
  await blockMapHost(context);
  await signIn(page, DEMO.driver);
  const started = Date.now();
  await openBikeRoute(page, server);
  await builtInShown(page);
  expect(Date.now() - started).toBeLessThan(20_000);
  await expect(page.getByRole('status').filter({ hasText: 'Street map unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop 1', exact: true })).toHaveCount(1);
  await expect(mapRoot(page)).toHaveAttribute('data-active-at', /^\d+,\d+$/);
  await expect(mapRoot(page)).toHaveAttribute('data-next-at', /^\d+,\d+$/);
  // The markers are drawn: the active marker's brand blue shows where the map says it is.
  const active = await pointOf(page, 'data-active-at');
  await expect.poll(() => colourAt(page, active), { timeout: 10_000 }).toEqual('brand');
});

/** The colour class of the pixel at a page point: 'brand' for the markers' #0052b4, else 'other'. */
async function colourAt(page: Page, point: { x: number; y: number }) {
  const png = await page.screenshot({ clip: { x: point.x - 2, y: point.y - 2, width: 5, height: 5 } });
  const rgb = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, png.toString('base64'));
  const [r, g, b] = rgb as [number, number, number];
  return Math.abs(r - 0x00) < 30 && Math.abs(g - 0x52) < 30 && Math.abs(b - 0xb4) < 30 ? 'brand' : 'other';
}

test('a route opened online shows its streets offline after a reload, served from the bounded cache', async ({
  page,
  context,
  server,
  signIn,
}) => {
  const host = await stubMapHost(context);
  await signIn(page, DEMO.driver);
  await underServiceWorker(page);
  await openBikeRoute(page, server);
  await streetsShown(page);
  // The prefetch has filled the tile cache (the route's box at zooms 10-14).
  await expect.poll(() => cacheSize(page, MAP_TILE_CACHE.name), { timeout: 20_000 }).toBeGreaterThan(20);
  await expect.poll(() => cacheSize(page, 'droplane-map-styles')).toBeGreaterThanOrEqual(2);

  const cached = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
    MAP_TILE_CACHE.name,
  );

  // A dead zone: the map host and the app's server are gone.
  host.offline();
  await context.setOffline(true);
  const before = host.log.requests.length;
  await page.reload();
  await mapDrawn(page);
  // The style, its TileJSON and the tiles in view come from the cache: the streets show, no fallback.
  await streetsShown(page);
  await expect(page.getByText('Street map unavailable')).toHaveCount(0);
  // Cached tiles never went to the host (cache first); only the style's background revalidation tried.
  const asked = host.log.requests.slice(before);
  expect(asked.filter((p) => cached.includes(p))).toEqual([]);
  await context.setOffline(false);
});

test('the tile cache never grows past its bounds: the oldest entries go', async ({ page, context, server, signIn }) => {
  await stubMapHost(context);
  await signIn(page, DEMO.driver);
  await underServiceWorker(page);
  await openBikeRoute(page, server);
  await streetsShown(page);
  await expect.poll(() => cacheSize(page, MAP_TILE_CACHE.name), { timeout: 20_000 }).toBeGreaterThan(20);
  // Far more tiles than the cache holds, through the service worker, as panning around the country would.
  const extra = MAP_TILE_CACHE.maxEntries + 150;
  await page.evaluate(
    async ({ host, count }) => {
      const urls = Array.from(
        { length: count },
        (_, i) => `${host}/planet/test/13/${4000 + (i % 100)}/${2600 + Math.floor(i / 100)}.pbf`,
      );
      for (let i = 0; i < urls.length; i += 25)
        await Promise.all(urls.slice(i, i + 25).map((u) => fetch(u).then((r) => r.arrayBuffer())));
    },
    { host: MAP_HOST, count: extra },
  );
  await expect
    .poll(() => cacheSize(page, MAP_TILE_CACHE.name), { timeout: 20_000 })
    .toBeLessThanOrEqual(MAP_TILE_CACHE.maxEntries);
  expect(await cacheSize(page, MAP_TILE_CACHE.name)).toBeGreaterThan(MAP_TILE_CACHE.maxEntries - 200);
  // The newest are kept: the last tile asked for is there.
  const last = `${MAP_HOST}/planet/test/13/${4000 + ((extra - 1) % 100)}/${2600 + Math.floor((extra - 1) / 100)}.pbf`;
  expect(await page.evaluate(async (url) => Boolean(await caches.match(url)), last)).toBe(true);
});

test.describe('camera and markers (built-in style)', () => {
  test.beforeEach(async ({ context }) => {
    await blockMapHost(context);
  });

  test('the camera eases when the drawer opens with the active stop near the bottom edge', async ({
    page,
    server,
    signIn,
  }) => {
    await signIn(page, DEMO.driver);
    await openBikeRoute(page, server);
    await builtInShown(page);
    const handle = page.getByRole('button', { name: 'Resize the stop list' });
    await expect(mapRoot(page)).toHaveAttribute('data-active-at', /\d/);
    await page.waitForTimeout(1200); // the first flight to the active stop
    // Drag the map so the active stop sits just above the carousel.
    const drawerTop = (await handle.boundingBox())!.y;
    const from = await pointOf(page, 'data-active-at');
    const to = { x: from.x, y: drawerTop - 45 };
    await dragMap(page, mapRoot(page), from, to);
    await expect.poll(async () => (await pointOf(page, 'data-active-at')).y).toBeGreaterThan(drawerTop - 80);

    await handle.click();
    await expect(handle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await handle.boundingBox())!.y).toBeLessThan(drawerTop - 200);
    const openTop = (await handle.boundingBox())!.y;
    // The active stop comes into the part the open drawer leaves visible.
    await expect
      .poll(async () => (await pointOf(page, 'data-active-at')).y, { timeout: 5000 })
      .toBeLessThan(openTop - 20);
    expect((await pointOf(page, 'data-active-at')).y).toBeGreaterThan((await mapRoot(page).boundingBox())!.y);
  });

  test('tapping a marker selects its stop in the carousel, and the carousel moves the map', async ({
    page,
    server,
    signIn,
  }) => {
    await signIn(page, DEMO.driver);
    await openBikeRoute(page, server);
    await expect(mapRoot(page)).toHaveAttribute('data-next-at', /\d/);
    await page.waitForTimeout(1200);
    const carousel = page.getByRole('region', { name: 'Remaining stops' });
    const slide = () => carousel.locator('[aria-roledescription="slide"][aria-label]').getAttribute('aria-label');
    const before = await slide();
    const current = page.locator('[data-map-style] ul button[aria-current="true"]');
    const activeName = await current.textContent();

    // Tapped where the next marker is now: on a loaded machine the camera may still be settling from the route's
    // fit when the point is first read, so the tap is tried again at the marker's new place until it lands.
    await expect(async () => {
      const next = await pointOf(page, 'data-next-at');
      await page.touchscreen.tap(next.x, next.y);
      await expect.poll(slide, { timeout: 2_000 }).not.toBe(before);
    }).toPass({ timeout: 20_000 });
    await expect(current).not.toHaveText(activeName!);
    const afterTap = await slide();
    // The drawer stays minimized: the carousel shows the tapped stop.
    await expect(page.getByRole('button', { name: 'Resize the stop list' })).toHaveAttribute('aria-expanded', 'false');

    // The reverse: the carousel's next card makes its stop active and the map brings it into view.
    await carousel.getByRole('button', { name: 'Next stop' }).click();
    await expect.poll(slide).not.toBe(afterTap);
    const map = (await mapRoot(page).boundingBox())!;
    const drawerTop = (await page.getByRole('button', { name: 'Resize the stop list' }).boundingBox())!.y;
    await expect
      .poll(async () => {
        const at = await pointOf(page, 'data-active-at');
        return at.y > map.y && at.y < drawerTop && at.x > map.x && at.x < map.x + map.width;
      })
      .toBe(true);
  });
});

async function dragMap(page: Page, _root: Locator, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  await page.mouse.up();
}
