/**
 * Delivery outcomes through the core (issue 34, docs/delivery-outcomes.md): a skip's reason and a delivery's place
 * are checked by the shared outcome rules before anything is queued, wait on the device while offline, and reach the
 * server with the completion (the reason's photo with it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { StopCompletion } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DeliveryPlaceRecord, Plan, Stop } from '../../src-shared/protocol/entities.ts';
import type { CoreHarness } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';

const suite = coreSuite();
let driver: DriverFixture;
const ON: Partial<Plan> = { ft_failure_reasons: true, ft_delivery_places: true };

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { plan: ON }));
});

/** A started route whose settings turn both outcomes on (or off), open in the core. */
async function startedRoute(c: CoreHarness, on = true): Promise<{ routeId: number; stops: Stop[] }> {
  expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
  const { routeId } = await makeRoute(suite.t, driver, {
    date: localDate(new Date()),
    stops: stopsAroundUtrecht(3),
    publication_settings: { failure_reasons: on, delivery_places: on },
  });
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  await c.until((s) => s.route?.status === 'ready');
  expect(await c.api.startRoute(null)).toEqual({ ok: true });
  const state = await c.until((s) => s.route?.route?.status === 'in_progress');
  return { routeId, stops: state.route!.route!.stops.filter((s) => s.type === 'delivery') };
}

const serverStop = async (routeId: number, stopId: number) => {
  const res = await suite.t.dispatch<{ stops: Stop[] }>('GET', `/v1/dispatch/routes/${routeId}`);
  return res.body.stops.find((s) => s.id === stopId);
};

describe('outcomes in the core', () => {
  it('refuses, before queueing, a reason without its photo, no reason, and a neighbour without a name', async () => {
    const c = await suite.core();
    const { stops } = await startedRoute(c);
    const [first] = stops;
    const refused = async (completion: Parameters<typeof c.api.completeStop>[1], problem: string) =>
      expect(await c.api.completeStop(first!.id, completion)).toEqual({
        ok: false,
        error: 'invalid_completion',
        message: problem,
      });
    await refused({ status: 'skipped', failure_reason: 'not_at_home' }, 'failure_photo_required');
    await refused({ status: 'skipped' }, 'failure_reason_required');
    await refused({ status: 'finished' }, 'delivery_place_required');
    await refused(
      {
        status: 'finished',
        delivery_place: { place: 'neighbour', neighbour_name: ' ', neighbour_house_number: '14', safe_place: null },
      },
      'neighbour_name_required',
    );
    expect(c.state().outbox.unsent).toBe(0);
  });

  it('a skip with its reason and photo, made offline, reaches the server once back online; a neighbour too', async () => {
    const faults = faultyFetch();
    const c = await suite.core({ fetch: faults.fetch });
    const { routeId, stops } = await startedRoute(c);
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    const skip: StopCompletion = { status: 'skipped', failure_reason: 'not_at_home', proofs: { images: [jpegUrl()] } };
    expect(await c.api.completeStop(stops[0]!.id, skip)).toEqual({ ok: true });
    const neighbour: DeliveryPlaceRecord = {
      place: 'neighbour',
      neighbour_name: 'A. Bakker',
      neighbour_house_number: '14',
      safe_place: null,
    };
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished', delivery_place: neighbour })).toEqual({
      ok: true,
    });
    // Both wait on the device (the patches may land after the intents' answers).
    await c.until((s) => s.outbox.unsent === 2);

    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.outbox.unsent === 0);
    expect(faults.passed.filter(isCompletion)).toHaveLength(2);
    const skipped = await serverStop(routeId, stops[0]!.id);
    expect(skipped).toMatchObject({ status: 'skipped', failure_reason: 'not_at_home' });
    expect(skipped!.images).toHaveLength(1);
    expect(await serverStop(routeId, stops[1]!.id)).toMatchObject({ status: 'finished', delivery_place: neighbour });
  });

  it("keeps the spec's flows where the route has neither outcome", async () => {
    const c = await suite.core();
    const { stops } = await startedRoute(c, false);
    expect(await c.api.completeStop(stops[0]!.id, { status: 'skipped' })).toEqual({ ok: true });
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished' })).toEqual({ ok: true });
    expect(await c.api.completeStop(stops[2]!.id, { status: 'skipped', failure_reason: 'refused' })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'failure_reason_not_allowed',
    });
  });
});
