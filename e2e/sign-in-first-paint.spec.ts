/**
 * The sign-in at first paint (issue 32): a new visitor's page is the sign-in as real HTML, which takes typing before
 * any of the app's scripts has arrived; when they arrive the app takes the form over without losing what was typed,
 * where the caret was, or a Next already pressed. The scripts are held back by the test, as a slow line would.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures.ts';

/** Holds every script of the app (the main module, its chunks, the core's worker) until the returned call. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.m?js$/, async (route) => {
    await released;
    await route.continue().catch(() => {
      // The page moved on meanwhile.
    });
  });
  return async () => {
    release();
    await page.unroute(/\/assets\/.+\.m?js$/);
  };
}

const firstPaint = (page: Page) => page.locator('[data-first-paint="sign-in"]');
const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });

/**
 * The sign-in sheet's elements, each as its tag, its attributes (ids and their references made positional, the
 * value left out: it is typed) and its own text: what the first paint and the app's screen must share.
 */
function sheetShape(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const ids = new Map<string, string>();
    const idOf = (value: string) => {
      if (!ids.has(value)) ids.set(value, `id${ids.size}`);
      return ids.get(value)!;
    };
    const reference = /^(id|for|form|aria-describedby|aria-labelledby|aria-controls)$/;
    // Each id by its order of appearance; a field's message id is the field's id with "-message".
    const positional = (value: string) =>
      value
        .split(/\s+/)
        .map((token) => {
          const [, base, suffix] = /^(.*?)(-message)?$/.exec(token)!;
          return idOf(base!) + (suffix ?? '');
        })
        .join(' ');
    return [main, ...main.querySelectorAll('*')].map((element) => {
      const attributes = [...element.attributes]
        .filter((a) => a.name !== 'value')
        .map((a) => `${a.name}=${reference.test(a.name) ? positional(a.value) : a.value}`)
        .sort();
      const text = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('');
      return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${text}`;
    });
  });
}

test('the email field takes typing before the scripts arrive; the app keeps the text and the caret, and its form is the same', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(emailField(page)).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', /^http/);
  const painted = await sheetShape(page);

  await emailField(page).click();
  await page.keyboard.type('driver@exa');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
  // No script of the app has run: the form is still the server's.
  expect(await page.evaluate(() => document.querySelector('[data-first-paint]') !== null)).toBe(true);

  await release();
  await expect(firstPaint(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(emailField(page)).toHaveValue('driver@exa');
  await expect(emailField(page)).toBeFocused();
  // Typed where the caret was left: between "driver@" and "exa".
  await page.keyboard.type('m');
  await expect(emailField(page)).toHaveValue('driver@mexa');
  // The same elements, attributes and words as the first paint (one source: LoginPanel, EmailStep).
  expect(await sheetShape(page)).toEqual(painted);

  await emailField(page).fill(DEMO.driver);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

test('Next pressed before the scripts arrive keeps the page, and is answered once they have', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await emailField(page).fill(DEMO.driver);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await emailField(page).press('Enter');
  // The form went nowhere: no navigation, the email is in no URL.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe('');
  await expect(firstPaint(page)).toHaveCount(1);

  await release();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('a Dutch phone', () => {
  test.use({ locale: 'nl-NL' });

  test('gets the sign-in in Dutch from the first paint, and the app goes on in Dutch', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await release();
    await expect(firstPaint(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volgende', exact: true })).toBeVisible();
  });
});

test('a dark phone gets the sign-in in the dark theme from the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(emailField(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await release();
});

test('a signed-in phone opens / as the app does (the account), never on a painted sign-in', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO.driver);
  await expect(page).toHaveURL(/\/routes/);
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('class="boot"');
  expect(html).not.toContain('<div data-first-paint');
  await page.goto('/');
  await expect(page).toHaveURL(/\/account$/);
});
