/**
 * A completion the server refuses for good is never dropped unseen (issue 11 item 6, issue 12): made offline, the
 * route reassigned meanwhile, back online the driver is told at once which stop was not saved and why, the route is
 * refreshed (it is gone: the spec's alert, then the account), and what they entered stays on the phone until they
 * send it again or discard it.
 */
import { NO_PROOFS, routeOnThePhone, underServiceWorker } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

test('a completion refused after a reassign: told at once, the data kept, then discarded by the driver', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({ requirements: {}, view: 'list', open: 'route' });
  await underServiceWorker(page);
  await routeOnThePhone(page, route.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  // Offline, the stop is delivered with a note: it waits on the phone.
  await context.setOffline(true);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`).catch(() => {});
  await page.getByRole('textbox', { name: 'Note for internal use' }).fill('Left with the neighbour at 12');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  await expect(page.getByText('1 change not sent yet')).toBeVisible();

  // The dispatcher gives the route to another driver meanwhile.
  const { body: stored } = await dispatch<{ organisation_id: number }>('GET', `/routes/${route.id}`);
  const other = await dispatch<{ id: number }>('POST', '/drivers', {
    email: 'second.driver@example.com',
    password: 'second-password',
    first_name: 'Sam',
    last_name: 'Second',
    organisation_id: stored.organisation_id,
  });
  expect(other.status).toBe(201);
  expect((await dispatch('PUT', `/routes/${route.id}/driver`, { driver_id: other.body.id })).status).toBe(200);

  // Back online: which stop was not saved, and why, at once.
  await context.setOffline(false);
  const refused = page.getByRole('alertdialog').filter({ hasText: 'was not saved' });
  await expect(refused).toContainText(
    `Stop ${number(stop)} (${stop.information.recipient_name}) was not saved. This route is no longer assigned to you.`,
    { timeout: 15_000 },
  );
  await expect(refused).toContainText('What you entered is kept on this phone');
  await refused.getByRole('button', { name: 'OK' }).click();

  // The route was refreshed and is gone: the spec's alert, then the account.
  await expect(page.getByRole('alertdialog')).toContainText('Your route has expired.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The data is still there, with the choice.
  await page.getByRole('link', { name: '1 stop not saved' }).click();
  const panel = page.getByRole('region', { name: 'Not saved' });
  await expect(panel).toContainText('This route is no longer assigned to you.');
  await expect(panel).toContainText('Delivered');
  await expect(panel).toContainText('Left with the neighbour at 12');
  await expect(panel.getByRole('button', { name: 'Send again' })).toBeVisible();
  // Nothing reached the server.
  const { body: detail } = await dispatch<{ stops: { id: number; status: string }[] }>('GET', `/routes/${route.id}`);
  expect(detail.stops.find((s) => s.id === stop.id)?.status).toBe('pending');

  await panel.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('link', { name: /not saved/ })).toHaveCount(0);
});

test('sign-out with a completion not sent yet: told it is kept, then sent at the next sign-in', async ({
  page,
  context,
  dispatch,
  signIn,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({ requirements: {}, view: 'list', open: 'route' });
  await underServiceWorker(page);
  await routeOnThePhone(page, route.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  // Offline, the stop is delivered: it waits on the phone.
  await context.setOffline(true);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`).catch(() => {});
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  await expect(page.getByText('1 change not sent yet')).toBeVisible();

  // Sign out asks first, and says what happens to the stop; Cancel stays signed in.
  await page.goto('/account').catch(() => {});
  await page.getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(ask).toContainText('1 stop is not sent yet. It will be sent when you sign in again.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('alertdialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();

  // Online again, the same driver signs in: the stop reaches the server, once.
  await context.setOffline(false);
  await signIn(page, DEMO.driver);
  await expect
    .poll(async () => {
      const { body } = await dispatch<{ completions: { stop_id: number }[] }>('GET', `/routes/${route.id}`);
      return body.completions.filter((c) => c.stop_id === stop.id).length;
    })
    .toBe(1);
});

test('a stop the server refused counts as done for the in-order rule: the next stop can be worked', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  const { route, stop, number } = await signedInOnRoute({ requirements: {}, view: 'list', open: 'route' });
  await underServiceWorker(page);
  await routeOnThePhone(page, route.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

  // Delivered offline; meanwhile the dispatcher makes the stop ask for a photo, so the server refuses it.
  await context.setOffline(true);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`).catch(() => {});
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
  const photo = { ...NO_PROOFS, picture: true };
  expect((await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, { requirements: photo })).status).toBe(200);
  await context.setOffline(false);
  const refused = page.getByRole('alertdialog').filter({ hasText: 'was not saved' });
  await expect(refused).toContainText('A photo is required to complete this stop', { timeout: 15_000 });
  await refused.getByRole('button', { name: 'OK' }).click();

  // The driver is at the next door: its stop is active and can be worked, not "complete stop 1 first".
  const next = route.stops[route.stops.indexOf(stop) + 1]!;
  const active = page.getByRole('list', { name: 'Stops', exact: true }).locator('[aria-current="step"]');
  await expect(active).toContainText(next.information.recipient_name ?? '');
  await active.getByRole('button', { name: 'Arrived' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/stops/${next.id}`));
});
