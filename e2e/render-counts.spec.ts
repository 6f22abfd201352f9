/**
 * What each of the driver's and the dispatcher's actions re-renders (issue 47), counted in the production build on the
 * demo's route in list mode (support/render-count.ts). The ceilings are today's counts with a small margin, so a
 * change that renders more fails here; issue 47's budgets are the target they come down to (docs/performance.md,
 * "What a patch re-renders").
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import { dayFrom, driverApi, routeOn, withoutRequiredProofs } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { countRenders, type RenderCount, rendersWhenQuiet, resetRenders } from './support/render-count.ts';

test.use({ freshServer: true });

/**
 * Components rendered per action: the ceiling, and issue 47's budget. Counted on 2026-11-29 (Chromium 156) before the
 * route view's memo boundaries: position 3, an off-screen stop's change 47, Arrived 76 (52 mounts), Done 349; after
 * them: 3, 22, 64, 263 (Done's count moves with how many commits its patches take, 12 to 16). Each ceiling is about a
 * tenth above the latter.
 */
const CEILINGS = {
  position: { today: 4, budget: 6 },
  dispatcherChangeOffScreen: { today: 25, budget: 3 },
  arrived: { today: 70, budget: 10 },
  done: { today: 295, budget: 80 },
};

/** A phone's GPS the test moves: every watch hears each `window.__moveTo(lat, lng)`. */
async function steerableGps(context: BrowserContext) {
  await context.addInitScript(() => {
    const watchers: PositionCallback[] = [];
    let coords = { latitude: 52.0912, longitude: 5.1222, accuracy: 10 };
    const position = () =>
      ({
        coords: { ...coords, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        timestamp: Date.now(),
      }) as unknown as GeolocationPosition;
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (ok: PositionCallback) => setTimeout(() => ok(position()), 20),
        watchPosition(ok: PositionCallback) {
          watchers.push(ok);
          setTimeout(() => ok(position()), 20);
          return watchers.length;
        },
        clearWatch() {},
      },
    });
    Object.assign(window, {
      __moveTo(latitude: number, longitude: number) {
        coords = { ...coords, latitude, longitude };
        for (const ok of watchers) ok(position());
      },
    });
  });
}

async function measure(page: Page, act: () => Promise<void>): Promise<RenderCount> {
  await rendersWhenQuiet(page);
  await resetRenders(page);
  await act();
  return rendersWhenQuiet(page);
}

test('each action re-renders no more components than its ceiling (list mode)', async ({
  page,
  context,
  server,
  dispatch,
  signIn,
}) => {
  const driver = await driverApi(server);
  const summary = routeOn(await driver.routes(), 'Cargo bike 1', dayFrom(0));
  const route = (await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`)).body;
  const first = route.stops.find((s) => s.type === 'delivery')!;
  const last = route.stops.filter((s) => s.type === 'delivery').at(-1)!;
  await withoutRequiredProofs(server, route.id, [first]);
  await driver.start(summary);
  await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
  await countRenders(context);
  await steerableGps(context);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${summary.id}`);
  const active = page.getByRole('list', { name: 'Stops', exact: true }).locator('[aria-current="step"]');
  await expect(active.getByText(/ away$/)).toBeVisible();
  await expect(page.locator('[data-live="connected"]')).toBeAttached();

  const counts: Record<keyof typeof CEILINGS, RenderCount> = {
    position: await measure(page, async () => {
      const before = await active.getByText(/ away$/).textContent();
      await page.evaluate(() => (window as unknown as { __moveTo(a: number, b: number): void }).__moveTo(52.2, 5.3));
      await expect(active.getByText(/ away$/)).not.toHaveText(before!);
    }),
    dispatcherChangeOffScreen: await measure(page, async () => {
      const res = await dispatch('PATCH', `/routes/${route.id}/stops/${last.id}`, { notes: 'Ring twice' });
      expect(res.status).toBe(200);
      await expect.poll(() => page.evaluate(() => window.__renderCount!.commits)).toBeGreaterThan(0);
    }),
    arrived: await measure(page, async () => {
      await active.getByRole('button', { name: 'Arrived' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toBeVisible();
    }),
    done: await measure(page, async () => {
      await page.getByRole('button', { name: 'Done', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toHaveCount(0);
      await expect(page.getByRole('banner')).toContainText('1/10 stops');
    }),
  };
  console.log('components rendered per action (list mode):', JSON.stringify(counts));
  for (const [action, { today }] of Object.entries(CEILINGS))
    expect(counts[action as keyof typeof CEILINGS].components, action).toBeLessThanOrEqual(today);
});
