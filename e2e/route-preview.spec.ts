/**
 * The Closed tab's preview (spec section 2): a bottom drawer with the finished route's stops, read-only, and a
 * stop's details; Escape closes the details, then the drawer, which also closes on a scrim tap or its close button,
 * and gives the focus back.
 */
import type { Page } from '@playwright/test';
import { dayFrom, driverApi, routeOn } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Van 1' });

async function openClosedTab(page: Page) {
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page.getByRole('article', { name: 'Van 1' })).toBeVisible();
}

test('tapping a closed route opens its stops, and a stop its details', async ({ page, server, signIn }) => {
  const yesterday = routeOn(await (await driverApi(server)).routes(), 'Van 1', dayFrom(-1));
  await signIn(page, DEMO.driver);
  await openClosedTab(page);

  // The card itself is the tap target, not only its button.
  await page.getByRole('article', { name: 'Van 1' }).getByText('Utrecht city').click();
  await expect(drawer(page)).toBeVisible();
  const stops = drawer(page).getByRole('list', { name: 'Stops of this route' }).getByRole('listitem');
  // Start and end besides the stops the card counts, each done.
  await expect(stops).toHaveCount(yesterday.stop_count + 2);
  await expect(stops.first()).toContainText('Droplane depot');
  await expect(stops.first().getByRole('img', { name: 'Completed' })).toBeVisible();
  await expect(stops.filter({ hasText: 'Break time: 30 min' })).toHaveCount(1);

  const second = stops.nth(2);
  await second.getByRole('button').click();
  // The sheet's title follows its view.
  const sheet = page.getByRole('dialog', { name: 'Stop details' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(sheet).toContainText('Stop 2');
  for (const label of ['Type', 'Time window', 'Planned ETA', 'Duration', 'Completed at']) {
    await expect(sheet.getByRole('term').filter({ hasText: label })).toBeVisible();
  }
  await expect(sheet.getByRole('definition').first()).toHaveText('Delivery');
  await expect(sheet.getByRole('img', { name: 'Completed' })).toBeVisible();

  // Escape closes only what is on top (issue 45): the details first, back on the stop's row; the drawer next.
  await page.keyboard.press('Escape');
  await expect(second.getByRole('button')).toBeFocused();
  await expect(drawer(page)).toBeVisible();
  await second.getByRole('button').click();
  await sheet.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByRole('button')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Van 1' })).toBeVisible();
});

test('View stops opens the drawer too; the close button, the scrim and a swipe down close it', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO.driver);
  await openClosedTab(page);
  const view = page.getByRole('button', { name: 'View stops' });

  await view.click();
  await expect(drawer(page)).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await expect(view).toBeFocused();

  await view.click();
  await expect(drawer(page).getByRole('listitem').first()).toBeVisible();
  // The scrim is the dimmed list above the sheet.
  await page.mouse.click(195, 40);
  await expect(drawer(page)).toHaveCount(0);

  await view.click();
  const title = drawer(page).getByRole('heading', { name: 'Van 1' });
  // hover() waits until the sheet has finished sliding in.
  await title.hover();
  const box = (await title.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + 5);
  await page.mouse.down();
  for (let dy = 20; dy <= 400; dy += 40) await page.mouse.move(box.x + 10, box.y + 5 + dy);
  await page.mouse.up();
  await expect(drawer(page)).toHaveCount(0);
});

test('a preview that cannot load says why and retries', async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  await openClosedTab(page);
  let failing = true;
  await page
    .context()
    .route(/\/v1\/projects\/routes\/\d+$/, (route) =>
      failing ? route.fulfill({ status: 500, body: '{"message":"boom"}' }) : route.continue(),
    );
  await page.getByRole('button', { name: 'View stops' }).click();
  await expect(drawer(page).getByRole('alert')).toHaveText(/Something went wrong/);
  failing = false;
  await drawer(page).getByRole('button', { name: 'Retry' }).click();
  await expect(drawer(page).getByRole('listitem').first()).toContainText('Droplane depot');
});
