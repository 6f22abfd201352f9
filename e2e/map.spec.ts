/**
 * The route view's map (spec section 2 "Layout", issue 5): with map view On it draws the stop markers and the
 * planned line (counted as pixels of the line's blue and the markers' white in a screenshot of the map), with a
 * hidden button per marker for screen readers; with map view Off the map's chunk and worker are never requested
 * and no map canvas exists. WebGL runs on SwiftShader here, so this file starts Chromium with the GPU flags it
 * needs (the other specs keep the project's --disable-gpu).
 */

import type { Page } from '@playwright/test';
import { chromiumLaunch } from '../scripts/chromium.mjs';
import { MAP_MOVE_MARK, type MapMove } from '../src-ui/map/map-marks.ts';
import { dayFrom, driverApi, mapDrawn, routeOn } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { blockMapHost } from './support/map-hosts.ts';

test.use({
  launchOptions: chromiumLaunch({ webgl: true }),
});

// The pixel counts below are of the built-in style: the default street host is made unreachable, so the map never
// depends on an outside host (map-streets.spec.ts stubs it instead).
test.beforeEach(async ({ context }) => {
  await blockMapHost(context);
});

/** [r, g, b, tolerance]: the line's blue, and the markers' white (tight: the light map's land is near white). */
const LINE = [0x00, 0x52, 0xb4, 24];
const WHITE = [0xff, 0xff, 0xff, 4];

/**
 * Pixels of a PNG within each colour's tolerance, counted in the page (a canvas decodes the PNG). Written as text:
 * the tests' TypeScript has no DOM types.
 */
const COUNT_IN_PAGE = `async ({ data, colours }) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + data;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  return colours.map(([r, g, b, tolerance]) => {
    let count = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (Math.abs(pixels[i] - r) <= tolerance && Math.abs(pixels[i + 1] - g) <= tolerance &&
          Math.abs(pixels[i + 2] - b) <= tolerance) count += 1;
    }
    return count;
  });
}`;

async function countColours(page: Page, png: Buffer, colours: number[][]): Promise<number[]> {
  const args = JSON.stringify({ data: png.toString('base64'), colours });
  return page.evaluate<number[]>(`(${COUNT_IN_PAGE})(${args})`);
}

test('map view On draws the markers and the planned line', async ({ page, server, signIn }) => {
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${bike.id}`);
  await mapDrawn(page);
  const canvas = page.locator('canvas.maplibregl-canvas');
  // One hidden button per marker, named by the stop's number.
  await expect(page.getByRole('button', { name: 'Stop 1', exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Stop 8', exact: true })).toHaveCount(1);
  // The carousel has come to rest under the map (the drawer minimized).
  await expect(page.getByRole('region', { name: 'Remaining stops' })).toBeVisible();

  const map = (await canvas.boundingBox())!;
  const drawerTop = (await page.getByRole('button', { name: 'Resize the stop list' }).boundingBox())!.y;
  let counts = [0, 0];
  // The markers and the line are drawn once the map has fitted the stops: poll until they show.
  await expect
    .poll(
      async () => {
        const png = await page.screenshot({
          clip: { x: map.x, y: map.y, width: map.width, height: drawerTop - map.y },
          mask: [
            page.getByRole('button', { name: 'Fit to bounds' }),
            page.getByRole('button', { name: 'Track my location' }),
          ],
          animations: 'disabled',
        });
        counts = await countColours(page, png, [LINE, WHITE]);
        return Math.min(counts[0]! / 2000, counts[1]! / 5000);
      },
      { timeout: 20_000, message: 'line and marker pixels' },
    )
    .toBeGreaterThanOrEqual(1);
  expect(counts[0], 'pixels of the line and markers’ blue').toBeGreaterThan(2000);
  expect(counts[1], 'pixels of the markers’ white').toBeGreaterThan(5000);
});

test('the stops never wait for the map: the stop card paints first, the map starts after that frame', async ({
  page,
  server,
  signIn,
}) => {
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await signIn(page, DEMO.driver);
  // When the carousel's card first paints: the frame after it enters the DOM.
  await page.evaluate(() => {
    const seen = () => document.querySelector('[aria-roledescription="slide"]:not([aria-hidden])');
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      observer.disconnect();
      requestAnimationFrame((frame) => {
        (window as unknown as { cardPaintedAt: number }).cardPaintedAt = frame;
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page
    .getByRole('article')
    .filter({ hasText: 'Cargo bike 1' })
    .getByRole('button', { name: 'Open route' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/routes/${bike.id}$`));
  await mapDrawn(page);
  const { card, start } = await page.evaluate(() => ({
    card: (window as unknown as { cardPaintedAt?: number }).cardPaintedAt ?? null,
    start: performance.getEntriesByName('droplane:map-start')[0]?.startTime ?? null,
  }));
  expect(card).not.toBeNull();
  expect(start).not.toBeNull();
  expect(start!).toBeGreaterThan(card!);
});

test('the drawer: a swipe up opens it, a swipe down minimizes it, a marker opens it at its stop', async ({
  page,
  server,
  signIn,
}) => {
  // Three drags over a map drawn in software: each move is a frame of its own.
  test.setTimeout(60_000);
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${bike.id}`);
  const handle = page.getByRole('button', { name: 'Resize the stop list' });
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Remaining stops' })).toBeVisible();
  // The minimized list under the carousel holds no actions (issue 47): they come with a finger on the handle.
  // (Its row is a button of its own; its actions are the ones beside it.)
  const rowButtons = page.locator('li[aria-current="step"] button');
  await expect(rowButtons.first()).toBeAttached();
  const withoutActions = await rowButtons.count();

  // A short drag settles back minimized, and the list's actions go with the finger.
  const from = (await handle.boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(x, from.y - 30, { steps: 3 });
  await expect.poll(() => rowButtons.count()).toBeGreaterThan(withoutActions);
  await page.waitForTimeout(150);
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await expect(rowButtons).toHaveCount(withoutActions);
  // Back in place (it glides there) before the next press, which aims where the handle rests.
  await expect.poll(async () => (await handle.boundingBox())!.y).toBeCloseTo(from.y, 0);

  // A slow drag past 55 % of the way opens it.
  await page.mouse.move(x, from.y + 10);
  await page.mouse.down();
  for (let y = from.y + 10; y > 150; y -= 20) await page.mouse.move(x, y, { steps: 2 });
  // Part of the gesture, not a wait for an effect: the finger rests before it lifts, so this is a drag, not a fling.
  await page.waitForTimeout(150);
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('list', { name: 'Stops', exact: true })).toBeVisible();

  // Dragged back down most of the way, it minimizes. (Flings are timing-bound: drawer-math.test.ts has them.)
  const open = (await handle.boundingBox())!;
  await page.mouse.move(x, open.y + 10);
  await page.mouse.down();
  for (let y = open.y + 10; y < 780; y += 20) await page.mouse.move(x, y, { steps: 2 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-expanded', 'false');

  // A marker (its hidden button) makes its stop the active one and opens the drawer there.
  // (A screen reader's or keyboard's way in: the button is visually hidden.)
  await page.getByRole('button', { name: 'Stop 5', exact: true }).press('Enter');
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[aria-current="step"]')).toBeVisible();
  await expect(page.locator('[aria-current="step"]').locator('span').first()).toContainText('5');
});

/** The camera's moves since `since` on the page's clock, as "how why" (its marks). */
function cameraMoves(page: Page, since: number): Promise<string[]> {
  return page.evaluate(
    ([mark, from]) =>
      performance
        .getEntriesByName(mark)
        .filter((entry) => entry.startTime > from)
        .map((entry) => `${(entry as PerformanceMark).detail.how} ${(entry as PerformanceMark).detail.why}`),
    [MAP_MOVE_MARK, since] as const,
  );
}

/** How the camera went to each new active stop (its moves' marks) since `since` on the page's clock. */
function activeStopMoves(page: Page, since: number): Promise<MapMove['how'][]> {
  return page.evaluate(
    ([mark, from]) =>
      performance
        .getEntriesByName(mark)
        .filter((entry) => entry.startTime > from && (entry as PerformanceMark).detail.why === 'active-stop')
        .map((entry) => (entry as PerformanceMark).detail.how),
    [MAP_MOVE_MARK, since] as const,
  );
}

test.describe('a stop done in its window', () => {
  test.use({ freshServer: true });

  test('the map jumps to the next stop that became active under the window, and a window ends a flight at once', async ({
    page,
    signedInOnRoute,
  }) => {
    const { route } = await signedInOnRoute({ open: 'route' });
    await mapDrawn(page);
    const card = page.locator('[aria-roledescription="slide"]:not([aria-hidden])');
    await expect(card).toContainText('1');
    await card.getByRole('button', { name: 'Arrived' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete stop');
    const doneAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(new RegExp(`/routes/${route.id}$`));
    await expect(card.getByRole('button', { name: 'Arrived' })).toBeVisible();
    // The shown route takes the completion after the window has closed (a transition): the map counts as covered
    // until then, and catches up with jumps for a second after, so the change is one it jumps to.
    await expect.poll(() => activeStopMoves(page, doneAt), { timeout: 10_000 }).toEqual(['jump']);

    // A flight under way when a window opens over the map ends at once where it was going: Fit to bounds, and 50 ms
    // into its 800 ms flight, Arrived (clicked in the page, so the two are 50 ms apart however slow the machine).
    const fitAt = await page.evaluate(() => {
      const button = (name: string, within: ParentNode = document) =>
        [...within.querySelectorAll('button')].find(
          (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
        )!;
      const card = document.querySelector('[aria-roledescription="slide"]:not([aria-hidden])')!;
      const arrived = button('Arrived', card);
      const at = performance.now();
      button('Fit to bounds').click();
      setTimeout(() => arrived.click(), 50);
      return at;
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete stop');
    // (The drawer may ease the camera on the way, as the snackbar of the stop before goes.)
    await expect.poll(async () => (await cameraMoves(page, fitAt)).at(-1)).toBe('jump covered');
    expect((await cameraMoves(page, fitAt))[0]).toBe('fly fit-all');
  });
});

test.describe('a driver tapping on after Done', () => {
  test.use({ freshServer: true });

  test('the map catches up only once they pause, with one jump', async ({ page, signedInOnRoute }) => {
    await signedInOnRoute({ open: 'route' });
    await mapDrawn(page);
    const card = page.locator('[aria-roledescription="slide"]:not([aria-hidden])');
    await card.getByRole('button', { name: 'Arrived' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete stop');
    const doneAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByRole('button', { name: 'Arrived' })).toBeVisible();
    // Real taps on the route's name (which does nothing) every 200 ms for 3 s: the driver never pauses for the
    // 700 ms the map waits for, so it holds the stop it showed before Done however slow the machine.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    for (let tap = 0; tap < 15; tap++) {
      await page.mouse.click(title!.x + title!.width / 2, title!.y + title!.height / 2);
      await page.waitForTimeout(200);
    }
    // (The camera may follow the drawer's new height: that is layout, not the route, and is never held back.)
    expect(await activeStopMoves(page, doneAt)).toEqual([]);
    // Hands off: it jumps to the next stop, once.
    await expect.poll(() => activeStopMoves(page, doneAt), { timeout: 10_000 }).toEqual(['jump']);
  });
});

test.describe('map view Off', () => {
  test.use({ serviceWorkers: 'block' });

  test('never requests the map', async ({ page, context, server, signIn }) => {
    const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
    await signIn(page, DEMO.driver);
    await page.goto(`/routes/${bike.id}`);
    await expect(page.getByRole('list', { name: 'Stops', exact: true }).getByRole('listitem').first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(requests.filter((url) => /RouteMap-.*\.js|maplibre-gl-worker/.test(url))).toEqual([]);
    expect(requests.some((url) => /RouteScreen-.*\.js/.test(url))).toBe(true);
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Remaining stops' })).toHaveCount(0);
  });
});
