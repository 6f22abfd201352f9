/**
 * The route setups the core's service tests share (issue 46: written once, not once per file): a core signed in as
 * a driver, a route opened in it, a route started, and what the server stored of its completions.
 *
 *   const suite = coreSuite();
 *   const c = await signedInCore(suite, driver, { fetch: faults.fetch });
 *   const { routeId, stops, deliveries } = await startedRoute(suite.t, c, driver, { stops: stopsAroundUtrecht(2) });
 */
import { expect } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import type { AppState } from '../../src-shared/state/app-state.ts';
import type { CoreHarness, CoreOptions } from './core.ts';
import type { CoreSuite } from './core-suite.ts';
import { type DriverFixture, makeRoute, PASSWORD } from './fixtures.ts';
import type { TestServer } from './server.ts';

/** A core of the suite signed in as `who` (a reload of a signed-in device is left as it is). */
export async function signedInCore(
  suite: CoreSuite,
  who: DriverFixture,
  options: Partial<CoreOptions> = {},
): Promise<CoreHarness> {
  const c = await suite.core(options);
  if (c.state().session.status !== 'signed_in') await c.api.signIn(who.email, PASSWORD);
  return c;
}

/** Opens the route in the core as the route view does, and waits until it shows. */
export async function openedRoute(c: CoreHarness, routeId: number): Promise<AppState> {
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  return c.until((s) => s.route?.status === 'ready');
}

export interface StartedRoute {
  routeId: number;
  /** Every stop as the started route shows them (start and end included). */
  stops: Stop[];
  /** Its deliveries, in order. */
  deliveries: Stop[];
}

/** A route of `who` made on `server` (today's, unless `shape` says otherwise), opened in the core and started. */
export async function startedRoute(
  server: TestServer,
  c: CoreHarness,
  who: DriverFixture,
  shape: Parameters<typeof makeRoute>[2] = {},
): Promise<StartedRoute> {
  const { routeId } = await makeRoute(server, who, { date: localDate(new Date()), ...shape });
  await openedRoute(c, routeId);
  expect(await c.api.startRoute(null)).toEqual({ ok: true });
  const state = await c.until((s) => s.route?.route?.status === 'in_progress');
  const stops = state.route!.route!.stops;
  return { routeId, stops, deliveries: stops.filter((s) => s.type === 'delivery') };
}

/** The completions the server stored for the route, in the order it stored them. */
export const routeCompletions = (server: TestServer, routeId: number) =>
  server.server.ctx.db.selectFrom('completions').selectAll().where('route_id', '=', routeId).orderBy('id').execute();

/** The completions the server stored for the stop. */
export const stopCompletions = (server: TestServer, stopId: number) =>
  server.server.ctx.db.selectFrom('completions').selectAll().where('stop_id', '=', stopId).execute();

/** Once nothing waits in the outbox and no stop of the open route shows unsent. */
export const outboxIdle = (c: CoreHarness) =>
  c.until((s) => s.outbox.unsent === 0 && (s.route?.unsentStopIds.length ?? 0) === 0);
