/**
 * One pass over a route's queue (src-worker/outbox/queue-pass.ts, issue 12), the core against the real server: items
 * sent in order, a refusal parked with the server's words and the rest sent on, and a 5xx blamed on an item only
 * when the server answers other calls; an outage parks nothing and backs off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion, manualTimers } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Outbox Co' }));
});

describe('refusals are parked, never dropped unseen', () => {
  it('a 404 after a reassign parks the item with the server’s words and tells the driver; the rest go on', async () => {
    const faults = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    await c.api.completeStop(stops[0]!.id, { status: 'finished', completion_note: 'At the back door' });
    // The first stop goes from the database while the completion waits (by hand: the dispatcher's removal keeps the
    // row and takes the completion, removed-stop.test.ts), so the server answers 404 Stop not found.
    await suite.t.server.ctx.db.deleteFrom('stops').where('id', '=', stops[0]!.id).execute();
    await c.api.completeStop(stops[1]!.id, { status: 'finished' });
    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    const state = await c.until((s) => s.outbox.parked.length === 1 && s.outbox.unsent === 0);
    const parked = state.outbox.parked[0]!;
    expect(parked).toMatchObject({
      stopId: stops[0]!.id,
      status: 'finished',
      completionNote: 'At the back door',
      reason: 'not_found',
      httpStatus: 404,
      field: 'service',
      stop: { number: 1 },
    });
    expect(state.notices).toContainEqual(expect.objectContaining({ kind: 'completion_refused', ref: parked.id }));
    // The next stop still reached the server.
    expect((await routeCompletions(suite.t, routeId)).map((r) => r.stop_id)).toEqual([stops[1]!.id]);
  });

  it('a 500 for one item only is parked once the server answers other calls; an outage parks nothing', async () => {
    const faults = faultyFetch();
    const timers = manualTimers();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch, timers });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    // An outage: every call answers 503 for a while. Nothing is parked, retries back off.
    faults.rule = () => ({ status: 503, message: 'Down' });
    await c.api.completeStop(stops[0]!.id, { status: 'finished' });
    await c.api.completeStop(stops[1]!.id, { status: 'finished' });
    for (let i = 0; i < 5; i++) {
      await expect.poll(() => timers.pending).toBe(1);
      timers.fireAll();
    }
    await expect.poll(() => timers.pending).toBe(1);
    expect(c.state().outbox.parked).toEqual([]);
    expect(timers.delays.slice(0, 4).every((d, i, all) => i === 0 || d >= all[i - 1]! / 2)).toBe(true);
    expect(await routeCompletions(suite.t, routeId)).toEqual([]);

    // Back, but the first item makes the server fail every time: it is parked, the second arrives after it.
    faults.rule = (r) =>
      isCompletion(r) && r.url.endsWith(`/${stops[0]!.id}`) ? { status: 500, message: 'Internal error' } : 'pass';
    timers.fireAll();
    const state = await c.until((s) => s.outbox.parked.length === 1 && s.outbox.unsent === 0);
    expect(state.outbox.parked[0]).toMatchObject({ stopId: stops[0]!.id, reason: 'server_error', httpStatus: 500 });
    expect((await routeCompletions(suite.t, routeId)).map((r) => r.stop_id)).toEqual([stops[1]!.id]);
  });
});
