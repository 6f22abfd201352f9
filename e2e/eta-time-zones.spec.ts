/**
 * ETAs across time zones: the server process runs on UTC (as servers do), the organisation plans in
 * Europe/Amsterdam, and the phone is in Amsterdam or in New York. After Start, the next stop's planned arrival on
 * its row is the organisation's wall-clock time: within a minute of what the server's ETA rule gives from the
 * clock read in the organisation's zone, whatever zone the phone is in (arr_time is seconds since midnight there).
 */
import type { Page } from '@playwright/test';
import { etasFromNow } from '../src-shared/domain/route-plan.ts';
import { dateInZone, secondsInZone } from '../src-shared/domain/time-zone.ts';
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import type { Organisation, Stop, TimeWindow, VehicleProfile } from '../src-shared/protocol/entities.ts';
import { dayFrom, driverApi, routeOn } from './support/app.ts';
import { DEMO, type Dispatch, expect, test } from './support/fixtures.ts';

const ORGANISATION_ZONE = 'Europe/Amsterdam';
const MINUTE = 60;

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops', exact: true });
const activeRow = (page: Page) => stopList(page).locator('[aria-current="step"]');
const isDone = (stop: Stop) => stop.status === 'finished' || stop.status === 'skipped';

/** The Demo Logistics organisation, set to plan in Amsterdam through the dispatcher API. */
async function organisationInAmsterdam(dispatch: Dispatch) {
  const orgs = await dispatch<Organisation[]>('GET', '/organisations');
  const demo = orgs.body.find((o) => o.name === 'Demo Logistics')!;
  const patched = await dispatch<Organisation>('PATCH', `/organisations/${demo.id}`, { time_zone: ORGANISATION_ZONE });
  expect(patched.status).toBe(200);
  expect(patched.body.time_zone).toBe(ORGANISATION_ZONE);
}

/** The arrival the server's rule plans for `stop` when the route starts at `at` (ms), on the organisation's clock. */
function plannedArrival(route: DispatchRouteDetail, stop: Stop, at: number): number {
  const etas = etasFromNow(
    route.stops.map((s) => ({
      lat: s.address.lat,
      lng: s.address.lng,
      service_time: s.service_time,
      time_windows: s.time_windows as TimeWindow[],
      done: isDone(s),
    })),
    secondsInZone(at, ORGANISATION_ZONE),
    route.vehicle_profile as VehicleProfile,
    null,
  );
  return etas[route.stops.indexOf(stop)]!.arr_time;
}

/** "Planned arrival 10:25" on the row, as seconds since midnight. */
async function shownArrival(page: Page): Promise<number> {
  const label = activeRow(page).getByText('Planned arrival', { exact: true });
  const text = (await label.locator('xpath=..').textContent()) ?? '';
  const [, hours, minutes] = /(\d{2}):(\d{2})/.exec(text) ?? [];
  expect(hours, `time in "${text}"`).toBeDefined();
  return Number(hours) * 3600 + Number(minutes) * 60;
}

for (const phoneZone of ['Europe/Amsterdam', 'America/New_York']) {
  test.describe(`a phone in ${phoneZone}`, () => {
    test.use({ serverEnv: { TZ: 'UTC' }, timezoneId: phoneZone });

    test('shows the next stop’s ETA on the organisation’s clock after Start', async ({
      page,
      context,
      server,
      dispatch,
      signIn,
    }) => {
      await organisationInAmsterdam(dispatch);
      const summary = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
      // The app checks the allowed start date against the phone's own day (spec section 5), which in New York can
      // still be yesterday: date the route on the phone's day then (never later than Amsterdam's, so the server
      // takes the start too).
      const phoneToday = dateInZone(Date.now(), phoneZone);
      if (phoneToday < summary.date) {
        const detail = await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`);
        const { id: _id, ...settings } = detail.body.publication_settings;
        const put = await dispatch('PUT', `/routes/${summary.id}/publication-settings`, {
          ...settings,
          project_date: phoneToday,
        });
        expect(put.status).toBe(200);
      }

      await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
      await signIn(page, DEMO.driver);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(phoneZone);
      await page.goto(`/routes/${summary.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();

      await activeRow(page).getByRole('button', { name: 'Start route' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Start the route?' });
      const before = Date.now();
      await dialog.getByRole('button', { name: 'Start route' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(activeRow(page).getByRole('button', { name: 'Arrived' })).toBeVisible();
      const after = Date.now();

      const route = (await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`)).body;
      expect(route.status).toBe('in_progress');
      const next = route.stops.find((s) => !isDone(s))!;
      await expect(activeRow(page)).toContainText(next.information.recipient_name ?? '');
      const earliest = plannedArrival(route, next, before);
      const latest = plannedArrival(route, next, after);
      // The server's plan (stored arr_time) is the organisation's clock, not UTC's.
      expect(next.arr_time).toBeGreaterThanOrEqual(earliest - MINUTE);
      expect(next.arr_time).toBeLessThanOrEqual(latest + MINUTE);
      // The row shows it as that wall-clock time, not converted into the phone's zone.
      const shown = await shownArrival(page);
      expect(shown).toBeGreaterThanOrEqual(earliest - MINUTE);
      expect(shown).toBeLessThanOrEqual(latest + MINUTE);
    });
  });
}
