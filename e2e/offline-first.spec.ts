/**
 * Offline-first (issue 12, "Tests"): completions made with no network survive a reload with no network and reach the
 * server exactly once when it comes back; a tab closed in the middle of a flush doubles nothing; two tabs on one route
 * lose and double nothing; a server that refuses connections and then answers 500 for a while gets everything in the
 * end; and an access token that expires while completions wait is refreshed.
 */
import type { Route as Intercepted, Page } from '@playwright/test';
import type { Route, Stop } from '../src-shared/protocol/entities.ts';
import { NO_PROOFS, openInApp, routeOnThePhone, underServiceWorker, untilAccessTokenExpired } from './support/app.ts';
import { DEMO, type Dispatch, expect, type ServerInfo, test } from './support/fixtures.ts';
import type { TodaysRouteFixture } from './support/route-setup.ts';

test.use({ freshServer: true });

const COMPLETIONS = '**/v1/projects/*/routes/*/services/*';

/** A small JPEG drawn by the browser. */
async function jpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#2a7';
    ctx.fillRect(0, 0, 640, 480);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return Array.from(new Uint8Array(await blob!.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

/** Today's cargo-bike route, started, in list mode, its first `n` stops to do with no proof required. */
async function startedStops(todaysRoute: TodaysRouteFixture, dispatch: Dispatch, n: number) {
  const { route, number } = await todaysRoute({ view: 'list' });
  const stops = route.stops.filter((s) => s.type === 'delivery' || s.type === 'pickup').slice(0, n);
  for (const stop of stops) {
    expect((await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, { requirements: NO_PROOFS })).status).toBe(
      200,
    );
  }
  return { route, stops, number };
}

/**
 * Completes a stop on its complete screen: a photo when given, Done, and back on the route. The screen is opened
 * inside the app, as the driver's taps open it, not by loading the page again: a dedicated worker outlives its page
 * for a moment and a new one starts before Playwright has attached to it, and a send from either escapes the
 * browser context's offline emulation and reaches the server (seen: a completion stored while "offline").
 */
async function complete(page: Page, routeId: number, stop: Stop, photo?: Buffer) {
  await openInApp(page, `/routes/${routeId}/stops/${stop.id}/complete`);
  if (photo) {
    const proofs = page.getByRole('region', { name: 'Proof of delivery' });
    await proofs
      .locator('input[type="file"]')
      .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(proofs.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${routeId}$`));
}

/** The route's completions as the server stored them (the dispatcher API: every completion with its proof). */
async function stored(dispatch: Dispatch, routeId: number) {
  const { body } = await dispatch<Route & { completions?: { stop_id: number }[] }>('GET', `/routes/${routeId}`);
  return body;
}

/** Reloads, accepting the "leave the page?" question the app asks while completions wait; answers whether it asked. */
async function reload(page: Page): Promise<boolean> {
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.accept();
  });
  await page.reload();
  return asked;
}

async function countCompletions(server: ServerInfo, routeId: number): Promise<number[]> {
  const res = await fetch(`${server.url}/v1/dispatch/routes/${routeId}`, {
    headers: { authorization: `Bearer ${server.dispatchToken}` },
  });
  const body = (await res.json()) as { completions: { stop_id: number }[] };
  return body.completions.map((c) => c.stop_id);
}

test('offline: three stops with photos survive a reload with no network, then reach the server once', async ({
  page,
  context,
  server,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stops } = await startedStops(todaysRoute, dispatch, 3);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  await underServiceWorker(page);
  await routeOnThePhone(page, route.id);
  const photo = await jpeg(page);

  await context.setOffline(true);
  for (const stop of stops) await complete(page, route.id, stop, photo);
  await expect(page.getByText('3 changes not sent yet')).toBeVisible();

  // Closed and opened again with no network (the browser first asks whether to leave with changes unsent): the
  // route is there, with the three stops done and unsent.
  expect(await reload(page)).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  await expect(page.getByText('3 changes not sent yet')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Not sent yet' })).toHaveCount(3);
  expect(await countCompletions(server, route.id)).toEqual([]);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.locator('[data-sync="unsent"]')).toHaveCount(0, { timeout: 15_000 });
  expect((await countCompletions(server, route.id)).sort()).toEqual(stops.map((s) => s.id).sort());
  const saved = await stored(dispatch, route.id);
  for (const stop of stops) expect(saved.stops.find((s) => s.id === stop.id)?.images).toHaveLength(1);
});

for (const end of ['closed', 'crashed'] as const)
  test(`a tab ${end} in the middle of a flush: reopened, every completion is there once`, async ({
    context,
    server,
    dispatch,
    signIn,
    todaysRoute,
  }) => {
    const { route, stops } = await startedStops(todaysRoute, dispatch, 3);
    const page = await context.newPage();
    await signIn(page, DEMO.driver);
    await page.goto(`/routes/${route.id}`);
    await underServiceWorker(page);
    await routeOnThePhone(page, route.id);
    await context.setOffline(true);
    for (const stop of stops) await complete(page, route.id, stop);

    // Back online, the first completion reaches the server, but its answer is held: the tab is closed meanwhile.
    let held: (() => void) | null = null;
    const reached = new Promise<void>((arrived) => {
      let holding = true;
      void context.route(COMPLETIONS, async (request: Intercepted) => {
        // Only the first send is held; any later one (the reopened tab's) goes straight through.
        if (!holding) return request.continue().catch(() => {});
        holding = false;
        const answer = await request.fetch();
        arrived();
        await new Promise<void>((release) => {
          held = release;
        });
        await request.fulfill({ response: answer }).catch(() => {});
      });
    });
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await reached;
    if (end === 'crashed') {
      // The renderer dies (a phone's out-of-memory kill): the page and its worker go with no unload of any kind.
      const crashed = page.waitForEvent('crash');
      void page.goto('chrome://crash').catch(() => {});
      await crashed;
    } else await page.close({ runBeforeUnload: false });
    (held as (() => void) | null)?.();
    // Unrouting can fail once a page crashed; the handler lets every later send through anyway.
    await context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => {});
    expect(await countCompletions(server, route.id)).toHaveLength(1);

    // Reopened: the first is sent again under its key (the server replays, storing nothing twice), the rest follow.
    const again = await context.newPage();
    await again.goto(`/routes/${route.id}`);
    await expect.poll(() => countCompletions(server, route.id), { timeout: 15_000 }).toHaveLength(3);
    // Nothing left to send on the phone: no later send can double one.
    await expect(again.getByText(/not sent yet/)).toHaveCount(0);
    expect((await countCompletions(server, route.id)).sort()).toEqual(stops.map((s) => s.id).sort());
  });

test('two tabs on the same route, both completing and flushing: nothing lost, nothing doubled', async ({
  context,
  server,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stops } = await startedStops(todaysRoute, dispatch, 4);
  const one = await context.newPage();
  await signIn(one, DEMO.driver);
  await one.goto(`/routes/${route.id}`);
  await underServiceWorker(one);
  await routeOnThePhone(one, route.id);
  const two = await context.newPage();
  await two.goto(`/routes/${route.id}`);
  await expect(two.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  await context.setOffline(true);
  await complete(one, route.id, stops[0]!);
  await complete(two, route.id, stops[1]!);
  await complete(one, route.id, stops[2]!);
  await complete(two, route.id, stops[3]!);
  await context.setOffline(false);
  // Both tabs come back online at once and flush the shared queue.
  await Promise.all([one, two].map((p) => p.evaluate(() => window.dispatchEvent(new Event('online')))));
  await expect.poll(() => countCompletions(server, route.id), { timeout: 15_000 }).toHaveLength(4);
  // Nothing left to send in either tab: no later send can double one.
  for (const tab of [one, two]) await expect(tab.getByText(/not sent yet/)).toHaveCount(0);
  expect((await countCompletions(server, route.id)).sort()).toEqual(stops.map((s) => s.id).sort());
});

test('the server refusing connections, then answering 500 for a while: everything arrives in the end', async ({
  page,
  context,
  server,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stops } = await startedStops(todaysRoute, dispatch, 2);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  await underServiceWorker(page);
  let mode: 'refused' | '500' | 'pass' = 'refused';
  let failed = 0;
  // The whole API: first no connection at all, then 500 for every call (the server up but broken).
  await context.route('**/v1/**', async (request: Intercepted) => {
    if (mode === 'pass') return request.continue();
    if (request.request().url().includes('/services/')) failed += 1;
    if (mode === 'refused') return request.abort('connectionrefused');
    return request.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' });
  });
  for (const stop of stops) await complete(page, route.id, stop);
  await expect.poll(() => failed).toBeGreaterThan(0);
  // The server comes back broken: 500 for every call. The phone notices the network again and retries.
  mode = '500';
  const before = failed;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThan(before);
  expect(await countCompletions(server, route.id)).toEqual([]);
  await expect(page.getByText('2 changes not sent yet')).toBeVisible();
  mode = 'pass';
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => countCompletions(server, route.id), { timeout: 30_000 }).toHaveLength(2);
  await expect(page.getByText(/not sent yet/)).toHaveCount(0);
});

test.describe('with a short-lived access token', () => {
  test.use({ serverEnv: { ACCESS_TOKEN_TTL: '4' } });

  test('an access token that expires while completions wait is refreshed, and they are sent', async ({
    page,
    context,
    server,
    dispatch,
    signIn,
    todaysRoute,
  }) => {
    const { route, stops } = await startedStops(todaysRoute, dispatch, 1);
    await signIn(page, DEMO.driver);
    await page.goto(`/routes/${route.id}`);
    await underServiceWorker(page);
    await routeOnThePhone(page, route.id);
    await context.setOffline(true);
    await complete(page, route.id, stops[0]!);
    await untilAccessTokenExpired(page);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => countCompletions(server, route.id), { timeout: 15_000 }).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`/routes/${route.id}$`));
  });
});
