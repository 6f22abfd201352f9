/**
 * What a route change costs on the wire: opening a big route may send it whole, but completing a stop, refreshing
 * and reloading the list must travel as small patches, and the UI's copy must still equal the core's state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Patch } from '../../src-shared/state/patch.ts';
import type { CoreHarness } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';

const BIG_ROUTE_STOPS = 300;
/** The field research's per-frame budget is ~10 KB; a stop's completion may take two or three patches. */
const COMPLETE_BUDGET_BYTES = 20_000;

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

const encoder = new TextEncoder();
const bytesOf = (patches: Patch[]) => patches.reduce((sum, p) => sum + encoder.encode(JSON.stringify(p)).length, 0);

/** Waits until the UI's copy has every patch up to the core's current version; returns the core's state. */
async function settled(c: CoreHarness) {
  const snapshot = await c.api.snapshot();
  await expect.poll(() => c.patches.at(-1)?.version ?? 0).toBeGreaterThanOrEqual(snapshot.version);
  return snapshot.state;
}

/** Runs an intent from a quiet core and returns the patches it caused. */
async function measure(c: CoreHarness, intent: () => Promise<unknown>) {
  await settled(c);
  const from = c.patches.length;
  await intent();
  await settled(c);
  return c.patches.slice(from);
}

async function bigStartedRoute() {
  const { routeId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(BIG_ROUTE_STOPS) });
  const c = await suite.core();
  await c.api.signIn(driver.email, PASSWORD);
  const opened = await measure(c, () => c.api.openRoute(routeId, { shared: false }));
  await c.until((s) => (s.route?.line?.length ?? 0) > 0);
  await measure(c, () => c.api.startRoute(null));
  return { c, opened };
}

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Patch Co' }));
});

describe('patch sizes on a 300-stop route', () => {
  it('completing a stop sends small patches, keeps untouched stops, and the UI equals the core', async () => {
    const { c, opened } = await bigStartedRoute();
    const before = c.state().route!.route!;
    const stopId = before.stops[1]!.id;

    // The completion is stored at once and sent in the background: measured until the server's answer is shown too.
    const patches = await measure(c, async () => {
      await c.api.completeStop(stopId, { status: 'finished', completion_note: 'Ok' });
      // First the stop shows done and unsent, then the server's answer takes the mark away.
      await c.until((s) => s.route?.unsentStopIds.includes(stopId) === true);
      await c.until((s) => s.route?.unsentStopIds.length === 0);
    });
    const total = bytesOf(patches);
    console.info(
      `openRoute: ${bytesOf(opened)} B in ${opened.length} patches; ` +
        `completeStop: ${total} B in ${patches.length} patches, ` +
        `largest ${Math.max(...patches.map((p) => bytesOf([p])))} B`,
    );

    const core = await settled(c);
    expect(c.state()).toEqual(core);
    const after = c.state().route!;
    expect(after.unsentStopIds).toEqual([]);
    expect(after.route!.stops[1]).toMatchObject({ status: 'finished', completion_note: 'Ok' });
    expect(total).toBeLessThan(COMPLETE_BUDGET_BYTES);
    // Stops the completion did not touch are the very objects the UI's rows already hold.
    expect(after.route!.stops[5]).toBe(before.stops[5]);
    expect(after.route!.stops.at(-1)).toBe(before.stops.at(-1));
  });

  it('a refresh that finds the route unchanged sends next to nothing', async () => {
    const { c } = await bigStartedRoute();
    const stops = c.state().route!.route!.stops;
    const patches = await measure(c, () => c.api.refreshRoute());
    expect(bytesOf(patches)).toBeLessThan(2_000);
    expect(c.state()).toEqual(await settled(c));
    expect(c.state().route!.route!.stops).toBe(stops);
  });

  it('reloading the route list sends only what changed', async () => {
    const c = await suite.core();
    await c.api.signIn(driver.email, PASSWORD);
    await measure(c, () => c.api.loadRouteList());
    const sections = c.state().routeList.sections;
    const patches = await measure(c, () => c.api.loadRouteList({ refresh: true }));
    expect(bytesOf(patches)).toBeLessThan(1_000);
    expect(c.state()).toEqual(await settled(c));
    expect(c.state().routeList.sections).toBe(sections);
  });
});
