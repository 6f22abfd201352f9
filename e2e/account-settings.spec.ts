/**
 * Account, Settings and About (spec section 2): the profile from the access token, the rows signed in and out,
 * every setting kept in its cookie across a reload, the current option doing nothing, the language switch, the
 * About screen, and sign-out.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '../src-shared/protocol/first-paint.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

const DAY = 86_400;
const row = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** Records what the page writes to document.cookie, as written (the browser keeps less than it is given). */
async function recordCookieWrites(page: Page) {
  await page.addInitScript(`{
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    window.__cookieWrites = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() { return native.get.call(this); },
      set(value) { window.__cookieWrites.push(value); native.set.call(this, value); },
    });
  }`);
}
/**
 * The settings' cookie writes, in order. The session hint (src-ui/platform/session-hint.ts), written at each start
 * while signed in, is no setting: left out.
 */
const cookieWrites = async (page: Page) =>
  (await page.evaluate<string[]>('window.__cookieWrites')).filter((w) => !w.startsWith(`${SESSION_HINT_COOKIE}=`));

/**
 * The setting's cookie: written with a ten-year Max-Age (3650 days), and kept by the browser for as long as it
 * allows (Chromium caps every cookie at 400 days).
 */
async function expectLongLivedCookie(page: Page, context: BrowserContext, name: string, value: string) {
  expect(await cookieWrites(page)).toContainEqual(
    expect.stringMatching(new RegExp(`^${name}=${value}; Max-Age=${3650 * DAY};`)),
  );
  const stored = await cookie(context, name);
  expect(stored?.value).toBe(value);
  expect(stored!.expires - Date.now() / 1000).toBeGreaterThan(399 * DAY);
}

test.describe('signed in', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await recordCookieWrites(page);
    await signIn(page, DEMO.driver);
    await page.goto('/account');
  });

  test('the account shows the driver and organisation, and its rows', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Sam de Vries' })).toBeVisible();
    await expect(page.getByText('Demo Logistics', { exact: true })).toBeVisible();
    for (const name of ['My Routes', 'Settings', 'About']) await expect(row(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    // No route is loaded, so nothing to go back to.
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);

    await row(page, 'My Routes').click();
    await expect(page).toHaveURL(/\/routes$/);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  const SETTINGS = [
    {
      page: 'navigation',
      row: 'Navigation',
      from: 'Google Maps',
      to: 'Waze',
      cookie: 'dl_navigationMap',
      value: 'waze',
    },
    {
      page: 'distance-units',
      row: 'Distance Units',
      from: 'Kilometers',
      to: 'Miles',
      cookie: 'dl_distanceUnit',
      value: 'mi',
    },
    { page: 'map-view', row: 'Map view', from: 'On', to: 'Off', cookie: 'dl_mapView', value: 'off' },
    { page: 'theme', row: 'Theme', from: 'System', to: 'Dark', cookie: 'dl_theme', value: 'dark' },
    {
      page: 'high-visibility',
      row: 'High visibility',
      from: 'Off',
      to: 'On',
      cookie: 'dl_highVisibility',
      value: 'on',
    },
  ] as const;

  for (const setting of SETTINGS) {
    test(`${setting.row}: the choice is kept in its cookie across a reload`, async ({ page, context }) => {
      await row(page, 'Settings').click();
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
      await expect(row(page, setting.row)).toContainText(setting.from);

      await row(page, setting.row).click();
      await expect(page).toHaveURL(new RegExp(`/account/settings/${setting.page}$`));
      await expect(page.getByRole('radio', { name: setting.from })).toBeChecked();
      await page.getByText(setting.to, { exact: true }).click();

      // Back on Settings, showing the new value; the picker's entry was popped, not stacked.
      await expect(page).toHaveURL(/\/account\/settings$/);
      await expect(row(page, setting.row)).toContainText(setting.to);
      await expectLongLivedCookie(page, context, setting.cookie, setting.value);

      await page.reload();
      await expect(row(page, setting.row)).toContainText(setting.to);
      await row(page, setting.row).click();
      await expect(page.getByRole('radio', { name: setting.to })).toBeChecked();
      await page.goBack();
      await expect(page).toHaveURL(/\/account\/settings$/);
      // The phone's back button walks the same way as the arrows: no picker left in between.
      await page.goBack();
      await expect(page).toHaveURL(/\/account$/);
    });
  }

  test('Language: Dutch, then German; the texts, <html lang> and the cookie follow, also after a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/account/settings/language');
    await page.getByText('Nederlands', { exact: true }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(page.getByRole('heading', { name: 'Instellingen' })).toBeVisible();
    await expect(row(page, 'Taal')).toContainText('Nederlands');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expectLongLivedCookie(page, context, 'dl_language', 'nl');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await page.getByRole('button', { name: 'Terug' }).click();
    await expect(page.getByRole('heading', { name: 'Mijn account' })).toBeVisible();
    for (const name of ['Mijn routes', 'Instellingen', 'Over Droplane']) await expect(row(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();

    await page.goto('/account/settings/language');
    await expect(page.getByRole('radio', { name: 'Nederlands' })).toBeChecked();
    await page.getByText('Deutsch', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(row(page, 'Sprache')).toContainText('Deutsch');
    expect((await cookie(context, 'dl_language'))?.value).toBe('de');
  });

  test('choosing the current option does nothing: no navigation, no cookie', async ({ page, context }) => {
    await page.goto('/account/settings/distance-units');
    await expect(page.getByRole('radio', { name: 'Kilometers' })).toBeChecked();
    await page.getByText('Kilometers', { exact: true }).click();
    await expect(page).toHaveURL(/\/account\/settings\/distance-units$/);
    // Then a real choice: had the first click done anything, its write would come first, or its navigation would
    // have taken this option away.
    await page.getByText('Miles', { exact: true }).click();
    await expect.poll(() => cookieWrites(page)).toEqual([expect.stringMatching(/^dl_distanceUnit=mi;/)]);
    expect((await cookie(context, 'dl_distanceUnit'))?.value).toBe('mi');
  });

  test('sign out goes to the sign-in, and a reload stays signed out', async ({ page }) => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    // Nobody is known any more: no back arrow on the first step.
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Sam de Vries')).toHaveCount(0);
  });
});

test('signed out, the account offers Sign in and no My Routes or Sign out', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: "You're not signed in" })).toBeVisible();
  await expect(row(page, 'Settings')).toBeVisible();
  await expect(row(page, 'About')).toBeVisible();
  await expect(row(page, 'My Routes')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('navigation apps: Apple Maps is not offered off iOS', async ({ page }) => {
  await page.goto('/account/settings/navigation');
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: 'Apple Maps' })).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });

  test('Apple Maps is offered and can be chosen', async ({ page, context }) => {
    await page.goto('/account/settings/navigation');
    await expect(page.getByRole('radio')).toHaveCount(4);
    await page.getByText('Apple Maps', { exact: true }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(row(page, 'Navigation')).toContainText('Apple Maps');
    expect((await cookie(context, 'dl_navigationMap'))?.value).toBe('apple');
  });
});

test('an unknown settings page goes to Settings', async ({ page }) => {
  await page.goto('/account/settings/colours');
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('About shows the version, its date, the copyright and the external links', async ({ page, server }) => {
  await page.goto('/account');
  await row(page, 'About').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByText('Version 1.17.10 (21 November 2026)')).toBeVisible();
  await expect(page.getByText('© 2026 Droplane')).toBeVisible();
  for (const [name, path] of [
    ['Terms of service', '/terms'],
    ['Privacy policy', '/privacy'],
  ] as const) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', `${server.url}${path}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('About in Dutch', async ({ page, context, server }) => {
  await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Over Droplane' })).toBeVisible();
  await expect(page.getByText('Versie 1.17.10 (21 november 2026)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacybeleid' })).toBeVisible();
});
