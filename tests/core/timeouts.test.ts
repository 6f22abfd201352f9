/**
 * No call from the core waits for ever (issue 21): with the server answering nothing at all, every intent that
 * goes to the network settles within the core's request timeout, as offline, and the next call works once the
 * server answers again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { CoreHarness } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type FaultyFetch, faultyFetch } from '../helpers/faults.ts';
import { type DriverFixture, makeDriver, makeOrganisation, makeRoute, PASSWORD } from '../helpers/fixtures.ts';

// Short, yet long enough for a real answer from the in-process server on a loaded machine.
const TIMEOUT_MS = 1_000;
const suite = coreSuite();
let driver: DriverFixture;
let routeId: number;

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Stall Co' }));
  routeId = (await makeRoute(suite.t, driver, { date: localDate(new Date()) })).routeId;
});

async function stalledCore(): Promise<{ c: CoreHarness; faults: FaultyFetch }> {
  const faults = faultyFetch();
  const c = await suite.core({ fetch: faults.fetch, requestTimeoutMs: TIMEOUT_MS });
  await c.api.signIn(driver.email, PASSWORD);
  // The list the core asked for at sign-in is done before the server stalls (its answer would otherwise land in
  // the log, or a refresh would share it): the screen's first load returns when it is.
  await c.api.loadRouteList();
  faults.rule = () => 'hang';
  faults.log.length = 0;
  return { c, faults };
}

describe('a server that answers nothing', () => {
  it.each<[string, (c: CoreHarness) => Promise<unknown>]>([
    ['checkEmail', (c) => c.api.checkEmail('someone@example.com')],
    ['requestPasswordReset', (c) => c.api.requestPasswordReset('someone@example.com')],
    ['loadRouteList', (c) => c.api.loadRouteList({ refresh: true })],
    ['previewRoute', (c) => c.api.previewRoute(routeId)],
    ['openRoute', (c) => c.api.openRoute(routeId, { shared: false })],
  ])('%s settles as offline within the request timeout', async (_name, call) => {
    const { c, faults } = await stalledCore();
    const result = await call(c);
    // Every request it made was a hang; none is left waiting.
    expect(faults.log.length).toBeGreaterThan(0);
    expect(faults.log.every((line) => line.endsWith('-> hang'))).toBe(true);
    expect(result).not.toEqual({ ok: true });
    expect((await c.until((s) => s.connectivity.online === false)).connectivity.online).toBe(false);
  });

  it('the next call works once the server answers again', async () => {
    const { c, faults } = await stalledCore();
    await c.api.loadRouteList({ refresh: true });
    faults.rule = () => 'pass';
    expect(await c.api.loadRouteList({ refresh: true })).toEqual({ ok: true });
    const state = await c.until((s) => s.routeList.status === 'ready' && s.connectivity.online);
    expect(state.routeList.sections.new.flatMap((s) => s.routes.map((r) => r.route.id))).toContain(routeId);
  });
});
