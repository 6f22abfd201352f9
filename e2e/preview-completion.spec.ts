/**
 * The Closed tab's preview of a done stop (spec section 2): its notes rendered from markdown, never as asterisks,
 * and its completion as the stop window's View completion shows it: outcome, time, notes, and the proofs (the
 * signature with the signer's name, the age verification, the photos). Today's cargo-bike route is worked through
 * the driver API, with proofs, and finished, so it is on Closed. Stored images load through the core (ProofImage).
 */
import type { Page } from '@playwright/test';
import type { Route } from '../src-shared/protocol/entities.ts';
import { withoutRequiredProofs } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { driver } from './support/route-setup.ts';

test.use({ freshServer: true });

/** A signature (PNG) and a photo (JPEG) drawn in the page, as the app's own capture would send them. */
async function proofImages(page: Page): Promise<{ signature: string; photo: string }> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const ctx = canvas.getContext('2d')!;
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(20, 70);
    ctx.bezierCurveTo(80, 0, 120, 100, 280, 30);
    ctx.stroke();
    const signature = canvas.toDataURL('image/png');
    canvas.width = 320;
    canvas.height = 240;
    ctx.fillStyle = '#3a7d44';
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#f2c14e';
    ctx.fillRect(80, 60, 160, 120);
    return { signature, photo: canvas.toDataURL('image/jpeg', 0.8) };
  });
}

const term = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
/** The definition that follows a term in the same group. */
const definitionOf = (scope: ReturnType<Page['getByRole']>, label: string) =>
  term(scope, label).locator('xpath=following-sibling::dd[1]');

test('a done stop in the Closed preview shows its rendered notes, outcome, time and proofs', async ({
  page,
  server,
  dispatch,
  signIn,
}) => {
  const api = await driver(server, DEMO.driver);
  const { summary, route } = await api.route('Cargo bike 1');
  const [delivered, skipped] = route.stops.filter((s) => s.type === 'delivery');
  const patched = await dispatch('PATCH', `/routes/${route.id}/stops/${delivered!.id}`, {
    notes: 'Ring **twice**; the bell is broken.',
  });
  expect(patched.status).toBeLessThan(300);
  await api.start(summary);

  await page.goto('/');
  const { signature, photo } = await proofImages(page);
  const service = (id: number) => `/v1/projects/${summary.project_id}/routes/${route.id}/services/${id}`;
  await api.post(service(delivered!.id), {
    status: 'finished',
    finish_time: String(10 * 3600 + 35 * 60),
    recipient_note: 'Left with the neighbour at 12',
    completion_note: 'Bell broken, knocked',
    signature,
    signature_name: 'Jan de Vries',
    recipient_date_of_birth: '1980-05-17',
    images: { 0: photo, 1: photo },
  });
  await api.post(service(skipped!.id), { status: 'skipped', completion_note: 'Nobody home' });
  const { body: current } = await dispatch<Route>('GET', `/routes/${route.id}`);
  const rest = current.stops.filter((s) => s.status === 'pending' && s.type !== 'end');
  await withoutRequiredProofs(server, route.id, rest);
  for (const s of rest) await api.post(service(s.id), { status: 'finished' });
  await api.post(`/v1/projects/${summary.project_id}/routes/${route.id}`, { status: 'finished' });

  await signIn(page, DEMO.driver);
  await page.getByRole('tab', { name: 'Closed' }).click();
  await page.getByRole('article', { name: 'Cargo bike 1' }).getByRole('button', { name: 'View stops' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cargo bike 1' });
  const name = (id: number) => current.stops.find((s) => s.id === id)!.information.recipient_name!;
  await drawer
    .getByRole('listitem')
    .filter({ hasText: name(delivered!.id) })
    .getByRole('button')
    .click();

  const sheet = page.getByRole('dialog', { name: 'Stop details' });
  await expect(sheet.getByRole('heading', { level: 3, name: name(delivered!.id) })).toBeVisible();
  // The notes' markdown rendered: "twice" in bold, no asterisks.
  await expect(sheet.locator('strong', { hasText: 'twice' })).toBeVisible();
  await expect(sheet).not.toContainText('**');
  await expect(definitionOf(sheet, 'Completed at')).toHaveText('10:35');
  await expect(definitionOf(sheet, 'Outcome')).toHaveText('Delivered');
  await expect(definitionOf(sheet, 'Note for recipient')).toHaveText('Left with the neighbour at 12');
  await expect(definitionOf(sheet, 'Note for internal use')).toHaveText('Bell broken, knocked');

  // The proofs as collected, in place of the list of proofs the stop asked for.
  const proofs = sheet.getByRole('region', { name: 'Proof of delivery' });
  await expect(proofs.getByRole('heading', { level: 4, name: 'Proof of delivery' })).toBeVisible();
  await expect(proofs.getByText('Signed by Jan de Vries')).toBeVisible();
  await expect(proofs.getByText('Age verified')).toBeVisible();
  await expect(proofs.getByText('Born 17 May 1980')).toBeVisible();
  await expect(proofs.getByRole('img', { name: /^Photo \d$/ })).toHaveCount(2);
  // Stored images need the token: they come through the core, as on the stop window, and decode.
  for (const image of ['Signature', 'Photo 1', 'Photo 2']) {
    const img = proofs.getByRole('img', { name: image, exact: true });
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        img.evaluate((el) => (el instanceof HTMLImageElement ? [el.src.slice(0, 5), el.naturalWidth > 0] : null)),
      )
      .toEqual(['blob:', true]);
  }
  await expect(sheet.getByRole('button', { name: /delete/i })).toHaveCount(0);

  // A skipped stop: its outcome and note, no proofs.
  await sheet.getByRole('button', { name: 'Back' }).click();
  await drawer
    .getByRole('listitem')
    .filter({ hasText: name(skipped!.id) })
    .getByRole('button')
    .click();
  await expect(sheet.getByRole('heading', { level: 3, name: name(skipped!.id) })).toBeVisible();
  await expect(definitionOf(sheet, 'Outcome')).toHaveText('Skipped');
  await expect(definitionOf(sheet, 'Note for internal use')).toHaveText('Nobody home');
  await expect(definitionOf(sheet, 'Note for recipient')).toHaveText('No note');
  await expect(sheet.getByRole('region', { name: 'Proof of delivery' })).toHaveCount(0);
});
