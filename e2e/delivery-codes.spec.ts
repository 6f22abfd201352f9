/**
 * A recipient's delivery code on the complete screen (issue 34, docs/delivery-outcomes.md): with the organisation's
 * plan and the route's settings turning codes on and the dispatcher setting a stop's code, Delivered asks for it; a
 * wrong code is answered at once with the tries left, the right one completes the stop, and the server keeps only
 * that it was checked; each answer is given under the field, not in an alert (issue 45). Offline the card says the
 * code is checked later; a neighbour needs no code.
 */
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import { serverStop } from './stop-windows.helpers.ts';
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

test('a code typed wrong, then right: answered under the field, then delivered; five wrong lock the next stop', async ({
  page,
  server,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stop, number } = await todaysRoute({ requirements: {}, view: 'list' });
  const next = route.stops.find((s) => number(s) === 2)!;
  await withoutRequiredProofs(server, route.id, [next]);
  await codeOn(dispatch, route, stop.id);
  expect((await dispatch('PATCH', `/routes/${route.id}/stops/${next.id}`, { delivery_code: '4711' })).status).toBe(200);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await page.getByRole('group', { name: 'Where was it left?' }).getByText('Handed to the recipient').click();
  const code = page.getByRole('textbox', { name: 'Delivery code' });
  await expect(code).toBeVisible();
  await expect(page.getByText('Ask the recipient for their code')).toBeVisible();

  // Every answer about the code is given under its field (issue 45): no alert to close with gloves on, the field
  // marked invalid, its message a live line it is described by, and the focus in it with the code selected.
  const done = page.getByRole('button', { name: 'Done', exact: true });
  const answered = async (message: string) => {
    await expect(code).toHaveAccessibleDescription(message);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toBeFocused();
    const typed = await code.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, el.value.length]);
    expect(typed).toEqual([0, typed[2], typed[2]]);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  };
  await done.click();
  await answered('Enter the delivery code');
  const line = page.locator(`[id="${await code.getAttribute('aria-describedby')}"]`);
  await expect(line).toHaveAttribute('aria-live', 'polite');

  await page.keyboard.type('0000');
  await done.click();
  await answered('That code is not right. 4 tries left.');
  // Typing again replaces the selected code and clears the answer: the field shows the tries left.
  await page.keyboard.type('4712');
  await expect(code).toHaveValue('4712');
  await expect(code).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('4 tries left', { exact: true })).toBeVisible();

  // A neighbour stands in for the code: the field goes; back to the recipient, it is asked again.
  await page.getByText('With a neighbour', { exact: true }).click();
  await expect(code).toHaveCount(0);
  await page.getByText('Handed to the recipient', { exact: true }).click();
  await expect(code).not.toBeFocused();
  await code.fill('47 11');
  await done.click();
  await expect(page.getByRole('status').getByText('Stop 1 delivered')).toBeVisible();

  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.delivery_code_tries_left, 4);
  const detail = await dispatch<DispatchRouteDetail>('GET', `/routes/${route.id}`);
  const record = detail.body.completions.find((c) => c.stop_id === stop.id && c.current);
  expect(record?.body).toMatchObject({ delivery_code_checked: true });

  // The next stop, five wrong codes: the fifth answer, locked, is given in place too; the field can no longer be
  // used, so the note saying what still completes the stop takes the focus.
  await page.goto(`/routes/${route.id}/stops/${next.id}/complete`);
  await page.getByRole('group', { name: 'Where was it left?' }).getByText('Handed to the recipient').click();
  await code.fill('0000');
  for (const left of ['4 tries left', '3 tries left', '2 tries left', '1 try left']) {
    await done.click();
    await answered(`That code is not right. ${left}.`);
    await page.keyboard.type('0000');
  }
  await done.click();
  await expect(code).toBeDisabled();
  await expect(code).toHaveAccessibleDescription('Too many wrong codes for this stop');
  const note = page
    .getByRole('alert')
    .filter({ hasText: 'It can still be delivered without a code: With a neighbour.' });
  await expect(note).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('offline, the code card says it is checked once back online', async ({
  page,
  context,
  dispatch,
  signedInOnRoute,
}) => {
  await signedInOnRoute({
    requirements: {},
    view: 'list',
    open: 'complete',
    beforeSignIn: ({ route, stop }) => codeOn(dispatch, route, stop.id),
  });
  await expect(page.getByRole('textbox', { name: 'Delivery code' })).toBeVisible();
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByText("You're offline, so the code can't be checked now.", { exact: false })).toBeVisible();
});
