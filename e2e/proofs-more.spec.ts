/**
 * More proof of delivery on the complete screen (issue 6, "Tests"): a 4000x3000 JPEG with an EXIF orientation
 * tag arrives at the server no wider than 800 px and upright; underage and adult birth dates on the date wheel;
 * gating with the demo organisation that lacks every ft_ flag; editing a finished stop until the route is
 * finished. Routes are started through the driver API.
 */
import type { Page } from '@playwright/test';
import type { Route, Stop } from '../src-shared/protocol/entities.ts';
import { serverStop } from './stop-windows.helpers.ts';
import { withoutRequiredProofs } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { fetchImage, jpegSize } from './support/images.ts';
import { driver } from './support/route-setup.ts';

test.use({ freshServer: true });

/** An image drawn by the browser: top half red, bottom half blue. */
async function drawnImage(page: Page, width: number, height: number, type: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, type }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(0, 0, width, height / 2);
      ctx.fillStyle = '#0000ff';
      ctx.fillRect(0, height / 2, width, height / 2);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
      const bytes = new Uint8Array(await blob!.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height, type },
  );
  return Buffer.from(base64, 'base64');
}

/**
 * A 4000x3000 JPEG drawn by the browser, top half red and bottom half blue, with an APP1 EXIF segment inserted
 * right after SOI carrying an orientation (6: shown rotated 90° clockwise, blue on the left, red on the right).
 */
async function rotatedJpeg(page: Page, orientation = 6): Promise<Buffer> {
  const jpeg = await drawnImage(page, 4000, 3000, 'image/jpeg');
  expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  // "Exif\0\0", then a little-endian TIFF header and one IFD with one entry: Orientation (0x0112), SHORT, 1, 6.
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18); // the value, left-justified in the 4-byte field
  tiff.writeUInt32LE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

test('a 4000x3000 photo with EXIF orientation 6 arrives at most 800 wide and upright', async ({
  page,
  server,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({
    requirements: { picture: true },
    view: 'list',
    open: 'complete',
  });
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proofs).toBeVisible();

  const file = await rotatedJpeg(page);
  const chooser = page.waitForEvent('filechooser');
  await proofs.getByRole('button', { name: 'Add photo' }).click();
  await (await chooser).setFiles({ name: 'rotated.jpg', mimeType: 'image/jpeg', buffer: file });
  await expect(proofs.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').getByText('Photo added')).toBeVisible();

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  const saved = await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.images.length, 1);

  const photo = await fetchImage(server, saved.images[0]!);
  expect(photo.type).toBe('image/jpeg');
  // Portrait once oriented: 3000x4000 resized to 800 wide.
  expect(jpegSize(photo.bytes)).toEqual({ width: 800, height: 1067 });

  // Upright: the red top of the drawing is now on the right, the blue bottom on the left.
  const pixels = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const at = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
    const { width, height } = bitmap;
    return { left: at(width * 0.25, height / 2), right: at(width * 0.75, height / 2) };
  }, Buffer.from(photo.bytes).toString('base64'));
  const [lr, , lb] = pixels.left as [number, number, number];
  const [rr, , rb] = pixels.right as [number, number, number];
  expect(lb, `left ${pixels.left}`).toBeGreaterThan(200);
  expect(lr, `left ${pixels.left}`).toBeLessThan(60);
  expect(rr, `right ${pixels.right}`).toBeGreaterThan(200);
  expect(rb, `right ${pixels.right}`).toBeLessThan(60);
});

test('the core resizes each format as the table says, and refuses what it cannot read', async ({
  page,
  server,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop } = await signedInOnRoute({ requirements: {}, view: 'list', open: 'complete' });
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  const input = proofs.locator('input[type="file"]');
  // [what, file, the core's photo: width, height] — what the page shows is the core's own resized Blob.
  const table: [string, { name: string; mimeType: string; buffer: Buffer }, number, number][] = [
    [
      'landscape JPEG, orientation 8',
      { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await rotatedJpeg(page, 8) },
      800,
      1067,
    ],
    [
      'small PNG, never enlarged',
      { name: 'b.png', mimeType: 'image/png', buffer: await drawnImage(page, 640, 480, 'image/png') },
      640,
      480,
    ],
    [
      'landscape JPEG, orientation 1',
      { name: 'c.jpg', mimeType: 'image/jpeg', buffer: await rotatedJpeg(page, 1) },
      800,
      600,
    ],
  ];
  for (const [index, [what, file, width, height]] of table.entries()) {
    await input.setInputFiles(file);
    // The image itself, not the placeholder of the same name that stands in while its Blob URL is made.
    const shown = proofs.getByRole('img', { name: `Photo ${index + 1}` }).and(page.locator('img'));
    await expect(shown, what).toBeVisible({ timeout: 15_000 });
    const decoded = await shown.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, src: img.src.slice(0, 5) };
    });
    expect(decoded, what).toEqual({ width, height, src: 'blob:' });
  }
  await proofs.getByRole('button', { name: /Delete photo 1/ }).click();
  // A type the core cannot read is refused with the reason; nothing is added.
  await input.setInputFiles({ name: 'd.heic', mimeType: 'image/heic', buffer: Buffer.from('not an image') });
  await expect(proofs.getByText('Only JPEG and PNG photos can be added.')).toBeVisible();
  await expect(proofs.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(2);

  // Sent: both kept photos reach the server as JPEGs of those sizes (the PNG too).
  await page.getByRole('button', { name: 'Done' }).click();
  const saved = await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.images.length, 2);
  const stored = await Promise.all(saved.images.map((url) => fetchImage(server, url)));
  expect(stored.map((photo) => [photo.type, jpegSize(photo.bytes)])).toEqual([
    ['image/jpeg', { width: 640, height: 480 }],
    ['image/jpeg', { width: 800, height: 600 }],
  ]);
});

test('an underage birth date is refused with the age, an adult one is verified', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({
    requirements: { age_verification: true },
    view: 'list',
    open: 'complete',
  });
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await proofs.getByRole('button', { name: 'Verify age' }).click();
  const sheet = page.getByRole('dialog', { name: 'Select birth date' });
  await expect(sheet).toBeVisible();

  // 1 January ten years ago (the wheel starts on 1990-01-01): exactly 10 on any day of this year.
  const thisYear = new Date().getFullYear();
  const year = sheet.getByRole('spinbutton', { name: 'Year' });
  await expect(year).toHaveAttribute('aria-valuenow', '1990');
  await year.press('End');
  await expect(year).toHaveAttribute('aria-valuenow', String(thisYear));
  await year.press('PageUp');
  await expect(year).toHaveAttribute('aria-valuenow', String(thisYear - 5));
  await year.press('PageUp');
  await expect(year).toHaveAttribute('aria-valuenow', String(thisYear - 10));
  await expect(sheet.getByRole('spinbutton', { name: 'Month' })).toHaveAttribute('aria-valuetext', 'January');
  await expect(sheet.getByRole('spinbutton', { name: 'Day' })).toHaveAttribute('aria-valuenow', '1');
  await expect(sheet.getByText('10 years old')).toBeVisible();
  // The wheel has settled where the keys put it.
  await expect(year).toHaveAttribute('aria-busy', 'false');
  await expect(year).toHaveAttribute('aria-valuenow', String(thisYear - 10));

  await sheet.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Receiver is underage!');
  await expect(page.getByRole('status').getByText('Age verification failed: the recipient is only 10.')).toBeVisible();
  await expect(sheet).toBeVisible();
  await expect(proofs.getByText('Age verified')).toHaveCount(0);

  // Thirty years ago: an adult. Changing the date clears the underage message.
  for (const expected of [thisYear - 15, thisYear - 20, thisYear - 25, thisYear - 30]) {
    await year.press('PageUp');
    await expect(year).toHaveAttribute('aria-valuenow', String(expected));
  }
  await expect(sheet.getByRole('alert')).toHaveText('');
  await expect(sheet.getByText('30 years old')).toBeVisible();
  await expect(year).toHaveAttribute('aria-busy', 'false');
  await expect(year).toHaveAttribute('aria-valuenow', String(thisYear - 30));
  await sheet.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('status').getByText('Age verified: the recipient is 18 or older.')).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await expect(proofs.getByText('Age verified')).toBeVisible();

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.recipient_date_of_birth, `${thisYear - 30}-01-01`);
});

test('without the ft_ flags, required photo and signature show why and do not block Done', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({
    driver: DEMO.basic,
    vehicle: 'Van 1',
    requirements: { picture: true, signature: true },
    view: 'list',
    open: 'complete',
  });
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proofs).toBeVisible();

  await expect(
    proofs.getByText("Photos aren't available for this route. Contact your dispatcher to turn them on."),
  ).toBeVisible();
  await expect(
    proofs.getByText("Signatures aren't available for this route. Contact your dispatcher to turn them on."),
  ).toBeVisible();
  await expect(proofs.getByRole('button', { name: 'Add signature' })).toHaveCount(0);
  await expect(proofs.getByRole('button', { name: 'Add photo' })).toHaveCount(0);
  await expect(proofs.locator('input[type="file"]')).toHaveCount(1); // hidden, never opened
  await expect(page.getByRole('radio', { name: 'Delivered' })).toBeChecked();

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const saved = await serverStop(dispatch, route.id, stop.id, 'finished');
  expect(saved.images).toEqual([]);
  expect(saved.signature).toBeNull();
});

test('a finished stop opens read-only, can be edited, and no longer once the route is finished', async ({
  page,
  server,
  dispatch,
  signedInOnRoute,
}) => {
  const { summary, route, stop, number } = await signedInOnRoute({ requirements: {}, view: 'list' });
  const complete = `/routes/${route.id}/stops/${stop.id}/complete`;
  await page.goto(complete);
  const recipientNote = page.getByRole('textbox', { name: 'Note for recipient' });
  await recipientNote.fill('Leave it at the back door');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.recipient_note, 'Leave it at the back door');

  // Reopened: read-only, with Edit.
  await page.goto(complete);
  const main = page.getByRole('main');
  await expect(main.getByText('Leave it at the back door', { exact: true })).toBeVisible();
  await expect(recipientNote).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await edit.click();
  await expect(recipientNote).toHaveValue('Leave it at the back door');
  await recipientNote.fill('Hand it to the neighbour at 12');
  await page.getByRole('button', { name: 'Done' }).click();
  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.recipient_note, 'Hand it to the neighbour at 12');

  // Every other stop done through the driver API, then the route finished: Edit is gone.
  const api = await driver(server, DEMO.driver);
  const { body: current } = await dispatch<Route>('GET', `/routes/${route.id}`);
  const open = current.stops.filter((s: Stop) => s.type !== 'end' && s.type !== 'start' && s.status === 'pending');
  await withoutRequiredProofs(server, route.id, open);
  for (const s of open) {
    await api.post(`/v1/projects/${summary.project_id}/routes/${route.id}/services/${s.id}`, {
      status: 'finished',
    });
  }
  await api.post(`/v1/projects/${summary.project_id}/routes/${route.id}`, { status: 'finished' });
  const { body: finished } = await dispatch<Route>('GET', `/routes/${route.id}`);
  expect(finished.status).toBe('finished');

  await page.goto(complete);
  await expect(main.getByText('Hand it to the neighbour at 12', { exact: true })).toBeVisible();
  await expect(page.getByText('The route is completed, so this stop can no longer be changed.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(edit).toHaveCount(0);
  await expect(recipientNote).toHaveCount(0);
});
