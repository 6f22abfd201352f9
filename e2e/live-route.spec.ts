/**
 * The live route in the browser (issue 13): with a route open in the app, the dispatcher's reorder, republish, stop
 * change and reassignment reach the screen with the spec's words and no reload; the dispatcher sees the driver's
 * location and each stop's status within a second of it happening.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import { type Dispatch, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops', exact: true });
const liveDot = (page: Page) => page.locator('[data-live="connected"]');

/**
 * A phone's GPS, simulated: navigator.geolocation answers every watch with this fix, and again each second (as a
 * device does while it moves). Chromium's own geolocation override answers only the first request of a page here.
 */
async function fakeGps(context: BrowserContext, fix: { latitude: number; longitude: number; accuracy: number }) {
  await context.addInitScript((coords) => {
    const position = () => ({
      coords: { ...coords, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
      timestamp: Date.now(),
    });
    const watches = new Map<number, ReturnType<typeof setInterval>>();
    let next = 0;
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          setTimeout(() => ok(position() as unknown as GeolocationPosition), 50),
        watchPosition(ok: PositionCallback) {
          const id = ++next;
          setTimeout(() => ok(position() as unknown as GeolocationPosition), 50);
          watches.set(
            id,
            setInterval(() => ok(position() as unknown as GeolocationPosition), 1000),
          );
          return id;
        },
        clearWatch(id: number) {
          clearInterval(watches.get(id));
          watches.delete(id);
        },
      },
    });
  }, fix);
}

async function detail(dispatch: Dispatch, routeId: number) {
  const { body } = await dispatch<DispatchRouteDetail>('GET', `/routes/${routeId}`);
  return {
    ...body,
    events: body.events.map((e) => ({ ...e, body: e.body as { status?: string; service_id?: number } })),
  };
}

test('dispatcher changes reach the open route: a stop changed, a reorder, a republish', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route } = await signedInOnRoute({ view: 'list', open: 'route' });
  await expect(liveDot(page)).toBeVisible();
  const deliveries = route.stops.filter((s) => s.type === 'delivery');

  // A stop's recipient changed by the dispatcher: the row follows.
  const changed = deliveries[1]!;
  expect(
    (await dispatch('PATCH', `/routes/${route.id}/stops/${changed.id}`, { recipient_name: 'Anna de Wit' })).status,
  ).toBe(200);
  await expect(stopList(page).getByText('Anna de Wit')).toBeVisible();

  // A reorder: the list's order changes and the driver is told.
  const ids = route.stops.map((s) => s.id);
  const swapped = [...ids];
  [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
  expect((await dispatch('PUT', `/routes/${route.id}/order`, { stop_ids: swapped })).status).toBe(200);
  await expect(page.getByRole('status').getByText('Your route has been updated.')).toBeVisible();
  // Polled: the notice may paint a frame before the list takes the new order (a flaky first try in CI).
  const order = () =>
    stopList(page)
      .locator('[data-stop-id]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-stop-id'))));
  await expect.poll(async () => (await order()).slice(0, 4)).toEqual(swapped.slice(0, 4));

  // A republish: New Changes, Later closes it; Refresh loads the route.
  expect((await dispatch('POST', `/routes/${route.id}/republish`)).status).toBeLessThan(300);
  const dialog = page.getByRole('alertdialog').filter({ hasText: 'New Changes' });
  await expect(dialog).toContainText('Your route has been republished, please refresh your data.');
  await dialog.getByRole('button', { name: 'Refresh' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a stop removed while its window is open: Stop not found, then back to the route without it', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop } = await signedInOnRoute({ view: 'list', open: 'route' });
  await expect(liveDot(page)).toBeVisible();
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toBeVisible();
  // The socket is up again after the reload before the dispatcher acts: its dot is in the route view's header, which
  // is not drawn under the window.
  await expect(liveDot(page)).toBeAttached();

  // The dispatcher cancels the delivery the driver has open.
  expect((await dispatch('DELETE', `/routes/${route.id}/stops/${stop.id}`)).status).toBe(200);
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Stop not found.', { timeout: 10_000 });
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${route.id}$`));
  await expect(stopList(page).locator(`[data-stop-id="${stop.id}"]`)).toHaveCount(0);
});

test('a route given to another driver: the driver-changed words, then Refresh leaves for the account', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route } = await signedInOnRoute({ view: 'list', open: 'route' });
  await expect(liveDot(page)).toBeVisible();
  const stored = await detail(dispatch, route.id);
  const other = await dispatch<{ id: number }>('POST', '/drivers', {
    email: 'live.other@example.com',
    password: 'other-password',
    first_name: 'Lou',
    last_name: 'Other',
    organisation_id: stored.organisation_id,
  });
  expect((await dispatch('PUT', `/routes/${route.id}/driver`, { driver_id: other.body.id })).status).toBe(200);
  const dialog = page.getByRole('alertdialog').filter({ hasText: 'New Changes' });
  await expect(dialog).toContainText(
    "This route's driver has been changed, please refresh route's data and connect to your administrator.",
  );
  await dialog.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Your route has expired.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the dispatcher sees the driver’s location and each stop’s status within a second', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  await fakeGps(context, { latitude: 52.0912, longitude: 5.1222, accuracy: 10 });
  const { route, stop } = await signedInOnRoute({ requirements: {}, view: 'list', open: 'route' });
  await expect(liveDot(page)).toBeVisible();

  await expect
    .poll(async () => (await detail(dispatch, route.id)).locations.at(-1), { timeout: 1_500, intervals: [100] })
    .toMatchObject({ lat: 52.0912, lng: 5.1222 });
  // The distance to the active stop shows in list mode.
  await expect(page.locator('[aria-current="step"]').getByText(/ away$/)).toBeVisible();

  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(
      async () =>
        (await detail(dispatch, route.id)).events.some(
          (e) => e.body.service_id === stop.id && e.body.status === 'finished',
        ),
      { timeout: 1_500, intervals: [100] },
    )
    .toBe(true);
});
