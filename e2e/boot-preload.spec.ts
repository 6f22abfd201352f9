/**
 * Opening the app straight on a route screen (a reload, a wrapper's deep link): the screen's code and the core's
 * route features are fetched while the core starts, not one round trip after it (the app benchmark's cold start);
 * the core's worker and the screen's code are started by the HTML itself, before the main module has run.
 * Checked by the order of requests, which does not depend on the machine's speed.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, type SignIn, test } from './support/fixtures.ts';

/** The paths the page and its worker request from now on, in order. */
function requestOrder(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Resolves the first time the page or its worker asks for a path matching `pattern`. */
function firstRequestOf(page: Page, pattern: RegExp): Promise<void> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      if (pattern.test(new URL(request.url()).pathname)) resolve();
    });
  });
}

const firstIndex = (paths: string[], pattern: RegExp) => paths.findIndex((p) => pattern.test(p));

/**
 * Holds the main module (`index-….js`) until `happened` resolves, for at most 10 s; the answer, read after the
 * page has loaded, is whether it happened while held: then only the HTML, not the main module, can have caused it.
 */
async function happensWhileMainModuleHeld(page: Page, happened: Promise<void>): Promise<() => boolean | null> {
  let whileHeld: boolean | null = null;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    whileHeld = await Promise.race([
      happened.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    await route.continue();
  });
  return () => whileHeld;
}

/** Signed in and on the route list, before the reload a test watches. */
async function onRouteList(page: Page, signIn: SignIn) {
  await signIn(page, DEMO.driver);
  await page.goto('/routes');
  await expect(page.getByRole('tab', { name: 'New' })).toBeVisible();
}

test('a reload on the route list asks for its screen before the core restores the session', async ({
  page,
  signIn,
}) => {
  await onRouteList(page, signIn);
  const paths = requestOrder(page);
  await page.reload();
  await expect(page.getByRole('article').first()).toBeVisible();

  const screen = firstIndex(paths, /^\/assets\/RoutesScreen-[\w-]+\.js$/);
  const restore = firstIndex(paths, /^\/v1\/drivers\//);
  const features = firstIndex(paths, /^\/assets\/route-features-[\w-]+\.js$/);
  const config = firstIndex(paths, /^\/app-config\.json$/);
  const list = firstIndex(paths, /^\/v1\/projects\/routes$/);
  expect(screen, paths.join('\n')).toBeGreaterThanOrEqual(0);
  expect(restore, paths.join('\n')).toBeGreaterThanOrEqual(0);
  expect(screen).toBeLessThan(restore);
  // The worker asks for its route code and the list side by side as soon as it knows the driver (the list's answer
  // does not wait for the code), and for the app's settings after them: the start never waits for those.
  expect(features, paths.join('\n')).toBeGreaterThanOrEqual(0);
  expect(list, paths.join('\n')).toBeGreaterThanOrEqual(0);
  expect(features).toBeLessThan(config);
  expect(list).toBeLessThan(config);
});

test("a cold start asks for the core's script beside the main module, not after it has run", async ({ page }) => {
  const coreAsked = firstRequestOf(page, /^\/assets\/core-[\w-]+\.js$/);
  // The main module is held until the core's script is asked for: then only the HTML can be what asked. Without
  // the HTML's preload the worker is started by the main module, which cannot run while held: the race ends on
  // its bound and the test fails.
  const askedWhileHeld = await happensWhileMainModuleHeld(page, coreAsked);
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeEnabled();
  expect(askedWhileHeld()).toBe(true);
});

test("the core's worker starts before the main module has run (the HTML's early script)", async ({ page }) => {
  const workerStarted = new Promise<void>((resolve) => page.on('worker', () => resolve()));
  // As above: the main module is held; only the HTML's own early script can start the worker meanwhile.
  const startedWhileHeld = await happensWhileMainModuleHeld(page, workerStarted);
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeEnabled();
  expect(startedWhileHeld()).toBe(true);
  // One worker for the page: the main module took the one the early script started.
  expect(page.workers()).toHaveLength(1);
});

test.describe('with no service worker', () => {
  // A service worker answers the reload itself, out of page.route's reach: the network must.
  test.use({ serviceWorkers: 'block' });

  test("a reload on the route list asks for the list's code and strings before the main module has run", async ({
    page,
    signIn,
  }) => {
    await onRouteList(page, signIn);
    const asked = Promise.all([
      firstRequestOf(page, /^\/assets\/(RoutesScreen|list-screen)-[\w-]+\.js$/),
      firstRequestOf(page, /^\/assets\/en-route-[\w-]+\.js$/),
      // The worker's code that makes the list of the list's answer, asked for by the worker itself.
      firstRequestOf(page, /^\/assets\/route-features-[\w-]+\.js$/),
    ]);
    // The main module held as above: only the HTML's early script and the worker it started can ask meanwhile.
    const askedWhileHeld = await happensWhileMainModuleHeld(
      page,
      asked.then(() => {}),
    );
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(askedWhileHeld()).toBe(true);
  });
});

test("sign-in: the list's code is fetched while the password is typed, and the list beside the account", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.driver);
  const paths = requestOrder(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeVisible();
  await password.fill(DEMO.password);
  await password.press('Enter');
  await expect(page.getByRole('article').first()).toBeVisible();

  // paths[0] is step one's POST; the second is the password's.
  const signIn = paths.indexOf('/v1/drivers/signin', paths.indexOf('/v1/drivers/signin') + 1);
  const screen = firstIndex(paths, /^\/assets\/RoutesScreen-[\w-]+\.js$/);
  const features = firstIndex(paths, /^\/assets\/route-features-[\w-]+\.js$/);
  expect(signIn, paths.join('\n')).toBeGreaterThan(0);
  expect(screen, paths.join('\n')).toBeGreaterThanOrEqual(0);
  expect(screen, paths.join('\n')).toBeLessThan(signIn);
  expect(features, paths.join('\n')).toBeLessThan(signIn);
  // One list request: the screen's first load takes the one the core started at sign-in.
  expect(
    paths.filter((p) => p === '/v1/projects/routes'),
    paths.join('\n'),
  ).toHaveLength(1);
});
