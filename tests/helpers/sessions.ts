/**
 * A signed-in driver with a route, and shared-link tokens: the starting point of the route, stop and access
 * tests. Links are made the way the dispatcher's link call makes them (a links row and a signed link token).
 */
import { randomUUID } from 'node:crypto';
import type { CreateRouteRequest } from '../../src-shared/protocol/dispatch.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { type DriverFixture, makeDriver, makeRoute, signIn } from './fixtures.ts';
import { jpegUrl } from './images.ts';
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

/** A route session (routeSession) whose route is started: where the stop update tests begin. */
export async function startedSession(
  t: TestServer,
  input: Partial<CreateRouteRequest> = {},
  driver?: DriverFixture,
): Promise<RouteSession> {
  const s = await routeSession(t, input, driver);
  await startRoute(t, s);
  return s;
}

/** A call of the driver API, as the access tests make it with every kind of caller. */
export interface RouteCall {
  name: string;
  method: string;
  path: string;
  body?: unknown;
}

/**
 * A started route of today whose first delivery is done with a photo, and the driver API's calls on that route: read
 * it, start it, a location, an event, a stop update, and the photo. The access tests make each of them with tokens
 * that must not reach the route (access.test.ts, reliability/auth-matrix.test.ts).
 */
export async function routeWithCalls(t: TestServer, date: string): Promise<{ s: RouteSession; calls: RouteCall[] }> {
  const s = await startedSession(t, { date });
  const done = await updateStop(t, s, 1, { status: 'finished', images: { '0': jpegUrl() } });
  if (done.status !== 200) throw new Error(`delivery failed: ${done.status} ${JSON.stringify(done.body)}`);
  const image = stopInAnswer(done, s, 1).images[0]!;
  const calls: RouteCall[] = [
    { name: 'route', method: 'GET', path: `/v1/projects/routes/${s.routeId}` },
    { name: 'start', method: 'POST', path: s.path, body: { status: 'in_progress' } },
    { name: 'location', method: 'PATCH', path: `${s.path}/location`, body: { lat: '52.1', lng: '5.1' } },
    {
      name: 'events',
      method: 'POST',
      path: `${s.path}/events`,
      body: { type: 'service_change', data: { status: 'finished', service_id: s.stopIds[2] } },
    },
    { name: 'stop', method: 'POST', path: `${s.path}/services/${s.stopIds[2]}`, body: { status: 'finished' } },
    { name: 'image', method: 'GET', path: image },
  ];
  return { s, calls };
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
