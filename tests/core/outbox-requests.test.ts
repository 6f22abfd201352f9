/**
 * An item's send (src-worker/outbox/outbox-requests.ts, issue 12), the core against the real server: under its own
 * Idempotency-Key, so a replay after a lost answer counts as sent and writes nothing twice; with the send's own
 * timeout, so a hanging request holds up nothing; and with its sender's token, refreshed when it expired meanwhile.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion, manualTimers } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';
import { routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
let other: DriverFixture;
const today = localDate(new Date());

beforeAll(async () => {
  const org = await makeOrganisation(suite.t, { name: 'Outbox Co' });
  driver = await makeDriver(suite.t, org);
  other = await makeDriver(suite.t, org);
});

describe('replays', () => {
  it('an answer lost on the way, then the route reassigned: the replay counts as sent, nothing parked or doubled', async () => {
    const faults = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    faults.rule = (r) => (isCompletion(r) ? 'lose-answer' : 'pass');
    await c.api.completeStop(stops[0]!.id, { status: 'finished', completion_note: 'Kept' });
    await expect.poll(async () => (await routeCompletions(suite.t, routeId)).length).toBe(1);
    // The phone never heard back; meanwhile the route goes to another driver.
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    await suite.t.server.ctx.db
      .updateTable('routes')
      .set({ driver_id: other.driverId })
      .where('id', '=', routeId)
      .execute();
    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.outbox.unsent === 0);
    expect(c.state().outbox.parked).toEqual([]);
    expect(await routeCompletions(suite.t, routeId)).toHaveLength(1);
    const replays = faults.passed.filter(isCompletion);
    expect(replays.length).toBeGreaterThanOrEqual(2);
    expect(new Set(replays.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });
});

describe('transient failures retry', () => {
  it('a hanging request times out and does not block later completions', async () => {
    const faults = faultyFetch();
    const timers = manualTimers();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch, timers, sendTimeoutMs: 300 });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    let hang = true;
    faults.rule = (r) => (hang && isCompletion(r) ? 'hang' : 'pass');
    // completeStop answers once the completion is on the device, whatever the network does.
    expect(await c.api.completeStop(stops[0]!.id, { status: 'finished' })).toEqual({ ok: true });
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished' })).toEqual({ ok: true });
    // The stalled send gave up after its timeout and waits for its retry.
    await expect.poll(() => timers.pending).toBe(1);
    hang = false;
    await c.api.setConnectivity({ online: true });
    await expect.poll(async () => (await routeCompletions(suite.t, routeId)).length).toBe(2);
  });

  it('an access token that expires while items wait is refreshed, and the queue goes on', async () => {
    const faults = faultyFetch();
    let clock = Date.now();
    const server = await suite.server({ env: { ACCESS_TOKEN_TTL: '60' }, now: () => clock });
    const org = await makeOrganisation(server, {});
    const who = await makeDriver(server, org);
    const c = await suite.core({ baseUrl: server.url, fetch: faults.fetch });
    await c.api.signIn(who.email, PASSWORD);
    const { routeId } = await makeRoute(server, who, { date: today });
    await c.api.openRoute(routeId, { shared: false });
    await c.until((s) => s.route?.status === 'ready');
    await c.api.startRoute(null);
    const started = await c.until((s) => s.route?.route?.status === 'in_progress');
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    const stop = started.route!.route!.stops[1]!;
    await c.api.completeStop(stop.id, { status: 'finished' });
    clock += 120_000;
    faults.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    const rows = () =>
      server.server.ctx.db.selectFrom('completions').selectAll().where('stop_id', '=', stop.id).execute();
    // Until the server has it: the mirrored state alone once read "nothing unsent" while the send (with the
    // expired token, before its refresh) was still in flight, under a loaded CI.
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1), { timeout: 15_000, interval: 50 });
    await c.until((s) => s.outbox.unsent === 0 && s.route?.unsentStopIds.length === 0);
    // The requests and their answers in the message, should it fail.
    expect(
      faults.passed.some((r) => r.url.endsWith('/v1/token/refresh')),
      faults.log.join('\n'),
    ).toBe(true);
    expect(await rows()).toHaveLength(1);
  });
});
