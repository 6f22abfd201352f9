/**
 * Opening a route (src-worker/routes/route-opening.ts), the core against the real server: the route shows with its
 * first open stop active and its planned line, the device's copy shows at once while the server is asked, and the
 * copy's line is asked for beside the route, not one round trip after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeOrganisation, makeRoute } from '../helpers/fixtures.ts';
import { openedRoute, signedInCore } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Route Co' }));
});

describe('opening a route', () => {
  it('shows the route, the first open stop active, and the decoded planned line', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const c = await signedInCore(suite, driver);
    const state = await openedRoute(c, routeId);
    expect(state.route?.route?.stops).toHaveLength(5);
    expect(state.route?.activeStopId).toBe(state.route?.route?.stops[0]?.id);
    const withLine = await c.until((s) => (s.route?.line?.length ?? 0) > 0);
    expect(withLine.route?.lineIsFallback).toBe(true);
    expect(withLine.route?.line?.[0]?.[0]).toBeCloseTo(5.1214, 3); // [lng, lat]
  });

  it('asks for the line of the device’s copy beside the route, not after its answer, and only once', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const lineAsks: string[] = [];
    let lineAsked: (() => void) | null = null;
    let asked: Promise<boolean> = Promise.resolve(false);
    let holding = false;
    let askedWhileHeld: boolean | null = null;
    // While `holding`, the route's answer waits (bounded) for the line to be asked for: with the line asked for
    // only after the route has answered, the bound ends the wait and the test fails.
    const holdingFetch: typeof fetch = async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path === '/v1/osrmb') {
        lineAsks.push(path);
        lineAsked?.();
      }
      const answer = fetch(input, init);
      if (holding && path === `/v1/projects/routes/${routeId}`)
        askedWhileHeld = await Promise.race([asked, new Promise<boolean>((r) => setTimeout(r, 5_000, false))]);
      return answer;
    };
    const c = await signedInCore(suite, driver, { fetch: holdingFetch });
    await openedRoute(c, routeId);
    await c.until((s) => (s.route?.line?.length ?? 0) > 0);
    await c.api.closeRoute();
    lineAsks.length = 0;

    asked = new Promise<boolean>((resolve) => {
      lineAsked = () => resolve(true);
    });
    holding = true;
    await openedRoute(c, routeId);
    await c.until((s) => (s.route?.line?.length ?? 0) > 0 && s.route?.busy === null);
    expect(askedWhileHeld).toBe(true);
    // The server's answer has the same stops: the line is not asked for twice.
    expect(lineAsks).toHaveLength(1);
  });

  it('shows the device’s copy at once while the server is asked, then the server’s answer', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const first = await signedInCore(suite, driver, { dbName: newDbName() });
    await openedRoute(first, routeId);
    await first.api.closeRoute();
    // The dispatcher renames the vehicle meanwhile: the copy shows first (not as an offline fallback), then the news.
    await suite.t.server.ctx.db
      .updateTable('routes')
      .set({ vehicle_name: 'Van 2' })
      .where('id', '=', routeId)
      .execute();
    const seen: (string | null | undefined)[] = [];
    const opened = first.api.openRoute(routeId, { shared: false });
    await first.until((s) => {
      if (s.route?.status === 'ready') seen.push(s.route.route?.vehicle_name);
      return s.route?.route?.vehicle_name === 'Van 2';
    });
    expect(await opened).toEqual({ ok: true });
    expect(seen[0]).toBe('Van 1');
    const settled = await first.until((s) => s.route?.busy === null);
    expect(settled.route?.fromCache).toBe(false);
  });
});
