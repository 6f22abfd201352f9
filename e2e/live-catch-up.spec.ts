/**
 * Catching up after a dead zone (issue 30): a change the dispatcher makes while the phone has no signal reaches the
 * open route once the signal is back, within seconds, with no reload and no tap. The socket opens with the route's
 * version (`route_version`); a copy behind it is fetched again (src-worker/live/server-events.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops', exact: true });
const shownOrder = (page: Page) =>
  stopList(page)
    .locator('[data-stop-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-stop-id'))));

test('a reorder made while the phone is offline shows within 5 s of going online', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  const { route } = await signedInOnRoute({ view: 'list', open: 'route' });
  await expect(page.locator('[data-live="connected"]')).toBeVisible();
  // The channel can be up before the list has rendered its rows.
  await expect(stopList(page).locator('[data-stop-id]').nth(3)).toBeAttached();
  const before = await shownOrder(page);

  // No signal: the live channel goes down.
  await context.setOffline(true);
  await expect(page.locator('[data-live="connected"]')).toHaveCount(0, { timeout: 10_000 });

  // The dispatcher swaps two stops meanwhile: no event can reach the phone.
  const ids = route.stops.map((s) => s.id);
  const swapped = [...ids];
  [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
  expect((await dispatch('PUT', `/routes/${route.id}/order`, { stop_ids: swapped })).status).toBe(200);
  await page.waitForTimeout(1_000);
  // The list renders the rows in view, and may render a few more once measured: the order is what must not change.
  expect((await shownOrder(page)).slice(0, 4)).toEqual(before.slice(0, 4));

  // The signal returns: the new order shows within 5 s, with no reload and no tap.
  await context.setOffline(false);
  await expect.poll(async () => (await shownOrder(page)).slice(0, 4), { timeout: 5_000 }).toEqual(swapped.slice(0, 4));
});
