/**
 * Snackbars never cover what the driver taps next (issue 11, item 4): after each completion "Stop N delivered" sits
 * clear of the next stop's Directions / More info / Arrived (in the list, and above the carousel on the map), and
 * "Photo added" clear of Add photo and Done; a tap on a snackbar hides it.
 */
import type { Page } from '@playwright/test';
import type { Route, Stop } from '../src-shared/protocol/entities.ts';
import { mapDrawn, NO_PROOFS, withoutRequiredProofs } from './support/app.ts';
import { DEMO, type Dispatch, expect, test } from './support/fixtures.ts';
import { driver } from './support/route-setup.ts';

test.use({ freshServer: true });

/** The controls a driver taps next; none may lie under a snackbar. */
const PRIMARY = [
  'Directions',
  'More info',
  'Arrived',
  'Start route',
  'Resume work',
  'Complete route',
  'Done',
  'Add photo',
  'Add signature',
  'Verify age',
  'Skip',
  'Delivered',
  'Call',
];

/** The names of visible primary controls the snackbar on screen overlaps; null while no snackbar shows. */
function coveredControls(page: Page) {
  return page.evaluate((names) => {
    const snackbar = document.querySelector('[role="status"][aria-live="polite"] > *');
    if (!snackbar) return null;
    const s = snackbar.getBoundingClientRect();
    const hits: string[] = [];
    for (const element of document.querySelectorAll('button, a')) {
      if (element.closest('[inert], [aria-hidden="true"], [aria-live]')) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      if (!names.includes(name)) continue;
      const r = element.getBoundingClientRect();
      const x = Math.min(s.right, r.right) - Math.max(s.left, r.left);
      const y = Math.min(s.bottom, r.bottom) - Math.max(s.top, r.top);
      if (r.width > 0 && r.height > 0 && x > 0 && y > 0) hits.push(name);
    }
    return hits;
  }, PRIMARY);
}

/** Pixels from the message's bottom to the top of `selector`'s element; null while either is missing. */
function messageGap(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const message = document.querySelector('[role="status"][aria-live="polite"] > *');
    const below = document.querySelector(selector);
    if (!message || !below) return null;
    return below.getBoundingClientRect().top - message.getBoundingClientRect().bottom;
  }, selector);
}

/** Waits for the message, then for it to settle clear of every primary control. */
async function expectClear(page: Page, message: string) {
  await expect(page.getByRole('status').getByText(message)).toBeVisible();
  await expect.poll(() => coveredControls(page), { intervals: [100] }).toEqual([]);
}

/** These stops (default: the first `count` to do) with no proof required, so Done completes them. */
async function plainStops(
  dispatch: Dispatch,
  route: Route,
  number: (stop: Stop) => number | null,
  which: number | Stop[],
) {
  const stops =
    typeof which === 'number'
      ? route.stops.filter((s) => s.type === 'delivery' || s.type === 'pickup').slice(0, which)
      : which;
  for (const stop of stops) {
    const patched = await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, { requirements: NO_PROOFS });
    expect(patched.status).toBeLessThan(300);
  }
  return stops.map((stop) => ({ stop, number: number(stop)! }));
}

const doneText = (stop: Stop, n: number) => `Stop ${n} ${stop.type === 'pickup' ? 'picked up' : 'delivered'}`;

test('list mode: after each completion the message stays clear of the next stop’s actions', async ({
  page,
  server,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { summary, route, number } = await todaysRoute({ view: 'list' });
  // The first three stops done elsewhere, so the active stop can lie at the bottom of the screen.
  const work = route.stops.filter((s) => s.type !== 'start' && s.type !== 'end');
  const api = await driver(server, DEMO.driver);
  await withoutRequiredProofs(server, route.id, work.slice(0, 3));
  for (const stop of work.slice(0, 3)) {
    await api.post(`/v1/projects/${summary.project_id}/routes/${route.id}/services/${stop.id}`, { status: 'finished' });
  }
  const later = work.slice(3);
  const breakAt = later.findIndex((s) => s.type === 'break');
  expect(breakAt).toBeGreaterThan(0);
  const stops = await plainStops(dispatch, route, number, later.slice(0, breakAt));
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}`);
  const active = page.locator('[aria-current="step"]');
  // The worst case: the active stop's actions at the very bottom of the screen, where snackbars rest.
  const toBottom = () => active.evaluate((row) => row.scrollIntoView({ block: 'end' }));
  for (const { stop, number: n } of stops) {
    await toBottom();
    await active.getByRole('button', { name: 'Arrived' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expectClear(page, doneText(stop, n));
    await toBottom();
    await expect.poll(() => coveredControls(page)).toEqual([]);
  }
  // The break, finished from the bottom of the screen: the next stop's Arrived is right there.
  await toBottom();
  await active.getByRole('button', { name: 'Resume work' }).click();
  await expectClear(page, 'Break finished');
  await toBottom();
  await expect.poll(() => coveredControls(page)).toEqual([]);
  // A tap on the message hides it.
  await page.getByRole('status').getByText('Break finished').click();
  await expect(page.getByRole('status').getByText('Break finished')).toHaveCount(0);
});

test('map mode: the message sits above the carousel', async ({ page, dispatch, signIn, todaysRoute }) => {
  const { route, number } = await todaysRoute();
  const stops = await plainStops(dispatch, route, number, 2);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}`);
  // The map drawn first: on two cores its software-rendered start can keep the carousel from standing still.
  await mapDrawn(page);
  const carousel = page.getByRole('region', { name: 'Remaining stops' });
  for (const { stop, number: n } of stops) {
    await carousel.getByRole('button', { name: 'Arrived' }).first().click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('status').getByText(doneText(stop, n))).toBeVisible();
    // Read in one go, so a slow machine cannot let the message time out between two reads.
    const placement = () =>
      Promise.all([coveredControls(page), messageGap(page, 'section[aria-label="Remaining stops"]')]);
    await expect
      .poll(
        async () => {
          const [covered, gap] = await placement();
          return { covered, aboveCarousel: gap !== null && gap >= 0 };
        },
        { intervals: [100] },
      )
      .toEqual({ covered: [], aboveCarousel: true });
  }
});

test('complete screen: "Photo added" stays clear of Add photo and Done', async ({ page, signedInOnRoute }) => {
  await signedInOnRoute({ requirements: { picture: true }, view: 'list', open: 'complete' });
  const proofs = page.getByRole('region', { name: 'Proof of delivery' });
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    canvas.getContext('2d')!.fillRect(0, 0, 320, 240);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return Array.from(new Uint8Array(await blob!.arrayBuffer()));
  });
  for (const name of ['one.png', 'two.png']) {
    await proofs.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: Buffer.from(png) });
    await expectClear(page, 'Photo added');
  }
});
