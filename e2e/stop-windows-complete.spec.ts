/**
 * The route view's complete window on the demo data (spec section 2 "Complete task screen", section 4 "Skipped
 * with no note", section 5 "Notes" and "Proof rules"): the 500-character notes, Done, editing a done stop, the
 * required proofs, the internal-notes variant, and Dutch. Routes are started through the driver API.
 */
import { dismissAlert, serverStop } from './stop-windows.helpers.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

test('the complete screen: the 500-character notes, Done delivered, and proofs required', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, number } = await signedInOnRoute({ view: 'list', open: 'complete' });
  const [first, second] = route.stops.filter((s) => number(s) === 1 || number(s) === 2);
  expect(Object.values(first!.requirements).some(Boolean)).toBe(false);
  expect(second!.requirements.signature).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete stop');
  await expect(page.getByRole('radio', { name: 'Delivered' })).toBeChecked();
  // Nothing required here: the proofs are optional (no Required marks).
  await expect(page.getByRole('heading', { name: 'Proof of delivery' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add signature' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('0/500')).toHaveCount(2);

  const internal = page.getByRole('textbox', { name: 'Note for internal use' });
  await internal.fill(`${'x'.repeat(500)}and more`);
  await expect(internal).toHaveValue('x'.repeat(500));
  await expect(main.getByText('500/500')).toBeVisible();
  await expect(main.getByText('Reached maximum character limit of 500')).toBeVisible();
  // Characters, not UTF-16 code units: 500 emoji fit (each is two units), the 501st is cut; pasted NULs are dropped.
  const recipientNote = page.getByRole('textbox', { name: 'Note for recipient' });
  await recipientNote.fill('\u0000\u{1F4E6}'.repeat(501));
  await expect(recipientNote).toHaveValue('\u{1F4E6}'.repeat(500));
  await expect(main.getByText('500/500')).toHaveCount(2);
  await recipientNote.fill('In the shed');

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 delivered')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/routes/${route.id}$`));
  const saved = await serverStop(dispatch, route.id, first!.id, 'finished', (s) => s.recipient_note, 'In the shed');
  expect(saved.completion_note).toBe('x'.repeat(500));

  // A done stop opens read-only, with Edit while the route runs; Done sends the change.
  await page.goto(`/routes/${route.id}/stops/${first!.id}/complete`);
  await expect(main.getByText('In the shed')).toBeVisible();
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit' }).click();
  const recipient = page.getByRole('textbox', { name: 'Note for recipient' });
  await expect(recipient).toHaveValue('In the shed');
  await recipient.fill('In the shed, behind the bikes');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 delivered')).toBeVisible();
  await serverStop(dispatch, route.id, first!.id, 'finished', (s) => s.recipient_note, 'In the shed, behind the bikes');

  // A signature is required: Done refuses until it is there, unless the stop is skipped.
  await page.goto(`/routes/${route.id}/stops/${second!.id}/complete`);
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  await expect(proofs.getByRole('button', { name: 'Add signature' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await dismissAlert(page, 'Fulfill proof of delivery requirements');
  await expect(proofs.getByRole('alert').filter({ hasText: 'Required' })).toHaveCount(1);
  await main.getByText('Skipped', { exact: true }).click();
  await expect(proofs).toHaveCount(0);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText('Stop 2 skipped')).toBeVisible();
  await serverStop(dispatch, route.id, second!.id, 'skipped');
});
test('the internal-notes variant skips through the complete screen and needs an internal note', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop: first } = await signedInOnRoute({
    driver: DEMO.notes,
    vehicle: 'Van 1',
    view: 'list',
    open: 'stop',
  });
  await dismissAlert(page, first.information.notes!.replace(/[*_]/g, ''));
  await page.getByRole('region', { name: 'Stop actions' }).getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${route.id}/stops/${first.id}/complete\\?status=skipped$`));
  await expect(page.getByRole('radio', { name: 'Skipped' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Note for recipient' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Done' }).click();
  await dismissAlert(page, /Please add a note|Required/);
  const internal = page.getByRole('textbox', { name: 'Note for internal use' });
  await expect(internal).toBeFocused();
  await expect(page.getByRole('main').getByText('Required', { exact: true })).toBeVisible();
  await internal.fill('Shop closed, back tomorrow');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 skipped')).toBeVisible();
  const saved = await serverStop(
    dispatch,
    route.id,
    first.id,
    'skipped',
    (s) => s.completion_note,
    'Shop closed, back tomorrow',
  );
  expect(saved.recipient_note).toBeNull();
});
test('the stop windows in Dutch', async ({ page, context, server, signedInOnRoute }) => {
  const { route, stop: first } = await signedInOnRoute({ view: 'list' });
  await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
  await page.goto(`/routes/${route.id}/stops/${first.id}/complete`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop afronden');
  await expect(page.getByRole('radio', { name: 'Afgeleverd' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Overgeslagen' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Notitie voor ontvanger' })).toBeVisible();
  const internal = page.getByRole('textbox', { name: 'Notitie voor intern gebruik' });
  await internal.fill('y'.repeat(500));
  await expect(page.getByRole('main').getByText('500/500')).toBeVisible();
  await expect(page.getByRole('main').getByText('Maximum van 500 tekens bereikt')).toBeVisible();
  await page.getByRole('button', { name: 'Klaar' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 afgeleverd')).toBeVisible();
});
