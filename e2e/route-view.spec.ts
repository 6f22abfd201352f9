/**
 * The route view's main window (spec section 2 "Route view", sections 4, 5 and 8) on the demo data, with map view
 * Off: the header, starting the route (the dialog's words), the active stop and its actions, the in-order alert,
 * a break's Resume work, an any-order route, the allowed start date, completing the route, the shared link's back
 * button and More sheet, the route-fetch errors from the real server, the device's copy offline, and a 300-stop
 * route that renders only the rows in view. Stops are completed through the driver API where a test needs them
 * done (the stop windows have their own spec).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { DispatchRouteDetail, StopInput } from '../src-shared/protocol/dispatch.ts';
import type { Stop } from '../src-shared/protocol/entities.ts';
import { formatTimeOfDay, formatWeekdayDayMonth } from '../src-ui/i18n/format.ts';
import { dayFrom, driverApi, mapDrawn, routeOn, withoutRequiredProofs } from './support/app.ts';
import { DEMO, type Dispatch, expect, type ServerInfo, test } from './support/fixtures.ts';

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops', exact: true });
const row = (page: Page, text: string) => stopList(page).getByRole('listitem').filter({ hasText: text });
const activeRow = (page: Page) => stopList(page).locator('[aria-current="step"]');
const alert = (page: Page) => page.getByRole('alertdialog');
const nameOf = (stop: Stop) => stop.information.recipient_name ?? '';

async function mapViewOff(context: BrowserContext, server: ServerInfo) {
  await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
}

/** Today's cargo-bike route (12 stops: start, 8 deliveries, a pickup, a break, end) with its stops. */
async function bikeRoute(server: ServerInfo, dispatch: Dispatch) {
  const summary = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  const detail = await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`);
  expect(detail.status).toBe(200);
  return { summary, route: detail.body, work: detail.body.stops.filter((s) => s.type !== 'start' && s.type !== 'end') };
}

/** The driver's own calls, as another device would make them: start the route, complete stops. */
async function asDriver(server: ServerInfo) {
  const signin = await fetch(`${server.url}/v1/drivers/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.driver, password: DEMO.password }),
  });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBeLessThan(300);
  };
  return {
    start: (route: DispatchRouteDetail) =>
      post(`/v1/projects/${route.project_id}/routes/${route.id}`, { status: 'in_progress' }),
    complete: async (route: DispatchRouteDetail, stops: Stop[], status: 'finished' | 'skipped' = 'skipped') => {
      if (status === 'finished') await withoutRequiredProofs(server, route.id, stops);
      for (const stop of stops)
        await post(`/v1/projects/${route.project_id}/routes/${route.id}/services/${stop.id}`, { status });
    },
  };
}

async function openRoute(page: Page, id: number, heading = 'Cargo bike 1') {
  await page.goto(`/routes/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('on a server of its own', () => {
  test.use({ freshServer: true });

  test('starts the route, then keeps the stops in order', async ({ page, context, server, dispatch, signIn }) => {
    const { summary, route, work } = await bikeRoute(server, dispatch);
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, summary.id);
    await expect(page.getByRole('banner')).toContainText('0/10 stops');
    await expect(activeRow(page)).toContainText('Droplane depot');
    const depot = stopList(page).locator(`[data-stop-id="${route.stops[0]!.id}"]`);
    await expect(depot).toContainText(`Planned arrival${formatTimeOfDay(route.stops[0]!.arr_time!, 'en')}`);

    await activeRow(page).getByRole('button', { name: 'Start route' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Start the route?' });
    await expect(dialog).toContainText('Notifications will be sent to your recipients. This cannot be undone.');
    await dialog.getByRole('button', { name: 'Start route' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(activeRow(page)).toContainText(nameOf(work[0]!));
    await expect(activeRow(page).getByRole('button', { name: 'Arrived' })).toBeVisible();
    // The depot's row now says when the route started, above stops planned again from then.
    const started = (await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`)).body.stops[0]!;
    await expect(depot).toContainText(`Started at${formatTimeOfDay(started.finish_time!, 'en')}`);
    await expect(activeRow(page).getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${work[0]!.address.lat},${work[0]!.address.lng}&travelmode=driving`,
    );

    // Tapping the second delivery makes it active; arriving there first is refused, naming stop 1.
    await row(page, nameOf(work[1]!)).getByRole('button').first().click();
    await expect(activeRow(page)).toContainText(nameOf(work[1]!));
    await activeRow(page).getByRole('button', { name: 'Arrived' }).click();
    await expect(alert(page)).toContainText('You need to complete stop 1 first.');
    await alert(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/routes/${summary.id}$`));
  });

  test('a break is finished with Resume work', async ({ page, context, server, dispatch, signIn }) => {
    const { summary, route, work } = await bikeRoute(server, dispatch);
    const driver = await asDriver(server);
    await driver.start(route);
    const breakAt = work.findIndex((s) => s.type === 'break');
    await driver.complete(route, work.slice(0, breakAt));
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, summary.id);
    await expect(page.getByRole('banner')).toContainText(`${breakAt}/10 stops`);
    await expect(activeRow(page)).toContainText('Break time: 30 min');

    await activeRow(page).getByRole('button', { name: 'Resume work' }).click();
    await expect(page.getByText('Break finished')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(`${breakAt + 1}/10 stops`);
    await expect(activeRow(page)).toContainText(nameOf(work[breakAt + 1]!));
  });

  test('in any-order mode a later stop may be done first', async ({ page, context, server, dispatch, signIn }) => {
    const { summary, route, work } = await bikeRoute(server, dispatch);
    const { id: _, ...settings } = route.publication_settings;
    const put = await dispatch('PUT', `/routes/${route.id}/publication-settings`, {
      ...settings,
      fulfill_stops_in_any_order: true,
    });
    expect(put.status).toBe(200);
    await (await asDriver(server)).start(route);
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, summary.id);

    const later = work[3]!;
    await row(page, nameOf(later)).getByRole('button').first().click();
    await activeRow(page).getByRole('button', { name: 'Arrived' }).click();
    await expect(page).toHaveURL(new RegExp(`/routes/${summary.id}/stops/${later.id}/complete$`));
    await expect(alert(page)).toHaveCount(0);
  });

  test('completing the route', async ({ page, context, server, dispatch, signIn }) => {
    const { summary, route, work } = await bikeRoute(server, dispatch);
    const driver = await asDriver(server);
    await driver.start(route);
    await driver.complete(route, work);
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, summary.id);
    await expect(page.getByRole('banner')).toContainText('10/10 stops');

    await page.getByRole('button', { name: 'Complete route' }).click();
    const loading = page.getByRole('status').filter({ hasText: 'Completing your route…' });
    await expect(loading).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByText("You've completed your route!")).toBeVisible({ timeout: 10_000 });
    // The loading display stays at least 2 s.
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await expect(page.getByText('Route completed!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete route' })).toHaveCount(0);
  });

  test('offline, a finished break waits on the device, marked not sent yet', async ({
    page,
    context,
    server,
    dispatch,
    signIn,
  }) => {
    const { summary, route, work } = await bikeRoute(server, dispatch);
    const driver = await asDriver(server);
    await driver.start(route);
    const breakAt = work.findIndex((s) => s.type === 'break');
    await driver.complete(route, work.slice(0, breakAt));
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, summary.id);
    // The stops show once a stop's code is in (issue 45): from then on nothing needs the network.
    const resume = activeRow(page).getByRole('button', { name: 'Resume work' });
    await expect(resume).toBeVisible();

    await context.setOffline(true);
    await resume.click();
    await expect(page.getByText('Break finished')).toBeVisible();
    const breakRow = row(page, 'Break time: 30 min');
    await expect(breakRow).toContainText('Not sent yet');
    await context.setOffline(false);
    await expect(breakRow).not.toContainText('Not sent yet', { timeout: 10_000 });
  });

  test('offline, Complete route says the connection is lost, above "No internet connection"; back online it completes', async ({
    page,
    context,
    server,
    dispatch,
    signIn,
  }) => {
    const { summary, route, work } = await bikeRoute(server, dispatch);
    const driver = await asDriver(server);
    await driver.start(route);
    await driver.complete(route, work);
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, summary.id);
    await expect(page.getByRole('button', { name: 'Complete route' })).toBeVisible();

    await context.setOffline(true);
    const noInternet = page.getByRole('status').getByText('No internet connection');
    await expect(noInternet).toBeVisible();
    await page.getByRole('button', { name: 'Complete route' }).click();
    const lost = page.getByText(
      "Connection lost. Some changes haven't been sent yet, so please don't close this window.",
    );
    await expect(lost).toBeVisible({ timeout: 10_000 });
    const overlay = page.getByText('Completing your route…');
    await expect(overlay).toHaveCount(0);

    // Retry while still offline: the loading display, then the same message again.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(lost).toBeVisible({ timeout: 10_000 });

    // A flapping connection raises "No internet connection" again: it waits behind the message with Retry.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('offline'));
    });
    await expect(overlay).toHaveCount(0, { timeout: 10_000 });
    await expect(lost).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(noInternet).toHaveCount(0);

    // Back online, the reason is gone: the route completes by itself and the stale warning leaves.
    await context.setOffline(false);
    await expect(page.getByText("You've completed your route!")).toBeVisible({ timeout: 10_000 });
    await expect(lost).toHaveCount(0);
    await expect(page.getByText('Route completed!')).toBeVisible();
    expect((await dispatch<{ status: string }>('GET', `/routes/${route.id}`)).body.status).toBe('finished');
  });

  test('a route given to another driver is gone', async ({ page, server, dispatch, signIn }) => {
    const { summary, route } = await bikeRoute(server, dispatch);
    const other = await dispatch<{ id: number }>('POST', '/drivers', {
      email: 'other.driver@example.com',
      password: 'other-password',
      first_name: 'Ole',
      last_name: 'Other',
      organisation_id: route.organisation_id,
    });
    expect(other.status).toBe(201);
    await signIn(page, DEMO.driver);
    expect((await dispatch('PUT', `/routes/${route.id}/driver`, { driver_id: other.body.id })).status).toBe(200);

    await page.goto(`/routes/${summary.id}`);
    await expect(alert(page)).toContainText('No data found');
    await expect(alert(page)).toContainText('Your route has expired.');
    await alert(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('a 300-stop route renders only the rows in view', async ({ page, context, server, dispatch, signIn }) => {
    const { route } = await bikeRoute(server, dispatch);
    const stops: StopInput[] = Array.from({ length: 300 }, (_, i) => ({
      lat: 52.05 + (i % 20) * 0.004,
      lng: 5.08 + Math.floor(i / 20) * 0.006,
      street: `Teststraat ${i + 1}`,
      city: 'Utrecht',
      recipient_name: `Recipient ${i + 1}`,
    }));
    const created = await dispatch<{ id: number }>('POST', '/routes', {
      organisation_id: route.organisation_id,
      driver_id: route.driver?.id,
      date: dayFrom(0),
      project_name: 'Big round',
      vehicle_name: 'Van 300',
      stops: [{ ...stops[0]!, type: 'start' }, ...stops, { ...stops[0]!, type: 'end' }],
    });
    expect(created.status).toBe(201);
    await mapViewOff(context, server);
    await signIn(page, DEMO.driver);
    await openRoute(page, created.body.id, 'Van 300');
    await expect(page.getByRole('banner')).toContainText('0/300 stops');
    const rendered = stopList(page).getByRole('listitem');
    await expect(rendered.first()).toBeVisible();
    expect(await rendered.count()).toBeLessThan(30);

    // Down the list a screen at a time, in the list's own scrolling box.
    const scrollDown = () =>
      stopList(page).evaluate((list) => {
        let box = list.parentElement;
        while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
        box?.scrollBy(0, 1500);
      });
    for (let i = 0; i < 40 && (await row(page, 'Recipient 300').count()) === 0; i++) await scrollDown();
    await expect(row(page, 'Recipient 300')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete route' })).toBeVisible();
    expect(await rendered.count()).toBeLessThan(30);
  });
});

test("tomorrow's route may not be started yet", async ({ page, context, server, signIn }) => {
  const tomorrow = routeOn(await (await driverApi(server)).routes(), 'Van 2', dayFrom(1));
  await mapViewOff(context, server);
  await signIn(page, DEMO.driver);
  await openRoute(page, tomorrow.id, 'Van 2');
  await activeRow(page).getByRole('button', { name: 'Start route' }).click();
  await expect(alert(page)).toContainText(`You can start this route on ${formatWeekdayDayMonth(dayFrom(1), 'en')}.`);
  await expect(page.getByRole('alertdialog', { name: 'Start the route?' })).toHaveCount(0);
});

test('an unknown route has expired: the alert, then the account', async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  await page.goto('/routes/987654');
  await expect(alert(page)).toContainText('No data found');
  await expect(alert(page)).toContainText(
    'Your route has expired. Please contact your administrator for more details (as they probably created a new route for you).',
  );
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('offline, the device’s copy of the route shows', async ({ page, context, server, dispatch, signIn }) => {
  const { summary } = await bikeRoute(server, dispatch);
  await mapViewOff(context, server);
  await signIn(page, DEMO.driver);
  await openRoute(page, summary.id);
  await expect(row(page, 'Droplane depot').first()).toBeVisible();

  // Away (no reload) and back while offline: the route opens from the device's copy.
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await context.setOffline(true);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  await expect(page.getByText('Offline — showing the saved route')).toBeVisible();
  await expect(row(page, 'Droplane depot').first()).toBeVisible();
  await context.setOffline(false);
});

test('a shared link: My Routes asks to sign in; the back button leaves for the account', async ({ page, server }) => {
  test.skip(!server.sharedLink, 'the server printed no shared link');
  const url = new URL(server.sharedLink!);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/routes\/single\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  // Its first frame first: software GL compiles the map's shaders on the main thread for seconds, once past the tap's timeout.
  await mapDrawn(page);

  await page.getByRole('button', { name: 'More options' }).click();
  const sheet = page.getByRole('dialog', { name: 'More' });
  await expect(sheet.getByRole('radio', { name: 'Light' })).toBeChecked();
  await sheet.getByRole('button', { name: 'My Routes' }).click();
  await expect(alert(page)).toContainText('You have to sign in to see your routes.');
  await alert(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/routes\/single\/\d+$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
