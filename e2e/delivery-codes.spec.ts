/**
 * A recipient's delivery code on the complete screen (issue 34, docs/delivery-outcomes.md): with the organisation's
 * plan and the route's settings turning codes on and the dispatcher setting a stop's code, Delivered asks for it; a
 * wrong code is answered at once with the tries left, the right one completes the stop, and the server keeps only
 * that it was checked. Offline the card says the code is checked later; a neighbour needs no code.
 */
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import { listMode, serverStop, startFirstStop } from './stop-windows.helpers.ts';
import { withoutRequiredProofs } from './support/app.ts';
import { demoFeaturesOn } from './support/features.ts';
import { DEMO, type Dispatch, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

/** Codes and places on for the demo organisation and this route, and a code on the stop. */
async function codeOn(dispatch: Dispatch, route: { id: number }, stopId: number) {
  const on = { delivery_codes: true, delivery_places: true };
  await demoFeaturesOn(dispatch, route.id, { ft_delivery_codes: true, ft_delivery_places: true }, on);
  expect((await dispatch('PATCH', `/routes/${route.id}/stops/${stopId}`, { delivery_code: '4711' })).status).toBe(200);
}

test('a code typed wrong, then right: answered at once, then the stop is delivered', async ({
  page,
  context,
  server,
  dispatch,
  signIn,
}) => {
  await listMode(context, server);
  const { route, stop } = await startFirstStop(server, DEMO.driver, 'Cargo bike 1');
  await withoutRequiredProofs(server, route.id, [stop]);
  await codeOn(dispatch, route, stop.id);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await page.getByRole('group', { name: 'Where was it left?' }).getByText('Handed to the recipient').click();
  const code = page.getByRole('textbox', { name: 'Delivery code' });
  await expect(code).toBeVisible();
  await expect(page.getByText('Ask the recipient for their code')).toBeVisible();

  const done = page.getByRole('button', { name: 'Done', exact: true });
  const alert = page.getByRole('alertdialog');
  await done.click();
  await expect(alert).toContainText('Enter the delivery code');
  await alert.getByRole('button', { name: 'OK' }).click();

  await code.fill('0000');
  await done.click();
  await expect(alert).toContainText('That code is not right. 4 tries left.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('4 tries left', { exact: true })).toBeVisible();

  // A neighbour stands in for the code: the field goes; back to the recipient, it is asked again.
  await page.getByText('With a neighbour', { exact: true }).click();
  await expect(code).toHaveCount(0);
  await page.getByText('Handed to the recipient', { exact: true }).click();
  await code.fill('47 11');
  await done.click();
  await expect(page.getByRole('status').getByText('Stop 1 delivered')).toBeVisible();

  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.delivery_code_tries_left, 4);
  const detail = await dispatch<DispatchRouteDetail>('GET', `/routes/${route.id}`);
  const record = detail.body.completions.find((c) => c.stop_id === stop.id && c.current);
  expect(record?.body).toMatchObject({ delivery_code_checked: true });
});

test('offline, the code card says it is checked once back online', async ({
  page,
  context,
  server,
  dispatch,
  signIn,
}) => {
  await listMode(context, server);
  const { route, stop } = await startFirstStop(server, DEMO.driver, 'Cargo bike 1');
  await withoutRequiredProofs(server, route.id, [stop]);
  await codeOn(dispatch, route, stop.id);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await expect(page.getByRole('textbox', { name: 'Delivery code' })).toBeVisible();
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByText("You're offline, so the code can't be checked now.", { exact: false })).toBeVisible();
});
