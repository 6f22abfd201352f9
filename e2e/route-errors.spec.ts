/**
 * A route the driver cannot open (issue 31): the spec's alert alone, never over a page whose Retry cannot work, then
 * the way on; a shared link the dispatcher revoked says so and what to do, and the route's copy goes with it, while a
 * completion made through it and not yet sent stays on the phone and is reported as not saved. The refusal is
 * remembered on the phone (issue 45): every later open of that link says the same, with no network too.
 */
import type { Page } from '@playwright/test';
import type { LinkAnswer } from '../src-shared/protocol/dispatch.ts';
import type { Route } from '../src-shared/protocol/entities.ts';
import { dayFrom, driverApi, routeOn, underServiceWorker } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';
import { mapView } from './support/route-setup.ts';

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

test('a revoked link: told it no longer works and what to do, at the next contact and at every later open, offline too', async ({
  page,
  context,
  server,
  dispatch,
}) => {
  await mapView(context, server, 'list');
  const { bike } = await todaysRoutes(server);
  const link = await dispatch<LinkAnswer>('POST', `/routes/${bike.id}/links`);
  await openLink(page, link.body);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  // The app opens with no network from here on; the route's live channel is up (its dot in the header).
  await underServiceWorker(page);
  await expect(page.locator('[data-live="connected"]')).toBeVisible();

  // The dispatcher unlinks it while the route is open, then republishes: the socket carrying the event finds the
  // link revoked (4403), which is the link's end, not the route's new driver or a New Changes dialog.
  expect((await dispatch('DELETE', `/routes/${bike.id}/links/${link.body.linkId}`)).status).toBe(200);
  expect((await dispatch('POST', `/routes/${bike.id}/republish`)).status).toBeLessThan(300);
  await expect(alert(page)).toContainText('This link no longer works');
  await expect(alert(page)).toContainText('Ask your dispatcher for a new link.');
  await expect(retry(page)).toHaveCount(0);
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Every later open of the link says the same: reloaded online, then opened again and reloaded with no network.
  // The route's copy went with the link; nothing of it shows, and never the fetch's Oops.
  await page.goto(`/routes/single/${bike.id}`);
  await expect(alert(page)).toContainText('This link no longer works');
  await context.setOffline(true);
  for (const open of [() => openLink(page, link.body), () => page.reload()]) {
    await open();
    await expect(alert(page)).toContainText('This link no longer works');
    await expect(alert(page)).toContainText('Ask your dispatcher for a new link.');
    await expect(page.getByText('Something went wrong while fetching route.')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toHaveCount(0);
  }
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // The account offers no way back to a route that is gone.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await context.setOffline(false);
});

/** The phone's outbox records, as IndexedDB holds them: [state, park reason]. */
function outboxOnPhone(page: Page) {
  return page.evaluate(
    () =>
      new Promise<[string, string | null][]>((resolve, reject) => {
        const open = indexedDB.open('droplane');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result.map((item) => [item.state, item.parked?.reason ?? null]));
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

test('a link revoked while a completion waits on the phone: the completion is kept and reported as not saved', async ({
  page,
  context,
  dispatch,
  todaysRoute,
}) => {
  const { route, stop } = await todaysRoute({ view: 'list' });
  const link = await dispatch<LinkAnswer>('POST', `/routes/${route.id}/links`);
  await openLink(page, link.body);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  // Stop 1 skipped in a dead zone (the stops show once the stop screens' code is in): it waits there.
  const moreInfo = page.locator('[aria-current="step"]').getByRole('button', { name: 'More info' });
  await expect(moreInfo).toBeVisible();
  await context.setOffline(true);
  await moreInfo.click();
  if (stop.information.notes) await alert(page).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Stop actions' }).getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 skipped')).toBeVisible();
  expect(await outboxOnPhone(page)).toEqual([['queued', null]]);

  // Meanwhile the dispatcher unlinks it; back online, the send finds the link refused.
  expect((await dispatch('DELETE', `/routes/${route.id}/links/${link.body.linkId}`)).status).toBe(200);
  await context.setOffline(false);
  await expect(alert(page)).toContainText('This link no longer works');
  await expect(alert(page)).toContainText(
    'Ask your dispatcher for a new link. 1 stop you completed was not saved. It is kept on this phone: tell your dispatcher.',
  );
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // Kept, parked (nothing will send it through that link again), shown as not saved, and never on the server.
  await expect(page.getByRole('link', { name: '1 stop not saved' })).toBeVisible();
  expect(await outboxOnPhone(page)).toEqual([['parked', 'link_refused']]);
  const { body } = await dispatch<Route>('GET', `/routes/${route.id}`);
  expect(body.stops.find((s) => s.id === stop.id)?.status).toBe('pending');

  // Listed with why, and no Send again, which nothing could ever send (issue 46); Discard stays the driver's.
  await page.getByRole('link', { name: '1 stop not saved' }).click();
  const panel = page.getByRole('region', { name: 'Not saved' });
  await expect(panel).toContainText('This link no longer works. Ask your dispatcher for a new link.');
  await expect(panel).toContainText('Skipped');
  await expect(panel).toContainText('It can no longer be sent from this phone.');
  await expect(panel.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send again' })).toHaveCount(0);
});
