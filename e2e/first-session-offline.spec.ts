/**
 * A driver's first session is offline-first (issues 31 and 45): from a brand-new browser profile, the service worker
 * takes control of the page it was installed from, and a route view shows its stops only once the code of every
 * screen a stop needs is in (src-ui/screens/stop/stop-code.ts). So the signal can go at any moment after the first
 * route showed, on a slow phone too: More info, Complete with its proofs, a reload with no network, and the
 * completion reaches the server once when it is back.
 * Map view is off here (the map's first session has e2e/map-first-session.spec.ts).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Stop } from '../src-shared/protocol/entities.ts';
import { alert } from './stop-windows.helpers.ts';
import { drawSignature } from './support/app.ts';
import { type Dispatch, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });
test.setTimeout(60_000);

/** A small JPEG drawn by the browser. */
async function jpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#2a7';
    ctx.fillRect(0, 0, 640, 480);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
    return Array.from(new Uint8Array(await blob!.arrayBuffer()));
  });
  return Buffer.from(bytes);
}

/** The stop ids of the route's completions as the server stored them (the dispatcher API's route detail). */
async function completions(dispatch: Dispatch, routeId: number): Promise<number[]> {
  const { body } = await dispatch<{ completions: { stop_id: number }[] }>('GET', `/routes/${routeId}`);
  return body.completions.map((c) => c.stop_id);
}

/** From the route view by taps, as a driver would: More info, Arrived, the proofs asked for, Done. */
async function workStop(page: Page, routeId: number, stop: Stop, proofs: { photo?: Buffer; signature?: boolean }) {
  await page.getByRole('button', { name: 'More info' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop details');
  if (await alert(page).isVisible()) await alert(page).getByRole('button', { name: 'OK' }).click();
  await page.getByRole('region', { name: 'Stop actions' }).getByRole('button', { name: 'Arrived' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${routeId}/stops/${stop.id}/complete`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete stop');
  const region = page.getByRole('region', { name: 'Proof of delivery' });
  if (proofs.signature) {
    await region.getByRole('button', { name: 'Add signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign below' });
    await drawSignature(page, dialog);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Jan Peters');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('status').getByText('Signature added')).toBeVisible();
  }
  if (proofs.photo) {
    await region
      .locator('input[type="file"]')
      .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: proofs.photo });
    await expect(region.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${routeId}$`));
}

test('a brand-new profile, offline at once after the route opened: a stop worked to its end, a reload, sent once', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  const photo = await jpeg(page);
  const { route, stop } = await signedInOnRoute({ requirements: { picture: true }, view: 'list' });
  // The service worker installs while the driver signs in (precaching the app: seconds on a phone's line, and a
  // test types faster than a driver). It takes this very page over, with no reload.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Still the page the driver signed in on: the route opens from the list, by a tap.
  const card = page.getByRole('article').filter({ hasText: 'Cargo bike 1' });
  await card.getByRole('button', { name: 'Continue route' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  // The signal goes the moment the route shows: every screen's code comes from the service worker's precache.
  await context.setOffline(true);
  await workStop(page, route.id, stop, { photo });
  await expect(page.getByText('1 change not sent yet')).toBeVisible();

  // Closed and opened again with no network: the route, with the stop done and not sent.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Not sent yet' })).toHaveCount(1);
  expect(await completions(dispatch, route.id)).toEqual([]);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.locator('[data-sync="unsent"]')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => completions(dispatch, route.id)).toEqual([stop.id]);
  // Nothing left to send: nothing can be sent twice later.
  await expect(page.getByText(/not sent yet/)).toHaveCount(0);
  expect(await completions(dispatch, route.id)).toEqual([stop.id]);
});

/**
 * Cuts the signal in the page's frame where `selector` (with `text`, if given) first appears: a MutationObserver
 * (it runs before that frame paints) calls a binding that sets the page offline and makes every later request of
 * the context (the page's, its worker's) fail, whatever has not seen the offline state yet. `restore` brings the
 * signal back.
 */
async function cutSignalAt(page: Page, context: BrowserContext, selector: string, text?: string) {
  let offline = false;
  await context.route('**/*', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  let cut = () => {};
  const done = new Promise<void>((resolve) => {
    cut = resolve;
  });
  await page.exposeBinding('__cutSignal', async () => {
    offline = true;
    await context.setOffline(true);
    cut();
  });
  await page.addInitScript(
    ([selector, text]) => {
      const shown = () =>
        [...document.querySelectorAll(selector!)].some((e) => text === null || e.textContent === text);
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        (window as unknown as { __cutSignal(): void }).__cutSignal();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    [selector, text ?? null],
  );
  return {
    cut: done,
    async restore() {
      offline = false;
      await context.setOffline(false);
    },
  };
}

/**
 * A new driver on a slow phone (issue 45): a brand-new profile, the page's CPU slowed 4x, no service worker (on a
 * phone's line its precache of a few MB is far from done in the first minute), map view Off. The route view paints
 * its first card only once the code of a stop's screens and the core's proof code is in (screen-loaders.ts), so the
 * signal can go in that very frame.
 */
test.describe('a slow phone with no service worker, the signal cut the moment the route view shows', () => {
  test.use({ serviceWorkers: 'block' });

  const CUTS = [
    { at: 'as its first card paints', selector: 'ol[aria-label="Stops"] li' },
    { at: 'once the complete screen shows', selector: 'h1', text: 'Complete stop' },
  ];
  for (const { at, selector, text } of CUTS) {
    test(`cut ${at}: a stop worked to its end with a photo, sent once when the signal is back`, async ({
      page,
      context,
      dispatch,
      signedInOnRoute,
    }) => {
      const photo = await jpeg(page);
      const signal = await cutSignalAt(page, context, selector, text);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const { route, stop } = await signedInOnRoute({ requirements: { picture: true }, view: 'list' });
      const card = page.getByRole('article').filter({ hasText: 'Cargo bike 1' });
      await card.getByRole('button', { name: 'Continue route' }).click();

      await workStop(page, route.id, stop, { photo });
      await signal.cut;
      await expect(page.getByText('1 change not sent yet')).toBeVisible();
      expect(await completions(dispatch, route.id)).toEqual([]);

      await signal.restore();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => completions(dispatch, route.id), { timeout: 15_000 }).toEqual([stop.id]);
      await expect(page.getByText(/not sent yet/)).toHaveCount(0);
      expect(await completions(dispatch, route.id)).toEqual([stop.id]);
    });
  }
});
