/**
 * Items the server refused for good (src-worker/outbox/parked-items.ts, issue 12), the core against the real server:
 * parked one by one, the driver's Retry sends one again, Discard throws it away, and only a parked item can go.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Outbox Co' }));
});

describe('the driver’s Retry and Discard', () => {
  it('a 4xx refusal parks only that item; Retry sends it again, Discard throws it away', async () => {
    const faults = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    let refuse = true;
    faults.rule = (r) =>
      refuse && isCompletion(r) && r.url.endsWith(`/${stops[0]!.id}`)
        ? { status: 422, message: 'Not a real image' }
        : 'pass';
    await c.api.completeStop(stops[0]!.id, { status: 'finished' });
    await c.api.completeStop(stops[1]!.id, { status: 'finished' });
    const state = await c.until((s) => s.outbox.parked.length === 1 && s.outbox.unsent === 0);
    expect(state.outbox.parked[0]).toMatchObject({ reason: 'refused', httpStatus: 422, message: 'Not a real image' });
    expect((await routeCompletions(suite.t, routeId)).map((r) => r.stop_id)).toEqual([stops[1]!.id]);
    // The parked stop still shows as the driver left it, done on the phone (issue 31: it never holds up the next
    // door); finishing the route waits for it (tests/core/route-status.test.ts).
    await c.until((s) => s.route?.route?.stops.find((x) => x.id === stops[0]!.id)?.status === 'finished');

    refuse = false;
    expect(await c.api.retryCompletion(state.outbox.parked[0]!.id)).toEqual({ ok: true });
    await c.until((s) => s.outbox.parked.length === 0 && s.outbox.unsent === 0);
    expect((await routeCompletions(suite.t, routeId)).map((r) => r.stop_id).sort()).toEqual(
      [stops[0]!.id, stops[1]!.id].sort(),
    );

    faults.rule = (r) =>
      isCompletion(r) && r.url.endsWith(`/${stops[2]!.id}`) ? { status: 400, message: 'Bad' } : 'pass';
    await c.api.completeStop(stops[2]!.id, { status: 'finished' });
    const two = await c.until((s) => s.outbox.parked.length === 1);
    // Only parked items can be discarded, and only by the driver.
    expect(await c.api.discardCompletion(two.outbox.parked[0]!.id)).toEqual({ ok: true });
    await c.until((s) => s.outbox.parked.length === 0);
    expect(
      c.state().notices.filter((n) => n.kind === 'completion_refused' && n.ref === two.outbox.parked[0]!.id),
    ).toEqual([]);
  });
});
