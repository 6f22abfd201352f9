/**
 * Every queue of this session sent at once (src-worker/outbox/queue-sweep.ts, issue 12), the core against the real
 * server: only the session that made an item sends it (another driver on the same phone never does), and at start-up
 * every route's queue goes, not only the open route's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch, isCompletion } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, PASSWORD, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { routeCompletions, signedInCore, startedRoute } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
let other: DriverFixture;

beforeAll(async () => {
  const org = await makeOrganisation(suite.t, { name: 'Outbox Co' });
  driver = await makeDriver(suite.t, org);
  other = await makeDriver(suite.t, org);
});

describe('who sends a queue', () => {
  it('another driver signing in on the same phone never sends the first driver’s items; the first one does', async () => {
    const faults = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch, dbName: newDbName() });
    const { routeId, deliveries: stops } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(4) });
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    await c.api.completeStop(stops[0]!.id, { status: 'finished' });
    await c.api.signOut();
    faults.rule = () => 'pass';
    await c.api.signIn(other.email, PASSWORD);
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.session.driver?.id === other.driverId);
    await new Promise((r) => setTimeout(r, 200));
    expect(faults.passed.filter(isCompletion)).toEqual([]);
    expect(c.state().outbox.unsent).toBe(0);

    await c.api.signOut();
    await c.api.signIn(driver.email, PASSWORD);
    await c.until((s) => s.session.driver?.id === driver.driverId);
    await expect
      .poll(async () => (await routeCompletions(suite.t, routeId)).map((r) => r.stop_id))
      .toEqual([stops[0]!.id]);
    expect((await routeCompletions(suite.t, routeId))[0]!.principal).toBe(`driver:${driver.driverId}`);
  });

  it('at start-up every route’s queue is sent, not only the open one', async () => {
    const faults = faultyFetch();
    const dbName = newDbName();
    const c = await signedInCore(suite, driver, { fetch: faults.fetch, dbName });
    const a = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(2) });
    const b = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(2) });
    faults.rule = (r) => (isCompletion(r) ? 'offline' : 'pass');
    await c.api.openRoute(a.routeId, { shared: false });
    await c.until((s) => s.route?.routeId === a.routeId && s.route.status === 'ready');
    await c.api.completeStop(a.deliveries[0]!.id, { status: 'finished' });
    await c.api.openRoute(b.routeId, { shared: false });
    await c.until((s) => s.route?.routeId === b.routeId && s.route.status === 'ready');
    await c.api.completeStop(b.deliveries[0]!.id, { status: 'finished' });
    await c.close();
    // A new start (a reload) with the network back: both queues go, with no route opened.
    const again = await signedInCore(suite, driver, { dbName });
    await expect
      .poll(
        async () =>
          (await routeCompletions(suite.t, a.routeId)).length + (await routeCompletions(suite.t, b.routeId)).length,
      )
      .toBe(2);
    await again.until((s) => s.outbox.unsent === 0);
  });
});
