/**
 * The route table's rules (spec section 2) and the session around it: the shared-link entry, unknown paths,
 * the back arrows that return to a loaded route, the automatic logout (section 8), and the offline start.
 */
import type { Page } from '@playwright/test';
import { spoilStoredSession, underServiceWorker } from './support/app.ts';
import { DEMO, type Dispatch, expect, test } from './support/fixtures.ts';

interface SharedLink {
  routeId: number;
  /** Path and query of the link, for page.goto on the test's server. */
  path: string;
}

/** A fresh shared link to one of the demo driver's routes, from the dispatcher API. */
async function shareRoute(dispatch: Dispatch): Promise<SharedLink> {
  const routes = await dispatch<{ id: number; driver_id: number | null }[]>('GET', '/routes');
  expect(routes.status).toBe(200);
  const route = routes.body[0];
  expect(route).toBeDefined();
  const link = await dispatch<{ url: string }>('POST', `/routes/${route!.id}/links`);
  expect(link.status).toBe(201);
  const url = new URL(link.body.url);
  return { routeId: route!.id, path: url.pathname + url.search };
}

const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

test('a shared link opens its route; its back button leaves the link for the account', async ({ page, dispatch }) => {
  const link = await shareRoute(dispatch);
  await page.goto(link.path);
  await expect(page).toHaveURL(new RegExp(`/routes/single/${link.routeId}$`));

  await back(page).click();
  await expect(page).toHaveURL(/\/account$/);
  // Signed out and the link forgotten: a Sign in button and nothing to go back to, also after a reload.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(back(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(back(page)).toHaveCount(0);
});

test('with a route loaded, the account and the sign-in lead back to it, and signing in returns there', async ({
  page,
  dispatch,
}) => {
  const link = await shareRoute(dispatch);
  const routePath = new RegExp(`/routes/single/${link.routeId}$`);
  await page.goto(link.path);
  await expect(page).toHaveURL(routePath);

  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await back(page).click();
  await expect(page).toHaveURL(routePath);

  await page.goto('/login');
  await back(page).click();
  await expect(page).toHaveURL(routePath);

  await page.goto('/login');
  await emailField(page).fill(DEMO.driver);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(routePath);
});

test('with a signed-in route open, More > Account and More > My Routes lead back to the route', async ({
  page,
  context,
  server,
  signIn,
}) => {
  await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
  await signIn(page, DEMO.driver);
  await page.getByRole('button', { name: 'Open route' }).first().click();
  await expect(page).toHaveURL(/\/routes\/\d+$/);
  const routeUrl = page.url();
  const more = async (row: string) => {
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: row }).click();
  };

  // Spec section 2, Account: "The back arrow returns to the route when one is loaded."
  await more('Account');
  await expect(page).toHaveURL(/\/account$/);
  await back(page).click();
  await expect(page).toHaveURL(routeUrl);

  // Route list: "The back button returns to the route if the previous window was main", also after a tab switch.
  await more('My Routes');
  await expect(page).toHaveURL(/\/routes$/);
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page).toHaveURL(/\/routes\/closed$/);
  await back(page).click();
  await expect(page).toHaveURL(routeUrl);
  await expect(page.getByRole('button', { name: 'More options' })).toBeVisible();

  // Reached from the account instead, the list goes back to the account.
  await more('Account');
  await page.getByRole('link', { name: 'My Routes' }).click();
  await back(page).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('signed out, unknown paths and the route list go to the sign-in', async ({ page }) => {
  for (const path of ['/', '/nowhere', '/routes']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(emailField(page)).toBeVisible();
  }
});

test('signed in, unknown paths go to the account', async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  for (const path of ['/', '/nowhere', '/account/settings/colours/more']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Sam de Vries' })).toBeVisible();
  }
});

test('the route list shows My Routes with its tabs, and goes back to the account', async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  await expect(page.getByRole('heading', { name: 'My Routes' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Closed' })).toHaveAttribute('aria-selected', 'false');
  // The tabs are links: each has its own address.
  await expect(page.getByRole('tab', { name: 'Closed' })).toHaveAttribute('href', '/routes/closed');
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page).toHaveURL(/\/routes\/closed$/);
  await expect(page.getByRole('tab', { name: 'Closed' })).toHaveAttribute('aria-selected', 'true');
  // Arrow keys move between the tabs, as in a tab list.
  await page.getByRole('tab', { name: 'Closed' }).press('ArrowLeft');
  await expect(page).toHaveURL(/\/routes$/);
  await expect(page.getByRole('tab', { name: 'New' })).toBeFocused();
  await back(page).click();
  await expect(page).toHaveURL(/\/account$/);
});

for (const screen of ['/routes', '/account']) {
  test(`a refused refresh logs out automatically, with the message, from ${screen} to the sign-in`, async ({
    page,
    signIn,
  }) => {
    await signIn(page, DEMO.driver);
    await expect(page).toHaveURL(/\/routes$/);
    await spoilStoredSession(page);
    await page.goto(screen);
    await expect(page.getByText('You have been logged out automatically')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(emailField(page)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('after a first visit, the app starts offline', async ({ page, context }) => {
  await page.goto('/login');
  await expect(emailField(page)).toBeVisible();
  await underServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(emailField(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of service' })).toBeVisible();
  await context.setOffline(false);
});

test('signed in, the account starts offline from the stored session', async ({ page, context, signIn }) => {
  await signIn(page, DEMO.driver);
  await page.goto('/account');
  await expect(page.getByText('Demo Logistics', { exact: true })).toBeVisible();
  await underServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sam de Vries' })).toBeVisible();
  await expect(page.getByText('Demo Logistics', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Still signed in: being offline is no reason to end the session. Going on to another screen that needs the
  // session shows it, once the start's calls have failed for want of a network.
  await page
    .getByRole('link', { name: 'Settings' })
    .or(page.getByRole('button', { name: 'Settings' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await context.setOffline(false);
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('the account and the route list are Dutch', async ({ page, context, server, signIn }) => {
    await signIn(page, DEMO.driver);
    await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mijn routes' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Nieuw' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Afgerond' })).toBeVisible();
    await page.getByRole('button', { name: 'Terug' }).click();
    await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  });
});
