/**
 * The route list (spec section 2 "Route list", section 9) against the seeded demo data: the New tab's In
 * Progress, Today and dated sections, the Closed tab's window, the route cards, the distance unit, a route moving to
 * In Progress after a pull-to-refresh, and "No routes". The preview and the errors have their own files.
 */
import type { CDPSession, Page } from '@playwright/test';
import { formatDistance, hoursAndMinutes } from '../src-shared/domain/format.ts';
import { formatWeekdayDayMonth } from '../src-ui/i18n/format.ts';
import { dayFrom, driverApi, routeOn } from './support/app.ts';
import { DEMO, type Dispatch, expect, test } from './support/fixtures.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, scope: string, vehicle: string) =>
  section(page, scope).getByRole('article', { name: vehicle, exact: true });
const dateHeading = (offset: number, language: 'en' | 'nl' = 'en') => {
  const text = formatWeekdayDayMonth(dayFrom(offset), language);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

test("New: Today holds today's routes, then tomorrow and the optimized route of three days ago by date", async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO.driver);
  await expect(heading(page, 'Today')).toBeVisible();
  const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText(['Today', dateHeading(1), dateHeading(-3)]);
  await expect(section(page, 'Today').getByRole('article')).toHaveCount(2);
  await expect(card(page, 'Today', 'Cargo bike 1')).toBeVisible();
  await expect(card(page, 'Today', 'Van 2')).toBeVisible();
  await expect(card(page, dateHeading(1), 'Van 2')).toContainText('Utrecht city');
  await expect(card(page, dateHeading(-3), 'Van 3')).toContainText('Leidsche Rijn');
  await expect(heading(page, 'In Progress')).toHaveCount(0);
  // Finished routes are never on New.
  await expect(heading(page, dateHeading(-1))).toHaveCount(0);
});

test("Closed: yesterday's finished route, not the one of 20 days ago", async ({ page, signIn }) => {
  await signIn(page, DEMO.driver);
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page.getByRole('tab', { name: 'Closed' })).toHaveAttribute('aria-selected', 'true');
  const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([dateHeading(-1)]);
  const yesterday = card(page, dateHeading(-1), 'Van 1');
  await expect(yesterday).toContainText('10 stops');
  await expect(yesterday.getByRole('button', { name: 'View stops' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
  await expect(heading(page, dateHeading(-20))).toHaveCount(0);
});

test('a card shows its stops, distance, completion time, start and end, and opens the route', async ({
  page,
  server,
  signIn,
}) => {
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await signIn(page, DEMO.driver);
  const item = card(page, 'Today', 'Cargo bike 1');
  const { hours, minutes } = hoursAndMinutes(bike.completion_time);
  await expect(item).toContainText('Utrecht city');
  await expect(item).toContainText(`${bike.stop_count} stops`);
  await expect(item).toContainText(`${formatDistance(bike.distances.total, 'km').value} km`);
  await expect(item).toContainText(hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`);
  await expect(item.getByRole('listitem')).toContainText(['Cartesiusweg 90, Utrecht', 'Cartesiusweg 90, Utrecht']);
  await item.getByRole('button', { name: 'Open route' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${bike.id}$`));
});

test('distances are in miles after switching the Distance Units setting', async ({ page, server, signIn }) => {
  const van = routeOn(await (await driverApi(server)).routes(), 'Van 2', dayFrom(0));
  const km = `${formatDistance(van.distances.total, 'km').value} km`;
  const mi = `${formatDistance(van.distances.total, 'mi').value} mi`;
  await signIn(page, DEMO.driver);
  await expect(card(page, 'Today', 'Van 2')).toContainText(km);

  await page.goto('/account/settings/distance-units');
  await page.getByText('Miles', { exact: true }).click();
  await page.goto('/routes');
  await expect(card(page, 'Today', 'Van 2')).toContainText(mi);
  await expect(card(page, 'Today', 'Van 2')).not.toContainText(km);
});

test('a driver without routes sees No routes on both tabs', async ({ page, dispatch, signIn }) => {
  const email = await driverWithoutRoutes(dispatch);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'No routes' })).toBeVisible();
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page.getByRole('heading', { name: 'No routes' })).toBeVisible();
});

async function driverWithoutRoutes(dispatch: Dispatch): Promise<string> {
  const orgs = await dispatch<{ id: number; name: string }[]>('GET', '/organisations');
  const org = orgs.body.find((o) => o.name === 'Demo Logistics');
  const email = `no-routes-${Date.now()}@example.com`;
  const created = await dispatch('POST', '/drivers', {
    email,
    password: DEMO.password,
    first_name: 'Nora',
    last_name: 'Leeg',
    organisation_id: org!.id,
  });
  expect(created.status).toBe(201);
  return email;
}

/** A finger pulling the list down from `fromY` by `travel` px, through real touch events. */
async function pull(cdp: CDPSession, fromY: number, travel: number, release = true) {
  const at = (y: number) => [{ x: 195, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(fromY) });
  for (let y = fromY; y <= fromY + travel; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
  }
  if (release) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe('started elsewhere', () => {
  test.use({ freshServer: true });

  test('a route moves to In Progress after a pull-to-refresh, or the refresh button', async ({
    page,
    context,
    server,
    signIn,
  }) => {
    const api = await driverApi(server);
    const routes = await api.routes();
    const bike = routeOn(routes, 'Cargo bike 1', dayFrom(0));
    await signIn(page, DEMO.driver);
    await expect(card(page, 'Today', 'Cargo bike 1')).toBeVisible();

    await api.start(bike);
    const cdp = await context.newCDPSession(page);
    // A short pull does nothing; one past the threshold (120 px after resistance) refreshes.
    // Every phase the pull goes through, to see that the short one never reached 'refreshing'.
    await page.evaluate(() => {
      const root = document.querySelector('[data-phase]')!;
      const seen: string[] = [];
      (window as unknown as { __phases: string[] }).__phases = seen;
      new MutationObserver(() => seen.push(root.getAttribute('data-phase')!)).observe(root, {
        attributeFilter: ['data-phase'],
      });
    });
    await pull(cdp, 250, 120);
    await expect(page.locator('[data-phase]')).toHaveAttribute('data-phase', 'idle');
    const phases = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
    expect(phases).toContain('pulling');
    expect(phases).not.toContain('refreshing');
    await expect(heading(page, 'In Progress')).toHaveCount(0);
    await pull(cdp, 250, 300);
    const started = card(page, 'In Progress', 'Cargo bike 1');
    await expect(started).toBeVisible();
    await expect(started.getByRole('button', { name: 'Continue route' })).toBeVisible();
    await expect(started).toContainText(`0/${bike.stop_count} stops`);
    await expect(section(page, 'Today').getByRole('article')).toHaveCount(1);

    await api.start(routeOn(routes, 'Van 2', dayFrom(0)));
    await page.getByRole('button', { name: 'Refresh the list' }).click();
    await expect(section(page, 'In Progress').getByRole('article')).toHaveCount(2);
    await expect(heading(page, 'Today')).toHaveCount(0);
  });
});

test.describe('in Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('the headings are Dutch', async ({ page, context, server, signIn }) => {
    await signIn(page, DEMO.driver);
    await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
    await page.reload();
    const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Vandaag', dateHeading(1, 'nl'), dateHeading(-3, 'nl')]);
    await expect(section(page, 'Vandaag').getByRole('button', { name: 'Route openen' })).toHaveCount(2);
    await page.getByRole('tab', { name: 'Afgerond' }).click();
    await expect(headings).toHaveText([dateHeading(-1, 'nl')]);
    await expect(page.getByRole('button', { name: 'Stops bekijken' })).toBeVisible();
  });
});
