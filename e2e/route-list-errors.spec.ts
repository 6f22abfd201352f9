/**
 * The route list's errors (spec section 8 "Route list load"): a cancelled subscription and an expired session from
 * the real server; another 400 and any other failure, which this server never answers on the list, from a
 * replaced response; and offline, where the stored list stays with No internet connection.
 */
import type { Page } from '@playwright/test';
import { spoilStoredSession, underServiceWorker } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

const LIST = /\/v1\/projects\/routes$/;
const alert = (page: Page) => page.getByRole('alertdialog');

test.describe('on a server of its own', () => {
  test.use({ freshServer: true });

  test('a cancelled subscription says so, with Confirm', async ({ page, dispatch, signIn }) => {
    await signIn(page, DEMO.driver);
    await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
    const orgs = await dispatch<{ id: number; name: string }[]>('GET', '/v1/dispatch/organisations');
    const org = orgs.body.find((o) => o.name === 'Demo Logistics');
    const patched = await dispatch('PATCH', `/organisations/${org!.id}`, { subscription_status: 'canceled' });
    expect(patched.status).toBe(200);

    await page.reload();
    await expect(alert(page)).toContainText(
      "Your organisation's subscription is cancelled. Please contact your supervisor.",
    );
    await alert(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(alert(page)).toHaveCount(0);
    // The driver stays signed in, with the list the device kept.
    await expect(page).toHaveURL(/\/routes$/);
    await expect(page.getByText('Showing the last list')).toBeVisible();
  });
});

test('an expired session logs out automatically to the sign-in', async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await spoilStoredSession(page);
  await page.goto('/routes');
  await expect(page.getByText('You have been logged out automatically')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(alert(page)).toHaveCount(0);
});

test("another 400 shows the server's message", async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await page.context().route(LIST, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Route list is being rebuilt' }),
    }),
  );
  await page.getByRole('button', { name: 'Refresh the list' }).click();
  await expect(alert(page)).toContainText('Route list is being rebuilt');
  await expect(alert(page)).not.toContainText('Oops');
  await alert(page).getByRole('button', { name: 'OK' }).click();
  // The list on screen stays.
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
});

test('any other failure says Something went wrong, titled Oops', async ({ page, signIn }) => {
  await page.context().route(LIST, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
  await signIn(page, DEMO.driver);
  await expect(alert(page).getByRole('heading', { name: 'Oops' })).toBeVisible();
  await expect(alert(page)).toContainText('Something went wrong');
  await alert(page).getByRole('button', { name: 'OK' }).click();
  // Nothing was ever loaded: the screen says so and offers a retry, which works once the server does.
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.context().unroute(LIST);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
});

test('offline, the stored list stays with No internet connection', async ({ page, context, signIn }) => {
  await signIn(page, DEMO.driver);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await underServiceWorker(page);
  await expect(page.getByRole('article', { name: 'Cargo bike 1' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('No internet connection')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Cargo bike 1' })).toBeVisible();
  await expect(page.getByText('Offline — showing the last list')).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
  await context.setOffline(false);
});
