/**
 * The open route fetched from the server (src-worker/routes/route-fetch.ts), the core against the real server: a
 * route that is gone answers why, and with no answer the device's copy shows, or the failure when there is none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, makeRoute } from '../helpers/fixtures.ts';
import { openedRoute, signedInCore } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Route Co' }));
});

describe('fetching the open route', () => {
  it('answers route_expired for a route that is gone, and fetch_failed offline without a copy', async () => {
    const net = faultyFetch();
    const c = await signedInCore(suite, driver, { fetch: net.fetch });
    expect(await c.api.openRoute(987_654, { shared: false })).toMatchObject({ ok: false, error: 'route_expired' });
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    net.rule = () => 'offline';
    expect(await c.api.openRoute(routeId, { shared: false })).toMatchObject({ ok: false, error: 'fetch_failed' });
  });

  it('opens from the device’s copy when offline', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const net = faultyFetch();
    const first = await signedInCore(suite, driver, { dbName: newDbName(), fetch: net.fetch });
    await openedRoute(first, routeId);
    net.rule = () => 'offline';
    expect(await first.api.openRoute(routeId, { shared: false })).toMatchObject({ ok: false, error: 'offline' });
    const state = await first.until((s) => s.route?.status === 'ready' && s.route.fromCache);
    expect(state.route?.route?.id).toBe(routeId);
  });
});
