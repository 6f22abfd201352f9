/**
 * Arrival noticed by the phone on the route view (issue 34, docs/delivery-outcomes.md): with the organisation's plan
 * and the route's setting turning it on, a phone standing at the next stop for 20 s gets a gentle prompt over the
 * stop's Arrived button, from the browser's own position (Playwright's geolocation override) or from a native
 * wrapper's (its location bridge); moving fast inside the radius never brings it. Checked in the dark theme and at
 * 200% text; screenshots at 390x844 in English and Dutch land in test-results (ARRIVAL_SHOTS to choose the folder).
 */
import type { Page } from '@playwright/test';
import type { Route, Stop } from '../src-shared/protocol/entities.ts';
import { enlargeText, labelProblems, restyleText, textProblems } from './support/a11y.ts';
import { demoFeaturesOn } from './support/features.ts';
import { type Dispatch, expect, test } from './support/fixtures.ts';
import { inWrapper, wrapperSignIn } from './support/native-wrapper.ts';

test.use({ freshServer: true, viewport: { width: 390, height: 844 } });

/** 20 s of standing, the check every 5 s, and a loaded machine's slack. */
const NOTICED_MS = 40_000;

/** Arrival detection on for the demo organisation and this route. */
const arrivalOn = (dispatch: Dispatch, route: Route) =>
  demoFeaturesOn(dispatch, route.id, { ft_arrival_detection: true }, { arrival_detection: true });

/** `metresNorth` of the stop. */
const near = (stop: Stop, metresNorth: number) => ({
  latitude: stop.address.lat + metresNorth / 111_320,
  longitude: stop.address.lng,
});

/** The active stop's row of the stop list (named in the app's language). */
const activeRow = (page: Page) => page.getByRole('main').getByRole('list').locator('[aria-current="step"]');

const shot = (name: string) => `${process.env.ARRIVAL_SHOTS ?? 'test-results/arrival'}/${name}.png`;

test('standing at the next stop, the browser’s position brings the prompt; dark and 200% text keep it whole; Not now takes it away', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  test.setTimeout(120_000);
  const { stop } = await signedInOnRoute({
    view: 'list',
    open: 'route',
    beforeSignIn: async ({ route, stop }) => {
      await arrivalOn(dispatch, route);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ ...near(stop, 15), accuracy: 10 });
      // At 100% for now; the same style goes to 200% once the prompt is there.
      await enlargeText(page, 100);
    },
  });
  const row = activeRow(page);
  await expect(row).toContainText(stop.information.recipient_name!);
  const prompt = row.getByRole('status').filter({ hasText: "Looks like you've arrived" });
  // Not at once: the phone has to stay a while.
  await page.waitForTimeout(5_000);
  await expect(prompt).toHaveCount(0);
  await expect(prompt).toBeVisible({ timeout: NOTICED_MS });
  const dismiss = prompt.getByRole('button', { name: 'Not now' });
  const arrived = row.getByRole('button', { name: 'Arrived' });
  for (const target of [dismiss, arrived]) {
    const box = (await target.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(48);
  }
  await page.screenshot({ path: shot('en-light') });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: shot('en-dark') });
  await page.emulateMedia({ colorScheme: 'light' });

  await restyleText(page, 200);
  await page.waitForTimeout(400);
  expect(await textProblems(page)).toEqual([]);
  expect(await labelProblems(row, false, false)).toEqual([]);
  await prompt.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('en-200') });
  await restyleText(page, 100);

  await dismiss.click();
  await expect(prompt).toHaveCount(0);
  // Dismissed: it stays away while the driver stays.
  await page.waitForTimeout(12_000);
  await expect(prompt).toHaveCount(0);
});

test('inside a wrapper, in Dutch: moving fast through the stop brings no prompt; standing there does', async ({
  page,
  context,
  server,
  dispatch,
  todaysRoute,
}) => {
  test.setTimeout(150_000);
  await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
  const { route, stop } = await todaysRoute({ view: 'list' });
  await arrivalOn(dispatch, route);
  // A webview whose own geolocation never answers: only the wrapper's location bridge reports.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition() {}, watchPosition: () => 1, clearWatch() {} },
    });
  });
  await inWrapper(page, 'android', { tokens: await wrapperSignIn(server) });
  await page.goto(`/routes/${route.id}`);
  const row = activeRow(page);
  await expect(row).toContainText(stop.information.recipient_name!);
  const send = (metresNorth: number) => {
    const at = near(stop, metresNorth);
    return page.evaluate(
      ([lat, lng]) =>
        (window as unknown as { __wrapper: { sendLocation(lat: number, lng: number): void } }).__wrapper.sendLocation(
          lat!,
          lng!,
        ),
      [at.latitude, at.longitude],
    );
  };
  const prompt = row.getByRole('status').filter({ hasText: 'Zo te zien ben je er' });

  // Circling the block at about 40 m/s, every fix inside the 50 m radius, for 30 s.
  for (let i = 0; i < 30; i++) {
    await send(i % 2 === 0 ? -20 : 20);
    await page.waitForTimeout(1_000);
  }
  await expect(prompt).toHaveCount(0);

  await send(10);
  await expect(prompt).toBeVisible({ timeout: NOTICED_MS });
  await expect(prompt.getByRole('button', { name: 'Nu niet' })).toBeVisible();
  await page.screenshot({ path: shot('nl-light') });

  // Answered with Arrived: the arrival is the driver's, on the server, and shows on the stop once done.
  await row.getByRole('button', { name: 'Aangekomen', exact: true }).click();
  await expect
    .poll(async () => {
      const { body } = await dispatch<Route>('GET', `/routes/${route.id}`);
      const found = body.stops.find((s) => s.id === stop.id);
      return found && [Boolean(found.arrived_at), found.arrival_by];
    })
    .toEqual([true, 'driver']);
});
