/** The served app and the server's own answers, before any screen: the harness itself works end to end. */
import { expect, test } from './support/fixtures.ts';

test('a deep link answers 200 with the built page, and the app replaces the first-paint shell', async ({ page }) => {
  const response = await page.goto('/routes');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  // The built page: its title, vite's entry script, the PWA manifest link, and the shell inside #root. (The app may
  // already have named the page after its first screen, "Sign in – Droplane".)
  await expect(page).toHaveTitle(/Droplane$/);
  const html = await response!.text();
  expect(html).toContain('<title>Droplane</title>');
  expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  expect(html).toMatch(/<div id="root"><!--first-paint-->\s*<div class="boot">/);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('#root > .boot')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a deep link's first paint is the brand shell", async ({ page }) => {
    await page.goto('/routes');
    const shell = page.locator('#root > .boot');
    await expect(shell).toBeVisible();
    await expect(shell).toHaveText('Droplane');
    await expect(shell).toHaveCSS('background-color', 'rgb(0, 82, 180)');
    const box = await shell.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  });

  test("a new visitor's first paint is the sign-in, which takes typing", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill('driver@example.com');
    await expect(email).toHaveValue('driver@example.com');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  });
});

test('the icons of the page and of the manifest are served', async ({ page, request }) => {
  await page.goto('/');
  const pageIcons = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  // No SVG favicon: index.html says why.
  expect(pageIcons).toEqual(['/icons/favicon-32.png', '/icons/apple-touch-icon-180.png']);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  const manifestIcons: string[] = manifest.icons.map((icon: { src: string }) => icon.src);
  for (const href of new Set([...pageIcons, ...manifestIcons])) {
    const res = await request.get(href!);
    expect(res.status(), href!).toBe(200);
    expect(res.headers()['content-type'], href!).toMatch(/^image\/(png|svg\+xml)/);
  }
});

test('GET /app-config.json answers the runtime settings', async ({ request, server }) => {
  const response = await request.get('/app-config.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const config = await response.json();
  // The URLs derived from the public URL follow the port the server was given.
  expect(config.supportUrl).toBe(`${server.url}/support`);
});

test('an unknown API path answers a JSON 404', async ({ request }) => {
  const response = await request.get('/v1/no-such-call');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ message: 'No such call: GET /v1/no-such-call' });
});

test('the dispatcher API answers with the server token', async ({ dispatch }) => {
  const organisations = await dispatch<{ name: string }[]>('GET', '/organisations');
  expect(organisations.status).toBe(200);
  expect(organisations.body.map((o) => o.name)).toContain('Demo Logistics');
});

test('the API reference renders from our own origin under the CSP, past an installed service worker (issue 48)', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const outside: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(page.url()).origin) outside.push(request.url());
  });
  await page.goto('/docs/api');
  await expect(page.getByText('Create a route with its stops').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Droplane API/ })).toBeVisible();
  expect(outside).toEqual([]);
});
