/**
 * The sign-in wizard (spec section 2, Login; section 5, Sign-in): every error under its field, the password
 * toggle, Enter to submit, the back arrow's rules, the reset flow from both entries, the terms link, and Dutch.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures.ts';

const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

async function toPasswordStep(page: Page, email: string = DEMO.driver) {
  await page.goto('/login');
  await emailField(page).fill(email);
  await next(page).click();
  await expect(passwordField(page)).toBeVisible();
}

test('step one: an empty email, then an unknown one, each says why under the field', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  const email = emailField(page);
  await expect(email).toHaveAttribute('maxlength', '254');
  // A text field with the email keyboard (EmailStep says why), nothing capitalised or corrected.
  await expect(email).toHaveAttribute('type', 'text');
  await expect(email).toHaveAttribute('autocomplete', 'username');
  await expect(email).toHaveAttribute('inputmode', 'email');
  await expect(email).toHaveAttribute('autocapitalize', 'none');
  await expect(email).toHaveAttribute('spellcheck', 'false');

  await next(page).click();
  await expect(email).toHaveAccessibleDescription('Please fill in this field');
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('nobody@example.com');
  // Typing clears the old error at once.
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await next(page).click();
  await expect(email).toHaveAccessibleDescription('No user found');
  await expect(passwordField(page)).toHaveCount(0);
});

test('step two: an empty password, then a wrong one', async ({ page }) => {
  await toPasswordStep(page);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page.getByText(DEMO.driver, { exact: true })).toBeVisible();
  const password = passwordField(page);
  // The step moved focus to the field it asks for.
  await expect(password).toBeFocused();

  await next(page).click();
  await expect(password).toHaveAccessibleDescription('Please fill in this field');

  await password.fill('not-the-password');
  await next(page).click();
  await expect(password).toHaveAccessibleDescription('Incorrect password');
  await expect(page).toHaveURL(/\/login$/);
});

test('signs in with Enter on both steps and lands on My Routes', async ({ page }) => {
  await page.goto('/login');
  await emailField(page).fill(DEMO.driver);
  await emailField(page).press('Enter');
  await passwordField(page).fill(DEMO.password);
  await passwordField(page).press('Enter');
  await expect(page).toHaveURL(/\/routes$/);
  await expect(page.getByRole('heading', { name: 'My Routes' })).toBeVisible();
  // The sign-in is gone from the history: back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
});

test('Next shows its loading state while the core checks the email', async ({ page }) => {
  // Hold the answer back so the in-between state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/v1/drivers/signin', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await emailField(page).fill(DEMO.driver);
  await next(page).click();
  await expect(next(page)).toHaveAttribute('aria-busy', 'true');
  await expect(next(page)).toHaveAttribute('aria-disabled', 'true');
  release();
  await expect(passwordField(page)).toBeVisible();
  await expect(next(page)).not.toHaveAttribute('aria-busy', 'true');
});

test('the password can be shown and hidden', async ({ page }) => {
  await toPasswordStep(page);
  const password = passwordField(page);
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('the back arrow: none on the first step when nobody is known, the previous step later', async ({ page }) => {
  await page.goto('/login');
  await expect(emailField(page)).toBeVisible();
  await expect(back(page)).toHaveCount(0);

  await emailField(page).fill(DEMO.driver);
  await next(page).click();
  await back(page).click();
  // Back on step one, with the email kept and no arrow again.
  await expect(emailField(page)).toHaveValue(DEMO.driver);
  await expect(back(page)).toHaveCount(0);
});

test('Reset password sends the instructions and confirms; Back to sign in returns to step one', async ({ page }) => {
  await toPasswordStep(page);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We have sent instructions to reset your password to ${DEMO.driver}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of service' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(emailField(page)).toHaveValue(DEMO.driver);
});

test('/reset-password: an email and Send instructions lead to the confirmation', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send instructions' });
  await send.click();
  await expect(emailField(page)).toHaveAccessibleDescription('Please fill in this field');

  await emailField(page).fill(DEMO.driver);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test('/reset-password has a back arrow to the sign-in', async ({ page }) => {
  await page.goto('/reset-password');
  await back(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test('the terms of service open outside the app', async ({ page, server }) => {
  await page.goto('/login');
  const terms = page.getByRole('link', { name: 'Terms of service' });
  await expect(terms).toHaveAttribute('href', `${server.url}/terms`);
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAttribute('rel', /noopener/);
});

test('without a connection, step one says No internet connection', async ({ page, context }) => {
  await page.goto('/login');
  await expect(emailField(page)).toBeVisible();
  await context.setOffline(true);
  // The lasting offline snackbar sits above the pinned footer: Next stays reachable (a click on a covered button
  // would fail).
  await expect(page.getByRole('status').getByText('No internet connection')).toBeVisible();
  await emailField(page).fill(DEMO.driver);
  await next(page).click();
  await expect(emailField(page)).toHaveAccessibleDescription('No internet connection');
  await context.setOffline(false);
});

test.describe('in Dutch', () => {
  test.beforeEach(async ({ context, server }) => {
    await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
  });

  test('the wizard and its errors are Dutch', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { name: 'Inloggen', level: 1 })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'E-mailadres' });
    const volgende = page.getByRole('button', { name: 'Volgende' });
    await volgende.click();
    await expect(email).toHaveAccessibleDescription('Vul dit veld in');
    await email.fill('nobody@example.com');
    await volgende.click();
    await expect(email).toHaveAccessibleDescription('Geen gebruiker gevonden');
    await email.fill(DEMO.driver);
    await volgende.click();
    const password = page.getByLabel('Wachtwoord', { exact: true });
    await password.fill('fout');
    await volgende.click();
    await expect(password).toHaveAccessibleDescription('Onjuist wachtwoord');
    await expect(page.getByRole('link', { name: 'gebruiksvoorwaarden' })).toBeVisible();
    await page.getByRole('button', { name: 'Wachtwoord resetten' }).click();
    await expect(page.getByRole('heading', { name: 'Check je inbox' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Terug naar inloggen' })).toBeVisible();
  });
});
