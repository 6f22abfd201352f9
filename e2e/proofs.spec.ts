/**
 * Proof of delivery on the complete screen (spec section 2 "Signature screen", "Age verification", "Cleaning
 * variant", section 5 "Proof rules", "Photos", section 8 "Success messages"): a drawn signature with a name, an
 * adult birth date, a photo resized by the core, all sent and shown by the dispatcher API; and the cleaning
 * variant's Select status screen. Routes are started through the driver API.
 */
import type { Page } from '@playwright/test';
import type { Route } from '../src-shared/protocol/entities.ts';
import { serverStop } from './stop-windows.helpers.ts';
import { drawSignature } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { fetchImage, jpegSize } from './support/images.ts';
import { mapView } from './support/route-setup.ts';

test.use({ freshServer: true });

/** A real 1600x1200 JPEG, drawn by the browser. */
async function jpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, '#1d6fb8');
    gradient.addColorStop(1, '#f2b33d');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 1600, 1200);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('a signature with a name, an adult birth date and a resized photo reach the server', async ({
  page,
  server,
  dispatch,
  signedInOnRoute,
}) => {
  // Stops are done in order here: the first one, asked for every proof.
  const { route, stop, number } = await signedInOnRoute({
    requirements: { picture: true, signature: true, signature_name: true, age_verification: true },
    view: 'list',
    open: 'complete',
  });
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proofs).toBeVisible();

  // Done is refused while the required proofs are missing.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Fulfill proof of delivery requirements');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(proofs.getByRole('alert').filter({ hasText: 'Required' })).toHaveCount(3);

  // Signature: draw, type a name, Done.
  await proofs.getByRole('button', { name: 'Add signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign below' });
  await expect(dialog).toBeVisible();
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await drawSignature(page, dialog);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Jan Peters');
  await expect(done).toBeEnabled();
  await done.click();
  await expect(page.getByRole('status').getByText('Signature added')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(proofs.getByText('Signed by Jan Peters')).toBeVisible();

  // Age verification with the default 1990-01-01.
  await proofs.getByRole('button', { name: 'Verify age' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('status').getByText('Age verified: the recipient is 18 or older.')).toBeVisible();
  await expect(proofs.getByText('Age verified')).toBeVisible();

  // A 1600x1200 photo through the file input.
  await proofs.locator('input[type="file"]').setInputFiles({
    name: 'door.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(page),
  });
  await expect(proofs.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Photo added')).toBeVisible();
  // The resized photo stayed in the core: the page shows it from an object URL of the core's Blob, not a data URL.
  await expect(proofs.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', /^blob:/);

  await page.getByRole('button', { name: 'Done' }).click();
  // At once, in place of "Photo added" (old news now), not after it has run its 4 s.
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('status').getByText('Photo added')).toHaveCount(0);

  let saved: Route['stops'][number] | undefined;
  await expect
    .poll(async () => {
      const { body } = await dispatch<Route>('GET', `/routes/${route.id}`);
      saved = body.stops.find((s) => s.id === stop.id);
      return saved && [saved.status, saved.images.length, saved.signature !== null];
    })
    .toEqual(['finished', 1, true]);
  expect(saved!.signature_name).toBe('Jan Peters');
  expect(saved!.recipient_date_of_birth).toBe('1990-01-01');

  const photo = await fetchImage(server, saved!.images[0]!);
  expect(photo.type).toMatch(/^image\//);
  expect(jpegSize(photo.bytes).width).toBeLessThanOrEqual(800);
  const signature = await fetchImage(server, saved!.signature!);
  expect(signature.type).toMatch(/^image\//);

  // Each proof keeps when it was captured on the phone (issue 19): the signature before the photo, both before Done.
  const { body: detail } = await dispatch<{
    completions: {
      stop_id: number;
      completed_at: string;
      body: { captured_at: { images: string[]; signature: string } };
    }[];
  }>('GET', `/routes/${route.id}`);
  const completion = detail.completions.find((c) => c.stop_id === stop.id)!;
  const { images: photoTimes, signature: signedAt } = completion.body.captured_at;
  expect(photoTimes).toHaveLength(1);
  expect(Date.parse(signedAt)).toBeLessThanOrEqual(Date.parse(photoTimes[0]!));
  expect(Date.parse(photoTimes[0]!)).toBeLessThanOrEqual(Date.parse(completion.completed_at));
});

test('the cleaning variant completes a stop through the Select status screen', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  // The statuses alone: this stop asks for no proof (the next test holds a required photo).
  const { route, stop, number } = await signedInOnRoute({
    driver: DEMO.cleaning,
    vehicle: 'Van 1',
    requirements: {},
    view: 'list',
    open: 'complete',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Select status');
  await expect(page.getByRole('radio', { name: 'Delivered' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Proof of delivery' })).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByRole('main').getByText('Other', { exact: true }).click();
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Definition' }).fill('Lid broken');
  await expect(save).toBeEnabled();
  await page.getByRole('switch', { name: 'Sticker' }).check();
  await save.click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();

  const saved = await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.cleaning_status, 'other');
  expect(saved.sticker).toBe(true);
  expect(saved.cleaning_definition).toBe('Lid broken');
});

test('the cleaning variant holds a stop’s required photo: Save asks for it, then stores it', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({
    driver: DEMO.cleaning,
    vehicle: 'Van 1',
    requirements: { picture: true },
    view: 'list',
    open: 'complete',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Select status');
  await page.getByRole('main').getByText('Washed', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  // Washed alone is not enough: the stop asks for a photo, as the server does.
  await expect(page.getByRole('alertdialog')).toContainText('Fulfill proof of delivery requirements.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proofs.getByRole('alert').filter({ hasText: 'Required' })).toHaveCount(1);
  await proofs.locator('input[type="file"]').setInputFiles({
    name: 'bin.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(page),
  });
  await expect(proofs.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();

  const saved = await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.images.length, 1);
  expect(saved.cleaning_status).toBe('washed');
});

/** Each stored proof image on the page has been loaded and decoded (an object URL from the core, not a 401). */
async function expectDecoded(page: Page, names: string[]) {
  for (const name of names) {
    const image = page.getByRole('main').getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    await expect
      .poll(() =>
        image.evaluate((el) => (el instanceof HTMLImageElement ? [el.src.slice(0, 5), el.naturalWidth > 0] : null)),
      )
      .toEqual(['blob:', true]);
  }
}

test('stored proofs show as images, for the driver and on the route’s shared link', async ({
  page,
  browser,
  server,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({ view: 'list' });
  const complete = `/stops/${stop.id}/complete`;
  await page.goto(`/routes/${route.id}${complete}`);
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await proofs
    .locator('input[type="file"]')
    .setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: await jpeg(page) });
  await expect(proofs.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await proofs.getByRole('button', { name: 'Add signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign below' });
  await drawSignature(page, dialog);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Jan Peters');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  await expect
    .poll(async () => {
      const { body } = await dispatch<Route>('GET', `/routes/${route.id}`);
      return body.stops.find((s) => s.id === stop.id)?.images.length;
    })
    .toBe(1);

  // Reopened from the server's copy: the stored images, which need the token, load through the core.
  await page.goto(`/routes/${route.id}${complete}`);
  await expectDecoded(page, ['Photo 1', 'Signature']);

  // The same stop on the route's shared link, in a browser without the driver's session.
  const { body: link } = await dispatch<{ url: string }>('POST', `/routes/${route.id}/links`);
  const linkContext = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  await mapView(linkContext, server, 'list');
  const linkPage = await linkContext.newPage();
  await linkPage.goto(link.url);
  await expect(linkPage).toHaveURL(new RegExp(`/routes/single/${route.id}$`));
  await linkPage.goto(`/routes/single/${route.id}${complete}`);
  await expectDecoded(linkPage, ['Photo 1', 'Signature']);
  await linkContext.close();
});
