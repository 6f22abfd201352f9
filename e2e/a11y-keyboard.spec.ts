/**
 * A keyboard alone (a Bluetooth keyboard, switch access) works a route in the map view (issue 15): from the route
 * list, open the route, start it through its dialog, arrive at the first stop, complete it and come back, then
 * open the drawer's list. At every key press the focused element is visible, inside the window and not under the
 * drawer, a bar or a sheet (what is at its centre is itself or inside it); in the map view only the visible carousel
 * card (or the open drawer's rows) take the focus; dialogs keep it inside and give it back; every screen change
 * moves it to the new screen's heading and titles the page after the screen.
 */
import type { Locator, Page } from '@playwright/test';
import { focusProblem } from './support/a11y.ts';
import { mapDrawn } from './support/app.ts';
import { DEMO, expect, type ServerInfo, test } from './support/fixtures.ts';
import { motionSettled } from './support/motion.ts';

test.use({ freshServer: true });

/** What has the focus, in words, for the messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  });

/** One key press; then the focus must be somewhere the driver can see it. */
async function press(page: Page, key: string, log: string[]) {
  await page.keyboard.press(key);
  // Scrolling into view and focus moves settle within a frame or two: two frames drawn after the key, however long a
  // frame takes (a slow phone's, or one the map's catch-up holds up after a pause), and at least 120 ms.
  await page.waitForTimeout(120);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  log.push(`${key} -> ${await focused(page)}`);
  // A message on screen gets out of the focus's way (SnackbarHost: on the focus move, then in a transition; a message
  // that arrives after the key is placed clear of it as it comes): the focus must be clear once it has. Read at once,
  // a row and a map control were each found under a message still on its way, in proof runs (2026-11-30).
  await expect.poll(() => focusProblem(page), { message: `after ${log.join(', ')}`, timeout: 3_000 }).toBeNull();
}

/**
 * Tabs (Shift+Tab when the target comes earlier in the page), at most `limit` times, until `target` has the focus,
 * checking the focus at every step.
 */
async function tabTo(page: Page, target: Locator, log: string[], check?: () => Promise<void>, limit = 40) {
  const before = await target.evaluate(
    (el) => (document.activeElement?.compareDocumentPosition(el) ?? 0) & Node.DOCUMENT_POSITION_PRECEDING,
  );
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await press(page, before ? 'Shift+Tab' : 'Tab', log);
    await check?.();
  }
  throw new Error(`${await target.count()} target(s), never focused after ${log.join(', ')}`);
}

async function mapViewOn(page: Page, server: ServerInfo) {
  await page.context().addCookies([{ name: 'dl_mapView', value: 'on', url: server.url }]);
}

test('a keyboard alone opens, starts and works a route in the map view', async ({ page, server, signIn }) => {
  test.setTimeout(120_000);
  const log: string[] = [];
  await mapViewOn(page, server);
  await signIn(page, DEMO.driver);
  await page.goto('/routes');
  const card = page.getByRole('article', { name: 'Cargo bike 1' });
  await expect(card).toBeVisible();
  await expect(page).toHaveTitle('My Routes – New – Droplane');

  // The route list: Tab to the card's Open route.
  await tabTo(page, card.getByRole('button', { name: 'Open route' }), log);
  await page.keyboard.press('Enter');

  // The route view: its heading has the focus, the page is titled by the route.
  const heading = page.getByRole('heading', { level: 1, name: 'Cargo bike 1' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('Cargo bike 1 – Droplane');
  await mapDrawn(page);

  // Only the carousel's visible card: never the stop list under the minimized drawer, another card, or a marker.
  const list = page.getByRole('list', { name: 'Stops', exact: true });
  const currentSlide = page.locator('[aria-roledescription="slide"]:not([aria-hidden])');
  const notHidden = async () => {
    const where = await page.evaluate(() => {
      const el = document.activeElement!;
      if (el.closest('ol')) return 'the stop list';
      if (el.closest('[aria-roledescription="slide"][aria-hidden]')) return 'a hidden card';
      if (el.closest('.visually-hidden')) return 'a hidden marker button';
      return null;
    });
    expect(where, `after ${log.join(', ')}`).toBeNull();
  };
  const start = currentSlide.getByRole('button', { name: 'Start route' });
  await tabTo(page, start, log, notHidden);
  await press(page, 'Enter', log);

  // The dialog: focus starts on Cancel and Tab stays inside.
  const dialog = page.getByRole('alertdialog', { name: 'Start the route?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
    await press(page, key, log);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Cancel gives the focus back to Start route; then start for real.
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), log);
  await press(page, 'Enter', log);
  await expect(dialog).toHaveCount(0);
  await expect(start).toBeFocused();
  await press(page, 'Enter', log);
  await tabTo(page, dialog.getByRole('button', { name: 'Start route' }), log);
  // Not press(): the focus goes back to the card's Start route, whose card then leaves with the worker's patch, so
  // for a moment the page body has it; the poll below holds that the heading takes it.
  await page.keyboard.press('Enter');
  log.push('Enter (start)');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('0/10 stops');

  // The start stop's card has gone: the focus is not lost with it.
  await expect.poll(() => focusProblem(page)).toBeNull();

  // The first stop's card: Arrived opens the complete screen, focused on its heading.
  const arrived = currentSlide.getByRole('button', { name: 'Arrived' });
  await tabTo(page, arrived, log, notHidden);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toBeFocused();
  await expect(page).toHaveTitle(/^Complete stop – .+ – Cargo bike 1 – Droplane$/);

  // Skipped (the arrow keys in the outcome group), then through the notes to Done: never under the pinned bar.
  await tabTo(page, page.getByRole('radio', { name: 'Delivered' }), log);
  await press(page, 'ArrowDown', log);
  await expect(page.getByRole('radio', { name: 'Skipped' })).toBeChecked();
  const done = page.getByRole('button', { name: 'Done', exact: true });
  await tabTo(page, done, log);
  await page.keyboard.press('Enter');

  // Back on the route: the focus is on the route's heading (the card it left is done), the next card is current.
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('Cargo bike 1 – Droplane');
  await expect(page.getByRole('banner')).toContainText('1/10 stops');
  await tabTo(page, currentSlide.getByRole('button', { name: 'Arrived' }), log, notHidden);

  // The drawer: its handle opens the list; then the rows take the focus, and the carousel no longer does.
  const handle = page.getByRole('button', { name: 'Resize the stop list' });
  await tabTo(page, handle, log, notHidden);
  // Not press(): the drawer slides up under the message the snackbar still shows, which gets out of its way within a
  // few frames; the poll holds that the handle ends up unobstructed.
  await page.keyboard.press('Enter');
  log.push('Enter (open the list)');
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => focusProblem(page)).toBeNull();
  // The drawer may still be rising: a row read mid-move is covered by the map (a flaky proof run, 2026-11-29).
  await motionSettled(page);
  for (let i = 0; i < 8; i++) {
    await press(page, 'Tab', log);
    const inList = await page.evaluate(() => document.activeElement!.closest('ol') !== null);
    const inCarousel = await page.evaluate(() => document.activeElement!.closest('[aria-roledescription]') !== null);
    expect(inCarousel, `after ${log.join(', ')}`).toBe(false);
    if (!inList) break;
  }
  await expect(list).toBeVisible();
});

test('sheets keep the focus inside and give it back', async ({ page, server, signIn }) => {
  const log: string[] = [];
  await mapViewOn(page, server);
  await signIn(page, DEMO.driver);
  await page.goto('/routes');
  await page.getByRole('article', { name: 'Cargo bike 1' }).getByRole('button').click();
  await mapDrawn(page);
  const more = page.getByRole('button', { name: 'More options' });
  await tabTo(page, more, log);
  await press(page, 'Enter', log);
  const sheet = page.getByRole('dialog', { name: 'More' });
  await expect(sheet).toBeVisible();
  for (let i = 0; i < 10; i++) {
    await press(page, 'Tab', log);
    expect(await sheet.evaluate((d) => d.contains(document.activeElement)), log.join(', ')).toBe(true);
  }
  await press(page, 'Escape', log);
  await expect(sheet).toHaveCount(0);
  await expect(more).toBeFocused();
});
