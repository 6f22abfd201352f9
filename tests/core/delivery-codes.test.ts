/**
 * A recipient's delivery code through the core (issue 34, docs/delivery-outcomes.md): online, a typed code is tried
 * before anything is queued, so a wrong one is answered at the door with the tries left; offline it waits in the
 * outbox and the server checks it on sending, a wrong one then coming back as a completion not saved. A place that
 * stands in for the code sends none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import type { DeliveryPlaceRecord, Plan, Stop } from '../../src-shared/protocol/entities.ts';
import type { CoreHarness } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion, type Request } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, PASSWORD, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
const CODE = '4711';

beforeAll(async () => {
  const plan: Partial<Plan> = { ft_delivery_codes: true, ft_delivery_places: true };
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { plan }));
});

/** A started route, open in the core, whose deliveries each ask for CODE. */
async function codeRoute(c: CoreHarness): Promise<{ routeId: number; stops: Stop[] }> {
  expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
  const { routeId, deliveries } = await startedRoute(suite.t, c, driver, {
    stops: stopsAroundUtrecht(3, { delivery_code: CODE }).map((s) =>
      s.type === 'start' ? { ...s, delivery_code: null } : s,
    ),
    publication_settings: { delivery_codes: true, delivery_places: true },
  });
  return { routeId, stops: deliveries };
}

const HANDED: DeliveryPlaceRecord = {
  place: 'recipient',
  neighbour_name: null,
  neighbour_house_number: null,
  safe_place: null,
};
const isCodeTry = (r: Request) => r.method === 'POST' && r.url.endsWith('/delivery-code');

async function currentRecord(routeId: number, stopId: number) {
  const detail = await suite.t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${routeId}`);
  return detail.body.completions.find((c) => c.stop_id === stopId && c.current);
}

/** Waits until the core has sent the stop's completion and the server answered it. */
const sent = (c: CoreHarness, stopId: number) =>
  c.until(
    (s) =>
      s.route?.route?.stops.find((x) => x.id === stopId)?.status === 'finished' &&
      !s.route.unsentStopIds.includes(stopId),
  );

describe('delivery codes in the core', () => {
  it('refuses a missing code before queueing, and a wrong one at once with the tries left', async () => {
    const c = await suite.core();
    const { routeId, stops } = await codeRoute(c);
    const stopId = stops[0]!.id;
    expect(stops[0]).toMatchObject({ delivery_code_required: true, delivery_code_tries_left: 5 });
    expect(await c.api.completeStop(stopId, { status: 'finished', delivery_place: HANDED })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'delivery_code_required',
    });
    const wrong = { status: 'finished', delivery_place: HANDED, delivery_code: '1234' } as const;
    expect(await c.api.completeStop(stopId, wrong)).toEqual({
      ok: false,
      error: 'wrong_delivery_code',
      message: '4',
      field: 'delivery_code',
    });
    await c.until((s) => s.route?.route?.stops.find((x) => x.id === stopId)?.delivery_code_tries_left === 4);
    expect(c.state().outbox.unsent).toBe(0);
    expect(await currentRecord(routeId, stopId)).toBeUndefined();

    // Typed again, right, with a space: stored, and the record says the code was checked.
    const right = await c.api.completeStop(stopId, { ...wrong, delivery_code: '47 11' });
    expect(right).toEqual({ ok: true });
    await sent(c, stopId);
    expect((await currentRecord(routeId, stopId))?.body).toMatchObject({ delivery_code_checked: true });
  });

  it('offline, queues the code for the server to check; a wrong one comes back not saved', async () => {
    const faults = faultyFetch();
    const c = await suite.core({ fetch: faults.fetch });
    const { routeId, stops } = await codeRoute(c);
    faults.rule = (r) => (isCompletion(r) || isCodeTry(r) ? 'offline' : 'pass');
    const done = (code: string) => ({ status: 'finished', delivery_place: HANDED, delivery_code: code }) as const;
    expect(await c.api.completeStop(stops[0]!.id, done(CODE))).toEqual({ ok: true });
    expect(await c.api.completeStop(stops[1]!.id, done('9999'))).toEqual({ ok: true });
    await c.until((s) => s.outbox.unsent === 2);

    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    const state = await c.until((s) => s.outbox.parked.length === 1 && !s.route?.unsentStopIds.includes(stops[0]!.id));
    expect(state.outbox.parked[0]).toMatchObject({ stopId: stops[1]!.id });
    expect((await currentRecord(routeId, stops[0]!.id))?.body).toMatchObject({ delivery_code_checked: true });
    expect(await currentRecord(routeId, stops[1]!.id)).toBeUndefined();
  });

  it('offline as the core knows it, queues the code at once without trying it; the server checks it on sending', async () => {
    const faults = faultyFetch();
    const c = await suite.core({ fetch: faults.fetch });
    const { routeId, stops } = await codeRoute(c);
    // A dead cell: nothing reaches the server. Every code try is counted here, answered or not.
    const codeTries: Request[] = [];
    faults.rule = (r) => {
      if (isCodeTry(r)) codeTries.push(r);
      return 'offline';
    };
    await c.api.setConnectivity({ online: false });
    await c.until((s) => !s.connectivity.online);
    const stopId = stops[0]!.id;
    const res = await c.api.completeStop(stopId, { status: 'finished', delivery_place: HANDED, delivery_code: CODE });
    expect(res).toEqual({ ok: true });
    expect(codeTries).toHaveLength(0);
    await c.until((s) => s.outbox.unsent === 1);

    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    await sent(c, stopId);
    expect(codeTries).toHaveLength(0);
    expect(JSON.parse(faults.passed.find(isCompletion)!.body!)).toMatchObject({ delivery_code: CODE });
    expect((await currentRecord(routeId, stopId))?.body).toMatchObject({ delivery_code_checked: true });
  });

  it('sends no code with a neighbour, which stands in for it', async () => {
    const faults = faultyFetch();
    const c = await suite.core({ fetch: faults.fetch });
    const { routeId, stops } = await codeRoute(c);
    const neighbour: DeliveryPlaceRecord = {
      ...HANDED,
      place: 'neighbour',
      neighbour_name: 'A. Bakker',
      neighbour_house_number: '14',
    };
    // A code typed before the driver chose the neighbour is left out, wrong or not.
    const res = await c.api.completeStop(stops[0]!.id, {
      status: 'finished',
      delivery_place: neighbour,
      delivery_code: '0000',
    });
    expect(res).toEqual({ ok: true });
    await sent(c, stops[0]!.id);
    expect(faults.passed.filter(isCodeTry)).toHaveLength(0);
    const request = faults.passed.find(isCompletion)!;
    expect(JSON.parse(request.body!)).not.toHaveProperty('delivery_code');
    expect((await currentRecord(routeId, stops[0]!.id))?.body).toMatchObject({ delivery_code_checked: false });
  });
});
