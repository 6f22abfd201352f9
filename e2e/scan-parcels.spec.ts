/**
 * Scanning parcels at the stop (issue 19) in Chromium with its fake camera, which plays a video of real barcodes
 * (EAN-13, Code 128, and a QR code turned 20°, drawn by bwip-js): each of the stop's parcels ticks off, a parcel of
 * another stop is named, a code typed from a damaged label counts, the barcode requirement holds Done back until every
 * parcel is scanned or marked, and scans made offline queue with the completion and reach the server with it.
 */
import type { Page } from '@playwright/test';
import { formatInstantTime } from '../src-ui/i18n/format.ts';
import { dismissAlert, serverStop } from './stop-windows.helpers.ts';
import { axeViolations } from './support/a11y.ts';
import { NO_PROOFS, routeOnThePhone, underServiceWorker } from './support/app.ts';
import { fakeCamera } from './support/fake-camera.ts';
import { DEMO, type Dispatch, expect, test } from './support/fixtures.ts';
import { driver, type TodaysRouteFixture } from './support/route-setup.ts';

const CODES = {
  retail: '4006381333931',
  logistics: '3SDRL0000000019',
  typed: 'PKG-TYPED-0003',
  foreign: 'PKG-FOREIGN-0007',
};

// The camera sees the stop's two labels, then a parcel of stop 2, each for a while, in a loop.
test.use({
  freshServer: true,
  launchOptions: fakeCamera('scan-parcels', [
    { code: { kind: 'ean13', text: CODES.retail }, seconds: 1.5 },
    { code: null, seconds: 0.5 },
    { code: { kind: 'code128', text: CODES.logistics }, seconds: 1.5 },
    { code: null, seconds: 0.5 },
    { code: { kind: 'qrcode', text: CODES.foreign, degrees: 20 }, seconds: 1.5 },
    { code: null, seconds: 0.5 },
  ]),
  permissions: ['camera'],
});

/** The test server's TIME_ZONE (e2e/support/server.ts): the demo organisation's, as it has none of its own. */
const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Stop 1 of today's cargo-bike route has three parcels to scan (one label only typed), stop 2 the foreign one. */
async function parcelStops(todaysRoute: TodaysRouteFixture, dispatch: Dispatch) {
  const { route, stop, number } = await todaysRoute({ requirements: { barcode: true }, view: 'list' });
  const other = route.stops.find((s) => number(s) === 2)!;
  const patch = async (id: number, body: unknown) =>
    expect((await dispatch('PATCH', `/routes/${route.id}/stops/${id}`, body)).status).toBe(200);
  await patch(stop.id, {
    units: [
      { id: 'u-a', name: 'Parcel', quantity: 1, note: null, barcode: CODES.retail },
      { id: 'u-b', name: 'Box+Cooled', quantity: 2, note: null, barcode: CODES.logistics },
      { id: 'u-c', name: 'Envelope', quantity: 1, note: null, barcode: CODES.typed },
    ],
  });
  await patch(other.id, {
    requirements: NO_PROOFS,
    units: [{ id: 'u-d', name: 'Parcel', quantity: 1, note: null, barcode: CODES.foreign }],
  });
  return { route, stop, otherName: other.information.recipient_name ?? '' };
}

const unitStates = (
  units: { id: string; barcode_scanned: boolean; scan_method: string | null; scan_reason: string | null }[],
) => units.map((u) => [u.id, u.barcode_scanned, u.scan_method ?? u.scan_reason]);

async function openScan(page: Page) {
  await page.getByRole('button', { name: 'Scan parcels' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan parcels' });
  await expect(scan).toBeVisible();
  return scan;
}

test('each parcel ticks off, a parcel of another stop is named, a typed code counts, and Done waits for them all', async ({
  page,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stop, otherName } = await parcelStops(todaysRoute, dispatch);
  // Each tone the page plays (Web Audio): one per parcel ticked off.
  await page.addInitScript(() => {
    const start = OscillatorNode.prototype.start;
    (window as unknown as { tones: number }).tones = 0;
    OscillatorNode.prototype.start = function (...args) {
      (window as unknown as { tones: number }).tones++;
      return start.apply(this, args);
    };
  });
  const tones = () => page.evaluate(() => (window as unknown as { tones: number }).tones);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);

  // The barcode requirement holds Done back, with the proofs' alert and the parcels marked.
  await expect(page.getByTestId('scan-summary-progress')).toHaveText('0 of 3 scanned');
  await page.getByRole('button', { name: 'Done' }).click();
  await dismissAlert(page, 'Fulfill proof of delivery requirements.');
  await expect(page.getByText('Scan every parcel, or mark it missing or damaged')).toBeVisible();

  const scan = await openScan(page);
  // The camera's two labels of this stop tick off (EAN-13 and Code 128); the third is not in the video.
  await expect(scan.getByTestId('scan-progress')).toHaveText('2 of 3 scanned', { timeout: 20_000 });
  await expect(scan.locator('[data-unit="u-a"]')).toContainText('Scanned');
  await expect(scan.locator('[data-unit="u-b"]')).toContainText('Scanned');
  expect(await tones()).toBe(2);
  // The QR code on stop 2's parcel: the wrong parcel for this door, and which stop it is for.
  await expect(scan.getByRole('status')).toContainText(`Wrong parcel: this one is for stop 2, ${otherName}`, {
    timeout: 15_000,
  });

  // Each parcel shows the end of its code, never the whole code, which could be typed from the screen.
  const parcels = scan.getByRole('list', { name: 'Parcels' });
  await expect(parcels.locator('[data-unit="u-c"]')).toContainText(`Code ending …${CODES.typed.slice(-4)}`);
  for (const code of Object.values(CODES)) await expect(parcels).not.toContainText(code);

  // A code no parcel has, then the damaged label's code typed (in lower case).
  const field = scan.getByLabel('Code on the label');
  await field.fill('NOPE-1');
  await scan.getByRole('button', { name: 'Check code' }).click();
  await expect(scan.getByRole('status')).toContainText('Unknown code NOPE-1');
  await field.fill(CODES.typed.toLowerCase());
  await scan.getByRole('button', { name: 'Check code' }).click();
  await expect(scan.getByTestId('scan-progress')).toHaveText('3 of 3 scanned');
  await expect(scan.locator('[data-unit="u-c"]')).toContainText('Code typed');
  // A tone for the typed match; none for the unknown code or the other stop's parcel.
  expect(await tones()).toBe(3);
  // The Scan screen with its messages, states and buttons: no WCAG A/AA violation.
  expect(await axeViolations(page)).toEqual([]);
  await scan.getByRole('button', { name: 'Done' }).click();
  await expect(scan).toHaveCount(0);

  await expect(page.getByTestId('scan-summary-progress')).toHaveText('3 of 3 scanned');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').getByText('Stop 1 delivered')).toBeVisible();
  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => unitStates(s.units), [
    ['u-a', true, 'camera'],
    ['u-b', true, 'camera'],
    ['u-c', true, 'manual'],
  ]);
});

test('scanned offline: the scans wait with the completion and reach the server with it', async ({
  page,
  context,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stop } = await parcelStops(todaysRoute, dispatch);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
  // The decoder and its .wasm come from the service worker's precache: nothing is fetched for scanning.
  await underServiceWorker(page);
  await routeOnThePhone(page, route.id);
  await context.setOffline(true);

  await page.goto(`/routes/${route.id}/stops/${stop.id}`);
  const scan = await openScan(page);
  await expect(scan.getByTestId('scan-progress')).toHaveText('2 of 3 scanned', { timeout: 20_000 });
  // The envelope is not on board: marked missing, it no longer holds Done back.
  await scan.getByRole('button', { name: 'Missing: Envelope' }).click();
  await expect(scan.locator('[data-unit="u-c"]')).toContainText('Marked missing');
  await scan.getByRole('button', { name: 'Done' }).click();

  // Arrived: the complete screen has the scans made on the stop window.
  await page.getByRole('button', { name: 'Arrived' }).click();
  await expect(page.getByTestId('scan-summary-progress')).toHaveText('2 of 3 scanned');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('1 change not sent yet')).toBeVisible();
  const before = await dispatch<{ completions: unknown[] }>('GET', `/routes/${route.id}`);
  expect(before.body.completions).toEqual([]);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await serverStop(dispatch, route.id, stop.id, 'finished', (s) => unitStates(s.units), [
    ['u-a', true, 'camera'],
    ['u-b', true, 'camera'],
    ['u-c', false, 'missing'],
  ]);
});

test('a completion that reached the server late shows when it was saved on the phone and when it was received', async ({
  page,
  server,
  dispatch,
  signIn,
  todaysRoute,
}) => {
  const { route, stop } = await parcelStops(todaysRoute, dispatch);
  // Done on the phone 35 minutes ago and queued offline: sent now, with its scans.
  const completedAt = new Date(Date.now() - 35 * 60_000);
  const api = await driver(server, DEMO.driver);
  await api.post(`/v1/projects/${route.project_id}/routes/${route.id}/services/${stop.id}`, {
    status: 'finished',
    completed_at: completedAt.toISOString(),
    units: ['u-a', 'u-b', 'u-c'].map((id) => ({ id, barcode_scanned: true, scanned_at: completedAt.toISOString() })),
  });
  const saved = await serverStop(dispatch, route.id, stop.id, 'finished');
  // On the 24-hour clock the rest of the app shows (src-ui/i18n/i18n.test.ts pins the format).
  const time = (iso: string) => formatInstantTime(iso, 'en', SERVER_ZONE);

  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${route.id}/stops/${stop.id}/complete`);
  await expect(
    page.getByText(`Saved on the phone ${time(saved.completed_at!)}, received ${time(saved.received_at!)}`),
  ).toBeVisible();
});
