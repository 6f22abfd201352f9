/**
 * The delivery outcomes' cards (issue 34) in the dark theme and at 200% text: the reasons on Skipped, and where the
 * parcel went with the stop's code on Delivered, each with its error marks showing. axe's WCAG rules (colour contrast
 * included) find nothing in the dark theme; at 200% text, in Dutch, no text is cut and no label runs out of its box.
 */
import { axeViolations, enlargeText, labelProblems, restyleText, textProblems } from './support/a11y.ts';
import { demoFeaturesOn } from './support/features.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

test('reasons, places and the code: whole in the dark theme and at 200% text', async ({
  page,
  context,
  server,
  dispatch,
  signedInOnRoute,
}) => {
  test.setTimeout(120_000);
  const { route, stop } = await signedInOnRoute({
    requirements: {},
    view: 'list',
    beforeSignIn: async ({ route, stop }) => {
      const flags = { ft_failure_reasons: true, ft_delivery_places: true, ft_delivery_codes: true };
      await demoFeaturesOn(dispatch, route.id, flags, {
        failure_reasons: true,
        delivery_places: true,
        delivery_codes: true,
      });
      const code = await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, { delivery_code: '4711' });
      expect(code.status).toBe(200);
      await enlargeText(page, 100);
    },
  });
  // The stop window's: the route view's own lies under it, not drawn.
  const main = page.locator('main:visible');
  const done = page.getByRole('button', { name: 'Done', exact: true });
  const tried = async () => {
    await done.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  };

  // Delivered: the places and the code, marked as missing.
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await page.getByText('Handed to the recipient', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Delivery code' })).toBeVisible();
  // The code's own answer is given under its field, with no alert (issue 45).
  await done.click();
  await expect(page.getByRole('textbox', { name: 'Delivery code' })).toBeFocused();
  await expect(page.getByText('Enter the delivery code').first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  expect(await axeViolations(page)).toEqual([]);

  // Skipped: the reasons, marked as missing.
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete?status=skipped`);
  await tried();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose why the stop was skipped' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // At 200% text, in Dutch: both cards whole.
  await context.addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete?status=skipped`);
  await restyleText(page, 200);
  await expect(page.getByText('Niet thuis', { exact: true })).toBeVisible();
  expect(await textProblems(page)).toEqual([]);
  expect(await labelProblems(main, false, false)).toEqual([]);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await page.locator('input[type="radio"][value="recipient"]').check({ force: true });
  await expect(page.getByRole('textbox', { name: 'Bezorgcode' })).toBeVisible();
  await restyleText(page, 200);
  expect(await textProblems(page)).toEqual([]);
  expect(await labelProblems(main, false, false)).toEqual([]);
});
