/**
 * A finger's tap on a button leaves the focus where it was (src-ui/platform/tap-focus.ts, issue 47): the focus move
 * was most of a tap's work before its click on a slow phone. A mouse's click still focuses the button, and a tap from
 * a text field still takes the focus away from it (Android closes its keyboard on that blur). Probed on buttons added
 * to the app's page, so the rule is checked as the app installs it, apart from any one screen's own focus handling.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures.ts';

/** A text field and a button counting its clicks, added to the page. */
async function addProbes(page: Page) {
  await page.evaluate(() => {
    const field = Object.assign(document.createElement('input'), { id: 'probe-field', type: 'text' });
    const button = Object.assign(document.createElement('button'), { id: 'probe-button', textContent: 'Probe' });
    button.dataset.clicks = '0';
    button.addEventListener('click', () => {
      button.dataset.clicks = String(Number(button.dataset.clicks) + 1);
    });
    // Above the app's own screen, so nothing covers them.
    const holder = Object.assign(document.createElement('div'), {
      style: 'position:fixed;top:200px;left:20px;z-index:9999',
    });
    holder.append(field, button);
    document.body.append(holder);
  });
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

test('a tap leaves the focus where it was; a mouse click, or a tap from a text field, moves it', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO.driver);
  await addProbes(page);
  const button = page.locator('#probe-button');
  const field = page.locator('#probe-field');

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await button.tap();
  await expect(button).toHaveAttribute('data-clicks', '1');
  expect(await focusedId(page)).toBe('');

  await button.click();
  await expect(button).toHaveAttribute('data-clicks', '2');
  expect(await focusedId(page)).toBe('probe-button');

  // From a text field the tap moves the focus as before: the field loses it (where it lands is the browser's).
  await field.focus();
  expect(await focusedId(page)).toBe('probe-field');
  await button.tap();
  await expect(button).toHaveAttribute('data-clicks', '3');
  expect(await focusedId(page)).not.toBe('probe-field');
});
