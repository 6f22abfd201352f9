/**
 * Online or offline (src-worker/core/connectivity.ts), the core against the real server: "No internet connection"
 * comes with the platform's word or with a request that found no answer, is said once while offline, and goes when
 * the network answers again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeOrganisation } from '../helpers/fixtures.ts';
import { signedInCore } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Outbox Co' }));
});

describe('connectivity', () => {
  it('says "no internet" when starting offline and when going offline, and drops it when back online', async () => {
    let reachable = false;
    const c = await suite.core({
      init: { online: false },
      fetch: (input, init) => (reachable ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    expect(c.state().notices.map((n) => n.kind)).toEqual(['no_internet']);
    reachable = true;
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.notices.length === 0 && s.connectivity.online);
    await c.api.setConnectivity({ online: false });
    reachable = false;
    const offline = await c.until((s) => s.notices.some((n) => n.kind === 'no_internet'));
    // Said once while offline: a flapping connection does not raise it again (a new id would re-show it).
    const said = offline.notices.find((n) => n.kind === 'no_internet')!;
    await c.api.setConnectivity({ online: false });
    await c.api.setConnectivity({ online: false });
    expect(c.state().notices).toEqual([said]);
  });

  it('believes the network over the browser: no answer means offline, an answer means online again', async () => {
    let reachable = true;
    const c = await signedInCore(suite, driver, {
      fetch: (input, init) => (reachable ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    // The list the core asked for at sign-in is done (a load in flight would be shared, answer and all): the
    // screen's first load returns when it is.
    expect(await c.api.loadRouteList()).toEqual({ ok: true });
    reachable = false;
    // The browser still says online (a dead cell), but the list gets no answer. (A refresh: a plain load would
    // take the answer of the list the core asked for at sign-in.)
    await c.api.loadRouteList({ refresh: true });
    await c.until((s) => !s.connectivity.online && s.notices.some((n) => n.kind === 'no_internet'));
    reachable = true;
    await c.api.loadRouteList({ refresh: true });
    await c.until((s) => s.connectivity.online && s.notices.length === 0);
  });
});
