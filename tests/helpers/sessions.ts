/**
 * A signed-in driver with a route, and shared-link tokens: the starting point of the route, stop and access
 * tests. Links are made the way the dispatcher's link call makes them (a links row and a signed link token).
 */
import { randomUUID } from 'node:crypto';
import type { CreateRouteRequest } from '../../src-shared/protocol/dispatch.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { type DriverFixture, makeDriver, makeRoute, signIn } from './fixtures.ts';
import type { TestServer } from './server.ts';

export interface RouteSession {
  driver: DriverFixture;
  token: string;
  routeId: number;
  projectId: number;
  /** The route's stop ids in order: start, deliveries, end. */
  stopIds: number[];
  /** `/v1/projects/{projectId}/routes/{routeId}` */
  path: string;
}

export async function makeLink(t: TestServer, routeId: number): Promise<string> {
  const { db, tokens } = t.server.ctx;
  const route = await db
    .selectFrom('routes')
    .select(['project_id', 'organisation_id'])
    .where('id', '=', routeId)
    .executeTakeFirstOrThrow();
  const linkId = randomUUID();
  await db
    .insertInto('links')
    .values({ id: linkId, route_id: routeId, created_at: new Date().toISOString(), revoked_at: null })
    .execute();
  return tokens.signLink({ linkId, routeId, projectId: route.project_id, organisationId: route.organisation_id });
}

/** A route for `driver` (a new driver in a new organisation when not given), and the driver's access token. */
export async function routeSession(
  t: TestServer,
  input: Partial<CreateRouteRequest> = {},
  driver?: DriverFixture,
): Promise<RouteSession> {
  const owner = driver ?? (await makeDriver(t));
  const { routeId, projectId } = await makeRoute(t, owner, input);
  const { accessToken } = await signIn(t, owner.email);
  const stops = await t.server.ctx.db
    .selectFrom('stops')
    .select('id')
    .where('route_id', '=', routeId)
    .orderBy('position')
    .execute();
  return {
    driver: owner,
    token: accessToken,
    routeId,
    projectId,
    stopIds: stops.map((s) => s.id),
    path: `/v1/projects/${projectId}/routes/${routeId}`,
  };
}

/** Starts the session's route and returns the route as answered. */
export async function startRoute(t: TestServer, s: RouteSession, token = s.token): Promise<Route> {
  const res = await t.request<Route[]>('POST', s.path, { token, body: { status: 'in_progress' } });
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0]!;
}

/** POST .../services/{id} for the stop at `index` of the session's route. */
export const updateStop = (t: TestServer, s: RouteSession, index: number, body: unknown, token = s.token) =>
  t.request<Route[]>('POST', `${s.path}/services/${s.stopIds[index]}`, { token, body });

/** The stop at `index` of the session's route, as a stop update or route status answer shows it. */
export const stopInAnswer = (res: { body: Route[] }, s: RouteSession, index: number) =>
  res.body[0]!.stops.find((x) => x.id === s.stopIds[index])!;

/** Row counts of what a stop update writes, to check that a refusal wrote nothing. */
export async function writtenRows(t: TestServer) {
  const { db } = t.server.ctx;
  const count = async (table: 'images' | 'completions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const done = await db
    .selectFrom('stops')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '!=', 'pending')
    .executeTakeFirstOrThrow();
  return { images: await count('images'), completions: await count('completions'), doneStops: Number(done.n) };
}
