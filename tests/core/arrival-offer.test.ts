/**
 * Arrival noticed by the phone, through the core (issue 34, docs/delivery-outcomes.md): positions reported as the
 * page or a wrapper reports them, against the real server's route and organisation, on a clock the test moves.
 * The offer is `arrival.offer` in the state the UI mirrors (src-worker/routes/arrival-offer.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PositionReport } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import type { CoreHarness, CoreOptions } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { manualTimers } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';

const suite = coreSuite();
let on: DriverFixture;
let planOff: DriverFixture;

beforeAll(async () => {
  on = await makeDriver(suite.t, await makeOrganisation(suite.t, { plan: { ft_arrival_detection: true } }));
  planOff = await makeDriver(suite.t, await makeOrganisation(suite.t));
});

interface Run {
  c: CoreHarness;
  stops: Stop[];
  /** The test's clock, epoch ms. */
  clock: { at: number };
  /** Reports a fix `metresNorth` of the stop, `afterS` seconds after the last one. */
  at(stop: Stop, metresNorth: number, afterS: number, source?: PositionReport['source']): Promise<void>;
  offer(): Promise<{ stopId: number } | null>;
}

/** A started route with arrival detection set as given, open in a core whose clock the test moves. */
async function started(driver: DriverFixture, setting: boolean, options: Partial<CoreOptions> = {}): Promise<Run> {
  const clock = { at: Date.now() };
  const c = await suite.core({ now: () => clock.at, ...options });
  expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
  const { routeId } = await makeRoute(suite.t, driver, {
    date: localDate(new Date()),
    stops: stopsAroundUtrecht(3),
    publication_settings: { arrival_detection: setting },
  });
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  await c.until((s) => s.route?.status === 'ready');
  expect(await c.api.startRoute(null)).toEqual({ ok: true });
  const state = await c.until((s) => s.route?.route?.status === 'in_progress');
  const stops = state.route!.route!.stops.filter((s) => s.type === 'delivery');
  expect(state.route!.activeStopId).toBe(stops[0]!.id);
  return {
    c,
    stops,
    clock,
    async at(stop, metresNorth, afterS, source) {
      clock.at += afterS * 1000;
      const fix = { lat: stop.address.lat + metresNorth / 111_320, lng: stop.address.lng };
      await c.api.reportPosition(source ? { ...fix, source } : fix);
    },
    // The core's own snapshot: what the UI would show now, with every pending patch flushed.
    offer: async () => (await c.api.snapshot()).state.arrival.offer,
  };
}

/** Standing `metres` from the stop, a fix every 5 s for `seconds`. */
async function stand(run: Run, stop: Stop, metres: number, seconds: number) {
  for (let s = 0; s < seconds; s += 5) await run.at(stop, metres, 5);
}

describe('arrival noticed by the phone', () => {
  it('offers Arrived on the next stop after 20 s standing inside the radius, not before', async () => {
    const run = await started(on, true);
    const [first] = run.stops;
    await run.at(first!, 30, 0);
    await stand(run, first!, 30, 15);
    expect(await run.offer()).toBeNull();
    await run.at(first!, 30, 5);
    expect(await run.offer()).toEqual({ stopId: first!.id });
    // The driver drives off: a fix outside the radius takes the prompt away.
    await run.at(first!, 400, 5);
    expect(await run.offer()).toBeNull();
  });

  it('is not offered while moving fast inside the radius, nor while standing outside it', async () => {
    const run = await started(on, true);
    const [first] = run.stops;
    // Circling the block at about 10 m/s, every fix inside the 50 m radius, for 40 s.
    for (let i = 0; i <= 8; i++) await run.at(first!, i % 2 === 0 ? -25 : 25, i === 0 ? 0 : 5);
    expect(await run.offer()).toBeNull();
    await stand(run, first!, 80, 40);
    expect(await run.offer()).toBeNull();
  });

  it('is never offered for a stop already done, and an offer goes once its stop is completed', async () => {
    const run = await started(on, true);
    const [first, second] = run.stops;
    await run.at(first!, 0, 0);
    await stand(run, first!, 0, 20);
    expect(await run.offer()).toEqual({ stopId: first!.id });
    expect(await run.c.api.completeStop(first!.id, { status: 'finished' })).toEqual({ ok: true });
    expect(await run.offer()).toBeNull();
    // Still standing at the stop just done: the next stop is elsewhere, and the done one is not offered again.
    await stand(run, first!, 0, 40);
    expect(await run.offer()).toBeNull();
    // Selecting the done stop's card does not bring it back either.
    await run.c.api.selectStop(first!.id);
    await stand(run, first!, 0, 25);
    expect(await run.offer()).toBeNull();
    await run.c.api.selectStop(second!.id);
    await run.at(second!, 10, 0);
    await stand(run, second!, 10, 20);
    expect(await run.offer()).toEqual({ stopId: second!.id });
  });

  it('stays dismissed for that stop until the driver leaves and comes back', async () => {
    const run = await started(on, true);
    const [first] = run.stops;
    await run.at(first!, 0, 0);
    await stand(run, first!, 0, 20);
    expect(await run.offer()).toEqual({ stopId: first!.id });
    await run.c.api.dismissArrival(first!.id);
    expect(await run.offer()).toBeNull();
    await stand(run, first!, 0, 40);
    expect(await run.offer()).toBeNull();
    await run.at(first!, 300, 30);
    // Back at a walk (300 m in 150 s): the returning fix itself is slow enough to count.
    await run.at(first!, 0, 150);
    await stand(run, first!, 0, 20);
    expect(await run.offer()).toEqual({ stopId: first!.id });
  });

  it('counts a standing phone that says nothing new: its last fix holds while the check runs', async () => {
    const timers = manualTimers();
    const run = await started(on, true, { timers });
    const [first] = run.stops;
    // Driving in (80 m in 10 s), then silence: nothing is forwarded while the driver does not move. The fast fix
    // alone never counts; the held ones after it do.
    await run.at(first!, 100, 0, 'wrapper');
    await run.at(first!, 20, 10, 'wrapper');
    for (let s = 0; s < 25; s += 5) {
      expect(await run.offer()).toBeNull();
      run.clock.at += 5000;
      timers.fireAll();
    }
    expect(await run.offer()).toEqual({ stopId: first!.id });
  });

  it('is off by default: without the route’s setting, or without the plan’s flag', async () => {
    for (const [driver, setting] of [
      [on, false],
      [planOff, true],
    ] as const) {
      const run = await started(driver, setting);
      const [first] = run.stops;
      await run.at(first!, 0, 0);
      await stand(run, first!, 0, 40);
      expect(await run.offer()).toBeNull();
    }
  });
});
