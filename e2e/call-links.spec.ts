/**
 * Call dials the recipient's number as E.164 (spec section 5 "Call"; src-shared/domain/phone.ts): a local number
 * takes the country's code in place of its trunk 0 (never a bare plus before it), an international one is kept,
 * and a phone that is not a number gets "You are not able to call the customer." The dispatcher changes the
 * stops' phones and countries; More info shows the link.
 */
import { dismissAlert } from './stop-windows.helpers.ts';
import { DEMO, expect, test } from './support/fixtures.ts';

test.use({ freshServer: true });

test('Call links local and international numbers in E.164, and refuses what is not a number', async ({
  page,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route } = await todaysRoute({ vehicle: 'Van 2', start: false, view: 'list' });
  const deliveries = route.stops.filter((s) => s.type === 'delivery');
  const cases = [
    { phone: '06 1234 5678', country: 'Netherlands', href: 'tel:+31612345678' },
    { phone: '0031 (0)30-234 5678', country: 'Netherlands', href: 'tel:+31302345678' },
    { phone: '31612345678', country: 'Netherlands', href: 'tel:+31612345678' },
    { phone: '+44 20 7946 0958', country: 'Netherlands', href: 'tel:+442079460958' },
    { phone: '0151 2345 6789', country: 'Germany', href: 'tel:+4915123456789' },
    { phone: 'ask at the desk', country: 'Netherlands', href: null },
  ];
  for (const [i, c] of cases.entries()) {
    const patched = await dispatch('PATCH', `/routes/${route.id}/stops/${deliveries[i]!.id}`, {
      recipient_phone: c.phone,
      country: c.country,
      notes: null,
    });
    expect(patched.status, c.phone).toBeLessThan(300);
  }
  await signIn(page, DEMO.driver);

  const actions = page.getByRole('region', { name: 'Stop actions' });
  for (const [i, c] of cases.entries()) {
    await page.goto(`/routes/${route.id}/stops/${deliveries[i]!.id}`);
    if (c.href) {
      await expect(actions.getByRole('link', { name: 'Call' }), c.phone).toHaveAttribute('href', c.href);
    } else {
      await actions.getByRole('button', { name: 'Call' }).click();
      await dismissAlert(page, 'You are not able to call the customer.');
    }
  }
});
