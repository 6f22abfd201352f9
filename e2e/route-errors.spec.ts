/**
 * A route the driver cannot open (issue 31): the spec's alert alone, never over a page whose Retry cannot work, then
 * the way on; a shared link the dispatcher revoked says so and what to do, and the route's copy goes with it.
 */
import type { Page } from '@playwright/test';
import type { LinkAnswer } from '../src-shared/protocol/dispatch.ts';
import { dayFrom, driverApi, routeOn } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

const alert = (page: Page) => page.getByRole('alertdialog');
const retry = (page: Page) => page.getByRole('button', { name: 'Retry' });

async function todaysRoutes(server: Parameters<typeof driverApi>[0]) {
  const routes = await (await driverApi(server)).routes();
  return { bike: routeOn(routes, 'Cargo bike 1', dayFrom(0)), van: routeOn(routes, 'Van 2', dayFrom(0)) };
}

/** Opens a shared link the way a driver does: its URL in the browser. */
async function openLink(page: Page, link: LinkAnswer) {
  const url = new URL(link.url);
  await page.goto(url.pathname + url.search);
}

test('a shared link’s driver typing another route’s id: the expired alert alone, then the sign-in', async ({
  page,
  server,
  dispatch,
}) => {
  const { bike, van } = await todaysRoutes(server);
  const link = await dispatch<LinkAnswer>('POST', `/routes/${bike.id}/links`);
  await openLink(page, link.body);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  await page.goto(`/routes/single/${van.id}`);
  await expect(alert(page)).toContainText('Your route has expired.');
  // Nothing behind the alert offers a Retry that cannot work.
  await expect(retry(page)).toHaveCount(0);
  await expect(page.getByText('Something went wrong while fetching route.')).toHaveCount(0);
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('no session at all: a route’s page leads to the sign-in, with no Oops page', async ({ page, server }) => {
  const { bike } = await todaysRoutes(server);
  await page.goto(`/routes/single/${bike.id}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(retry(page)).toHaveCount(0);
});

test('a revoked link: told it no longer works and what to do; the route’s copy goes', async ({
  page,
  server,
  dispatch,
}) => {
  const { bike } = await todaysRoutes(server);
  const link = await dispatch<LinkAnswer>('POST', `/routes/${bike.id}/links`);
  await openLink(page, link.body);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  // The dispatcher unlinks it; the driver reloads, online.
  expect((await dispatch('DELETE', `/routes/${bike.id}/links/${link.body.linkId}`)).status).toBe(200);
  await page.reload();
  await expect(alert(page)).toContainText('This link no longer works');
  await expect(alert(page)).toContainText('Ask your dispatcher for a new link.');
  await expect(retry(page)).toHaveCount(0);
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The phone's copy went with the link: offline, the route's page no longer shows it.
  await page.context().setOffline(true);
  await page.goto(`/routes/single/${bike.id}`).catch(() => {});
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toHaveCount(0);
  await page.context().setOffline(false);
});
