/**
 * No missing code is ever a crash (issue 45): each lazy chunk in turn is blocked (its request aborted as with no
 * signal; everything else as it is), the screen or part that needs it is reached, and "Not loaded yet" shows in its
 * place, in the app's frame, never the error page; then the chunk is let through, the signal goes and comes back (the
 * core's connectivity, which the boundary follows) and the screen appears with no reload. The chunk files are found in the build by their modules'
 * names (their hashes change with every build). The service worker is kept out: it would answer from its precache.
 * Not here, for their cost: the map's chunk (map view on, software GL) and the refusal alert's (a refused completion);
 * they load and show the same way (retryableLazy under a CodeBoundary).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { enCore } from '../src-ui/i18n/en-core.ts';
import { alert } from './stop-windows.helpers.ts';
import { openInApp } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { DIST } from './support/server.ts';

test.use({ serviceWorkers: 'block' });

const ASSETS = readdirSync(join(DIST, 'assets'));

/** The built file of a lazy module, e.g. `AboutScreen` -> `AboutScreen-<hash>.js`. */
function chunk(module: string, ext: 'js' | 'css' = 'js'): string {
  const files = ASSETS.filter((file) => new RegExp(`^${module}-[\\w-]{8}\\.${ext}$`).test(file));
  expect(files, `the build's ${module} ${ext} chunk`).toHaveLength(1);
  return files[0]!;
}

const MISSING = enCore.errors.codeMissing;

/** Blocks the chunks named in `blocked` (by file name), as a lost signal would. */
async function blockChunks(context: BrowserContext): Promise<Set<string>> {
  const blocked = new Set<string>();
  await context.route('**/assets/**', async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop()!;
    if (blocked.has(file)) await route.abort('internetdisconnected');
    else await route.fallback();
  });
  return blocked;
}

/**
 * With `file` blocked, `reach` leads to what needs it: "Not loaded yet" in its place (a screen's or a part's text),
 * not the error page. Then the file comes through and the signal is back: `shown` appears.
 */
async function missingThenBack(
  page: Page,
  blocked: Set<string>,
  file: string,
  kind: 'screen' | 'part',
  reach: () => Promise<void>,
  shown: Locator,
) {
  blocked.add(file);
  await reach();
  const message = page.locator('[data-code-missing]');
  await expect(message, file).toContainText(MISSING.title);
  await expect(message).toContainText(kind === 'screen' ? MISSING.screen : MISSING.part);
  await expect(page.getByRole('heading', { name: enCore.errors.fallback.title })).toHaveCount(0);
  blocked.delete(file);
  // A real offline and back: the boundary follows the core's connectivity (issue 46), which a bare `online` event
  // dispatched on the window, with nothing offline before it, does not change.
  await page.context().setOffline(true);
  await expect(page.getByText(enCore.snackbars.noInternet)).toBeVisible();
  await page.context().setOffline(false);
  await expect(shown, file).toBeVisible();
  await expect(message).toHaveCount(0);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

// It starts a route and changes a stop: not on the worker's shared server.
test.describe('on a server of its own', () => {
  test.use({ freshServer: true });

  test('every lazy screen and part of a driver’s day: missing, shown in place, there when the signal is back', async ({
    page,
    context,
    dispatch,
    todaysRoute,
  }) => {
    test.setTimeout(60_000);
    // A signature and a scan asked for: the complete screen has both parts that load code of their own.
    const { route, stop } = await todaysRoute({ requirements: { signature: true, barcode: true }, view: 'list' });
    const units = [{ id: 'u-a', name: 'Parcel', quantity: 1, note: null, barcode: '4006381333931' }];
    const patch = await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, { units });
    expect(patch.status).toBe(200);
    const blocked = await blockChunks(context);
    const words = enCore.login;

    // The password step (preloaded after the first paint) and the route list (preloaded when the password step shows):
    // blocked from the start.
    blocked.add(chunk('PasswordStep'));
    blocked.add(chunk('RoutesScreen'));
    await page.goto('/');
    await page.getByRole('textbox', { name: words.email, exact: true }).fill(DEMO.driver);
    const password = page.getByLabel(words.password, { exact: true });
    await missingThenBack(
      page,
      blocked,
      chunk('PasswordStep'),
      'part',
      () => page.getByRole('button', { name: words.next, exact: true }).click(),
      password,
    );

    await password.fill(DEMO.password);
    const card = page.getByRole('article').filter({ hasText: 'Cargo bike 1' });
    await missingThenBack(
      page,
      blocked,
      chunk('RoutesScreen'),
      'screen',
      () => page.getByRole('button', { name: words.next, exact: true }).click(),
      card,
    );

    // The route view, and the stop's windows and proofs, which are part of its own load (stop-code.ts): each of
    // them missing keeps the route view from opening, "Not loaded yet" in its place, until it comes through. A page
    // keeps a module it has loaded, so each stop chunk is tried on a page of its own (a reload).
    await missingThenBack(
      page,
      blocked,
      chunk('RouteScreen'),
      'screen',
      () => card.getByRole('button', { name: 'Continue route' }).click(),
      heading(page, 'Cargo bike 1'),
    );
    for (const module of ['StopTaskScreen', 'CompleteScreen', 'SignatureCapture', 'ScanPanel', 'UnitsScreen']) {
      await missingThenBack(
        page,
        blocked,
        chunk(module),
        'screen',
        async () => {
          await page.reload();
        },
        heading(page, 'Cargo bike 1'),
      );
    }
    // With the route view open, its stop's windows and proofs need no network: More info, Complete, the signature
    // pad, the scan panel and the units, every chunk blocked.
    for (const module of ['StopTaskScreen', 'CompleteScreen', 'SignatureCapture', 'ScanPanel', 'UnitsScreen']) {
      blocked.add(chunk(module));
    }
    await page.getByRole('button', { name: 'More info' }).first().click();
    await expect(heading(page, 'Stop details')).toBeVisible();
    if (await alert(page).isVisible()) await alert(page).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('region', { name: 'Stop actions' }).getByRole('button', { name: 'Arrived' }).click();
    await expect(heading(page, 'Complete stop')).toBeVisible();
    await page
      .getByRole('region', { name: 'Proof of delivery' })
      .getByRole('button', { name: 'Add signature' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Sign below' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Sign below' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Scan parcels' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan parcels' })).toBeVisible();
    await openInApp(page, `/routes/${route.id}/stops/${stop.id}/units`);
    await expect(heading(page, 'Units')).toBeVisible();
    await expect(page.locator('[data-code-missing]')).toHaveCount(0);

    // The account's screens; Not saved with its stylesheet missing (Vite's preload error), not its script.
    const screens: [path: string, file: string, title: string][] = [
      ['/account', chunk('AccountScreen'), enCore.account.title],
      ['/account/settings', chunk('SettingsScreen'), enCore.settings.title],
      ['/account/settings/language', chunk('SettingPickerScreen'), enCore.settings.rows.language],
      ['/about', chunk('AboutScreen'), enCore.about.title],
      ['/account/not-saved', chunk('NotSavedScreen', 'css'), 'Not saved'],
    ];
    for (const [path, file, title] of screens) {
      await missingThenBack(page, blocked, file, 'screen', () => openInApp(page, path), heading(page, title));
    }
    // Vite's preload helper never asks again for a stylesheet that failed: it was added back (retryable-lazy.ts).
    const styled = (file: string) =>
      [...document.styleSheets].some((sheet) => {
        try {
          return sheet.href?.endsWith(file) && sheet.cssRules.length > 0;
        } catch {
          return false; // a sheet that failed to load: its rules cannot be read
        }
      });
    expect(await page.evaluate(styled, chunk('NotSavedScreen', 'css'))).toBe(true);
  });
});

test('the sign-in’s reset step and the route screens’ strings: missing, shown in place, there when the signal is back', async ({
  page,
  context,
}) => {
  const blocked = await blockChunks(context);
  const words = enCore.login;
  // Preloaded after the first paint, and with the list's code when the password step shows: blocked from the start.
  blocked.add(chunk('ResetSentStep'));
  blocked.add(chunk('en-route'));
  await page.goto('/');
  await page.getByRole('textbox', { name: words.email, exact: true }).fill(DEMO.driver);
  await page.getByRole('button', { name: words.next, exact: true }).click();
  const password = page.getByLabel(words.password, { exact: true });
  await expect(password).toBeVisible();
  await missingThenBack(
    page,
    blocked,
    chunk('ResetSentStep'),
    'part',
    () => page.getByRole('button', { name: words.resetPassword, exact: true }).click(),
    page.getByRole('heading', { name: words.resetSentTitle }),
  );
  await page.getByRole('button', { name: words.backToSignIn }).click();

  // The strings every route screen waits for (i18n/index.ts withRouteMessages).
  await page.getByRole('textbox', { name: words.email, exact: true }).fill(DEMO.driver);
  await page.getByRole('button', { name: words.next, exact: true }).click();
  await password.fill(DEMO.password);
  await missingThenBack(
    page,
    blocked,
    chunk('en-route'),
    'screen',
    () => page.getByRole('button', { name: words.next, exact: true }).click(),
    page.getByRole('article').filter({ hasText: 'Cargo bike 1' }),
  );

  // A bug in a screen's own code is no missing code: the error page, as before.
  await context.route(`**/assets/${chunk('AboutScreen')}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "throw new Error('a bug');" }),
  );
  await openInApp(page, '/about');
  await expect(page.getByRole('heading', { name: enCore.errors.fallback.title })).toBeVisible();
  await expect(page.locator('[data-code-missing]')).toHaveCount(0);
});
