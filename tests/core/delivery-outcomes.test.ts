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
import { jpegUrl, pngUrl } from '../helpers/images.ts';
import { startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
const ON: Partial<Plan> = { ft_failure_reasons: true, ft_delivery_places: true };

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { plan: ON }));
});

/** A started route whose settings turn both outcomes on (or off), open in the core. */
async function outcomeRoute(c: CoreHarness, on = true): Promise<{ routeId: number; stops: Stop[] }> {
  expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
  const { routeId, deliveries } = await startedRoute(suite.t, c, driver, {
    stops: stopsAroundUtrecht(3),
    publication_settings: { failure_reasons: on, delivery_places: on },
  });
  return { routeId, stops: deliveries };
}

const serverStop = async (routeId: number, stopId: number) => {
  const res = await suite.t.dispatch<{ stops: Stop[] }>('GET', `/v1/dispatch/routes/${routeId}`);
  return res.body.stops.find((s) => s.id === stopId);
};

describe('outcomes in the core', () => {
  it('refuses, before queueing, a reason without its photo, no reason, and a neighbour without a name', async () => {
    const c = await suite.core();
    const { stops } = await outcomeRoute(c);
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
    const { routeId, stops } = await outcomeRoute(c);
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
    const { stops } = await outcomeRoute(c, false);
    expect(await c.api.completeStop(stops[0]!.id, { status: 'skipped' })).toEqual({ ok: true });
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished' })).toEqual({ ok: true });
    expect(await c.api.completeStop(stops[2]!.id, { status: 'skipped', failure_reason: 'refused' })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'failure_reason_not_allowed',
    });
  });
});

describe('text that shows nothing, and a code read as typed, in the core (issue 44)', () => {
  /** A zero-width space, non-joiner, joiner, word joiner and byte order mark. */
  const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';
  const place = (over: Partial<DeliveryPlaceRecord>): DeliveryPlaceRecord => ({
    place: 'neighbour',
    neighbour_name: 'A. Bakker',
    neighbour_house_number: '14',
    safe_place: null,
    ...over,
  });

  /** A started route with every outcome and the signature on; its deliveries ask for a signed name and code SSSS. */
  async function codedRoute(c: CoreHarness): Promise<Stop[]> {
    const plan: Partial<Plan> = { ...ON, ft_delivery_codes: true, ft_signature_collection: true };
    const org = await makeOrganisation(suite.t, { plan, config: { require_name_with_signature: true } });
    const owner = await makeDriver(suite.t, org);
    expect(await c.api.signIn(owner.email, PASSWORD)).toMatchObject({ ok: true });
    const stops = stopsAroundUtrecht(2, { delivery_code: 'SSSS', requirements: { signature: true } });
    const { routeId } = await makeRoute(suite.t, owner, {
      date: localDate(new Date()),
      stops: stops.map((s) => (s.type === 'delivery' ? s : { ...s, delivery_code: null })),
      publication_settings: {
        failure_reasons: true,
        delivery_places: true,
        delivery_codes: true,
        signature_capture: true,
      },
    });
    expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    await c.until((s) => s.route?.status === 'ready');
    expect(await c.api.startRoute(null)).toEqual({ ok: true });
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    return state.route!.route!.stops.filter((s) => s.type === 'delivery');
  }

  it('refuses to queue outcome and proof texts of zero-width characters, and ßß as a code', async () => {
    const c = await suite.core();
    const [first] = await codedRoute(c);
    const signed = { signature: pngUrl(), signature_name: 'A. de Vries' };
    const refused = async (completion: StopCompletion, problem: string, field?: string) =>
      expect(await c.api.completeStop(first!.id, completion), problem).toEqual({
        ok: false,
        error: 'invalid_completion',
        message: problem,
        ...(field ? { field } : {}),
      });
    const delivered = (over: Partial<DeliveryPlaceRecord>, proofs: object = {}): StopCompletion => ({
      status: 'finished',
      delivery_place: place(over),
      proofs: { ...signed, ...proofs },
    });
    await refused(delivered({ neighbour_name: ZERO_WIDTH }), 'neighbour_name_required');
    await refused(delivered({ neighbour_house_number: ZERO_WIDTH }), 'neighbour_house_number_required');
    await refused(
      // With a code typed: a safe place does not stand in for it.
      { ...delivered({ place: 'safe_place', safe_place: ZERO_WIDTH }, { images: [jpegUrl()] }), delivery_code: 'SSSS' },
      'safe_place_required',
    );
    await refused({ status: 'skipped', failure_reason: 'other', completion_note: ZERO_WIDTH }, 'failure_note_required');
    await refused({ ...delivered({}), proofs: { ...signed, signature_name: ZERO_WIDTH } }, 'signature_name_required');
    // ßß upper-cases to SSSS, this stop's code: read as typed, it is no code, and no try reaches the server.
    const handed = delivered({ place: 'recipient', neighbour_name: null, neighbour_house_number: null });
    await refused({ ...handed, delivery_code: 'ßß' }, 'delivery_code_invalid', 'delivery_code');
    expect(c.state().outbox.unsent).toBe(0);
    const stored = await suite.t.server.ctx.db
      .selectFrom('stops')
      .select('delivery_code_wrong')
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(stored.delivery_code_wrong).toBe(0);
  });
});
