/**
 * A stop's arrival sent by the core (issue 34, docs/delivery-outcomes.md, src-worker/routes/arrival-records.ts): by
 * itself where the organisation records arrivals automatically, else when the driver answers the prompt with
 * Arrived; offline it waits and goes with a later position. The server keeps the first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import type { CoreHarness } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type FaultyFetch, faultyFetch } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';

const suite = coreSuite();
let offerOnly: DriverFixture;
let autoRecord: DriverFixture;

beforeAll(async () => {
  const plan = { ft_arrival_detection: true };
  offerOnly = await makeDriver(suite.t, await makeOrganisation(suite.t, { plan }));
  autoRecord = await makeDriver(
    suite.t,
    await makeOrganisation(suite.t, { plan, config: { arrival_auto_record: true } }),
  );
});

/** A started route with arrival detection on, open in a core on a clock the test moves, standing at `stop`. */
async function started(driver: DriverFixture, faults: FaultyFetch) {
  const clock = { at: Date.now() };
  const c = await suite.core({ now: () => clock.at, fetch: faults.fetch });
  expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
  const { routeId } = await makeRoute(suite.t, driver, {
    date: localDate(new Date()),
    stops: stopsAroundUtrecht(2),
    publication_settings: { arrival_detection: true },
  });
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  await c.until((s) => s.route?.status === 'ready');
  expect(await c.api.startRoute(null)).toEqual({ ok: true });
  const state = await c.until((s) => s.route?.route?.status === 'in_progress');
  const first = state.route!.route!.stops.find((s) => s.type === 'delivery')!;
  /** A fix at the stop, five seconds after the last. */
  const standing = async (seconds: number) => {
    for (let s = 0; s <= seconds; s += 5) {
      clock.at += 5000;
      await c.api.reportPosition({ lat: first.address.lat, lng: first.address.lng });
    }
  };
  return { c, routeId, first, standing };
}

async function serverStop(routeId: number, stopId: number): Promise<Stop> {
  const res = await suite.t.dispatch<{ stops: Stop[] }>('GET', `/v1/dispatch/routes/${routeId}`);
  return res.body.stops.find((s) => s.id === stopId)!;
}

async function arrivedOnServer(routeId: number, stopId: number): Promise<Stop> {
  await expect.poll(async () => (await serverStop(routeId, stopId)).arrived_at, { timeout: 5000 }).not.toBeNull();
  return serverStop(routeId, stopId);
}

const isArrival = (r: { method: string; url: string }) => r.method === 'POST' && r.url.endsWith('/arrival');
const offer = async (c: CoreHarness) => (await c.api.snapshot()).state.arrival.offer;

describe('arrivals recorded', () => {
  it('by the phone itself where the organisation turns that on, once, with the prompt shown all the same', async () => {
    const faults = faultyFetch();
    const { c, routeId, first, standing } = await started(autoRecord, faults);
    await standing(25);
    expect(await offer(c)).toEqual({ stopId: first.id });
    expect(await arrivedOnServer(routeId, first.id)).toMatchObject({ arrival_by: 'phone' });
    await standing(30);
    expect(faults.passed.filter(isArrival)).toHaveLength(1);
  });

  it('not by itself otherwise: when the driver answers the prompt with Arrived, and offline it waits', async () => {
    const faults = faultyFetch();
    const { c, routeId, first, standing } = await started(offerOnly, faults);
    await standing(25);
    expect(await offer(c)).toEqual({ stopId: first.id });
    expect((await serverStop(routeId, first.id)).arrived_at).toBeNull();

    faults.rule = (r) => (isArrival(r) ? 'offline' : 'pass');
    await c.api.confirmArrival(first.id);
    expect(await offer(c)).toBeNull();
    expect((await serverStop(routeId, first.id)).arrived_at).toBeNull();
    // Back online: the next position sends what waited.
    faults.rule = () => 'pass';
    await standing(0);
    expect(await arrivedOnServer(routeId, first.id)).toMatchObject({ arrival_by: 'driver' });
  });
});

describe("another device's arrival", () => {
  it('shows on a second core of the route at once, whose prompt for that stop goes: an arrival is a route change', async () => {
    const { c, routeId, first, standing } = await started(offerOnly, faultyFetch());
    // The driver's second phone, standing at the same stop on a clock of its own.
    const clock = { at: Date.now() };
    const second = await suite.core({ now: () => clock.at });
    expect(await second.api.signIn(offerOnly.email, PASSWORD)).toMatchObject({ ok: true });
    expect(await second.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    await second.until((s) => s.route?.route?.status === 'in_progress' && s.live.socket === 'connected');
    const version = second.state().route!.route!.version;
    for (let s = 0; s <= 25; s += 5) {
      clock.at += 5000;
      await second.api.reportPosition({ lat: first.address.lat, lng: first.address.lng });
    }
    expect(await offer(second)).toEqual({ stopId: first.id });

    await standing(25);
    await c.api.confirmArrival(first.id);
    const { arrived_at: arrivedAt } = await arrivedOnServer(routeId, first.id);
    // Through the route's socket, as the next version: no fetch of the route needed.
    const shown = await second.until(
      (s) => s.route?.route?.stops.find((stop) => stop.id === first.id)?.arrived_at === arrivedAt,
    );
    expect(shown.route!.route!.version).toBe(version + 1);
    expect(shown.route!.route!.stops.find((stop) => stop.id === first.id)).toMatchObject({ arrival_by: 'driver' });
    await second.until((s) => s.arrival.offer === null);
  });
});
