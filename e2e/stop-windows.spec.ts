/**
 * The route view's stop windows on the demo data (spec section 2 "Stop detail (More info)", section 5
 * "One-click delivered", "Call", "Cleaning variant"): More info with its notes alert and units, the quick actions,
 * the variants' URL flags. The complete screen has its own file (stop-windows-complete.spec.ts).
 * Routes are started through the driver API (as another device would), so nothing here depends on the main
 * window's Start button; the windows are opened by their URLs after signing in through the app.
 */
import { alert, dismissAlert, serverStop } from './stop-windows.helpers.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

test('More info shows the notes once as an alert, the load, and the units with their total', async ({
  page,
  signedInOnRoute,
}) => {
  const { route, number } = await signedInOnRoute({ start: false, view: 'list' });
  const pickup = route.stops.find((s) => s.type === 'pickup')!;
  await page.goto(`/routes/${route.id}/stops/${pickup.id}`);

  // The notes' markdown is rendered, never shown as asterisks.
  await expect(alert(page).getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expect(alert(page).locator('strong')).toHaveText('printed menus');
  await dismissAlert(page, 'Collect the printed menus at the back door.');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop details');
  await expect(page.getByRole('heading', { level: 2, name: 'Drukkerij Domstad' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(`Stop ${number(pickup)}`, { exact: true })).toBeVisible();
  // The main window stays mounted under the stop window (hidden from assistive tech): look inside the window.
  await expect(main.getByText('Neude 11, Utrecht')).toBeVisible();
  await expect(main.locator('strong')).toHaveText('printed menus');
  for (const label of ['Type', 'Time window', 'Planned ETA', 'Duration']) {
    await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  }
  await expect(page.getByRole('listitem').filter({ hasText: 'Signature' })).toBeVisible();

  const load = page.getByRole('button', { name: '4 units' });
  await expect(load).toHaveAttribute('aria-expanded', 'false');
  await load.click();
  await expect(load).toHaveAttribute('aria-expanded', 'true');
  const unit = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Ask for order 1182' });
  await expect(unit).toContainText('4×');
  await expect(unit).toContainText('Box');
  await expect(unit).not.toContainText('Box+Print');

  await page.getByRole('link', { name: 'All units' }).click();
  await expect(page).toHaveURL(new RegExp(`/routes/${route.id}/stops/${pickup.id}/units$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Units');
  await expect(page.getByRole('term').filter({ hasText: 'Total' })).toBeVisible();
  await expect(page.getByRole('definition').last()).toHaveText('4 units');

  // Back on More info, the notes are not shown again.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: '4 units' })).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
});
test('quick actions: one-click Delivered refused for a photo, Call, Skip sent to the server', async ({
  page,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop: first } = await signedInOnRoute({ vehicle: 'Van 2', view: 'list', open: 'stop' });
  expect(first.requirements.picture).toBe(true);
  const actions = page.getByRole('region', { name: 'Stop actions' });
  await actions.getByRole('button', { name: 'Delivered' }).click();
  await dismissAlert(
    page,
    'One-click delivery is not allowed as there are required fields in the Arrived screen you need to fulfill.',
  );

  // Call: a tel: link with the plus; a stop without a phone says why it cannot call.
  await expect(actions.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+\d{6,}$/);

  await actions.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 skipped')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/routes/${route.id}$`));
  await serverStop(dispatch, route.id, first.id, 'skipped');

  const noPhone = route.stops.find((s) => s.type === 'delivery' && !s.information.recipient_phone)!;
  await page.goto(`/routes/${route.id}/stops/${noPhone.id}`);
  if (noPhone.information.notes) await dismissAlert(page, noPhone.information.notes.replace(/[*_]/g, ''));
  await page.getByRole('region', { name: 'Stop actions' }).getByRole('button', { name: 'Call' }).click();
  await dismissAlert(page, 'You are not able to call the customer.');
});
test('the variants as URL flags: cleaning disables Skip and Delivered, internal-notes hides the recipient note', async ({
  page,
  signedInOnRoute,
}) => {
  const { route, stop: first } = await signedInOnRoute({ start: false, view: 'list' });

  await page.goto(`/routes/${route.id}/stops/${first.id}?variant=cleaning`);
  const actions = page.getByRole('region', { name: 'Stop actions' });
  const reason = "Skip and Delivered aren't used for this customer. Tap Arrived to record the stop.";
  for (const name of ['Skip', 'Delivered']) {
    const button = actions.getByRole('button', { name });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(reason);
    // aria-disabled keeps it focusable and readable; a tap does nothing.
    await button.click({ force: true });
    await expect(alert(page)).toHaveCount(0);
  }

  // The flag is kept for the session, through the app's own navigation, until another one replaces it.
  await page.goto(`/routes/${route.id}/stops/${first.id}/complete?variant=internal-notes`);
  await expect(page.getByRole('textbox', { name: 'Note for internal use' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Note for recipient' })).toHaveCount(0);
  await page.goto(`/routes/${route.id}/stops/${first.id}/complete`);
  await expect(page.getByRole('textbox', { name: 'Note for recipient' })).toHaveCount(0);
  await page.goto(`/routes/${route.id}/stops/${first.id}/complete?variant=default`);
  await expect(page.getByRole('textbox', { name: 'Note for recipient' })).toBeVisible();
});
