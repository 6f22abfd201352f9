/**
 * An XSS corpus through every text field a dispatcher can set (issue 16): each payload is stored on a stop, a unit
 * and the route, then rendered by the app in Chromium (the route list, the route view, More info with its notes'
 * markdown, the complete screen). No payload may run: a script sets `window.__xss`, a dialog would open, and the
 * page's CSP would report; the text shows as text.
 */
import type { Page } from '@playwright/test';
import { alert } from './stop-windows.helpers.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

const CORPUS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3"></svg>',
  '"><iframe src="javascript:window.__xss=4"></iframe>',
  '[click](javascript:window.__xss=5)',
  '![x](x" onerror="window.__xss=6)',
  '<a href="javascript:window.__xss=7">link</a>',
  '<details open ontoggle="window.__xss=8">',
  '{{constructor.constructor("window.__xss=9")()}}',
  '<style>@import "javascript:window.__xss=10"</style>',
];

async function noScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
}

test('no payload in a stop, a unit or the route runs anywhere the app shows it', async ({
  page,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  // It walks the route view, More info and the complete screen of several stops: longer than one screen's test.
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { route } = await todaysRoute({ start: false, view: 'list' });
  const targets = route.stops.filter((s) => s.type === 'delivery' || s.type === 'pickup').slice(0, CORPUS.length);
  expect(targets.length).toBeGreaterThanOrEqual(5);
  for (const [i, stop] of targets.entries()) {
    const payload = CORPUS[i % CORPUS.length]!;
    const other = CORPUS[(i + 5) % CORPUS.length]!;
    const res = await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, {
      recipient_name: payload,
      street: other,
      city: payload,
      notes: `${payload}\n\n${other}`,
      units: [{ name: payload, quantity: 1, note: other, barcode: null }],
    });
    expect(res.status, payload).toBeLessThan(300);
  }

  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  // Shown as text, in the list's rows.
  await expect(page.getByText(CORPUS[0]!, { exact: false }).first()).toBeVisible();
  await noScriptRan(page);

  for (const stop of targets) {
    await page.goto(`/routes/${route.id}/stops/${stop.id}`);
    // The notes open as an alert first (their markdown rendered): dismissed, then the window itself.
    await expect(alert(page)).toBeVisible();
    await noScriptRan(page);
    await alert(page).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop details');
    const units = page.getByRole('button', { name: /1 unit/ });
    if (await units.count()) await units.first().click();
    await noScriptRan(page);
    await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toBeVisible();
    await noScriptRan(page);
  }
  // No link in the rendered notes leads to javascript:.
  await page.goto(`/routes/${route.id}/stops/${targets[4]!.id}`);
  await expect(alert(page)).toBeVisible();
  expect(await alert(page).locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
