/**
 * When a route's queue is flushed (src-worker/outbox/flush-scheduler.ts, issue 12), the core against the real
 * server: two tabs flushing the same queue take turns under its lock, so nothing is lost and nothing is sent twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inProcessLockRunner, type LockRunner } from '../../src-worker/base/locks.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion, manualTimers } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Outbox Co' }));
});

describe('two tabs', () => {
  it('two cores on one device, both completing and flushing the same route: nothing lost, nothing doubled', async () => {
    // The queue's lock, one for both cores as the Web Lock is for two tabs: who asked for it, and what it still runs.
    const shared = inProcessLockRunner();
    const asked = [0, 0];
    let running = 0;
    const tab =
      (index: number): LockRunner =>
      (name, task) => {
        asked[index]! += 1;
        running += 1;
        return shared(name, task).finally(() => {
          running -= 1;
        });
      };
    // While `holding`, completions wait here on their way to the server: a send stays in flight as long as the test
    // wants, so both tabs flush while it is (a double send then shows for sure, with no timing).
    const faults = faultyFetch();
    let holding = false;
    let held = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gated: typeof fetch = async (input, init) => {
      if (holding && isCompletion({ method: init?.method ?? 'GET', url: String(input), headers: {}, body: null })) {
        held += 1;
        await gate;
      }
      return faults.fetch(input, init);
    };
    const dbName = newDbName();
    // Retries wait for the test's timers, which never fire: each send here is one the test started.
    const one = await signedInCore(suite, driver, { dbName, locks: tab(0), fetch: gated, timers: manualTimers() });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, one, driver, { stops: stopsAroundUtrecht(4) });
    const two = await signedInCore(suite, driver, { dbName, locks: tab(1), fetch: gated, timers: manualTimers() });
    await two.api.openRoute(routeId, { shared: false });
    await two.until((s) => s.route?.status === 'ready');
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    await one.api.completeStop(stops[0]!.id, { status: 'finished' });
    await two.api.refreshRoute();
    await two.api.completeStop(stops[1]!.id, { status: 'finished' });
    await one.api.refreshRoute();
    await expect.poll(() => running, { message: 'the offline flushes are over' }).toBe(0);
    asked.fill(0);
    faults.rule = () => 'pass';
    holding = true;
    // Both come back online at once and flush the shared queue; the first completion sent waits at the gate, so
    // both items are still queued when each tab turns to the queue: it waits for the lock (or, with no lock held,
    // sends too, and a second request reaches the gate).
    await Promise.all([one.api.setConnectivity({ online: true }), two.api.setConnectivity({ online: true })]);
    await expect
      .poll(() => held > 1 || (held > 0 && asked.every((n) => n > 0)), {
        message: 'both tabs flush while a send is in flight',
      })
      .toBe(true);
    holding = false;
    release();
    await expect.poll(async () => running === 0 && (await routeCompletions(suite.t, routeId)).length === 2).toBe(true);
    const rows = await routeCompletions(suite.t, routeId);
    expect(rows.map((r) => r.stop_id).sort()).toEqual([stops[0]!.id, stops[1]!.id].sort());
    // Each completion was sent once, under its own key: the server would have answered a second send as a replay
    // (no second row), so only the requests show a double send.
    const keys = faults.passed.filter(isCompletion).map((r) => r.headers['idempotency-key']);
    expect(keys, faults.log.join('\n')).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
