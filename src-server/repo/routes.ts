/**
 * Reading routes with their project, publication settings and stops, and who may reach them. Creating a route is
 * route-creation.ts, the driver's route list route-list.ts; both are re-exported here.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { Principal } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import type { Database, RouteRow, StopRow } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { STOP_NOT_FOUND_MESSAGE } from '../domain/route-rules.ts';
import { type RouteRecord, serializeRoute } from './serialize.ts';

export type Q = Kysely<Database> | Transaction<Database>;

export const ROUTE_NOT_FOUND = 'No route found with this id';

/** `lock`: the route's row is locked for the caller's transaction (PostgreSQL; SQLite writers take turns anyway). */
export async function loadRouteRecord(db: Q, routeId: number, lock = false): Promise<RouteRecord | null> {
  const row = await db
    .selectFrom('routes')
    .innerJoin('projects', 'projects.id', 'routes.project_id')
    .selectAll('routes')
    .select(['projects.name as project_name', 'projects.date as project_date'])
    .where('routes.id', '=', routeId)
    .$if(lock, (q) => q.forUpdate('routes'))
    .executeTakeFirst();
  if (!row) return null;
  const settings = await db
    .selectFrom('publication_settings')
    .selectAll()
    .where('route_id', '=', routeId)
    .executeTakeFirstOrThrow();
  const { project_name, project_date, ...route } = row;
  return { route: route as RouteRow, projectName: project_name, projectDate: project_date, settings };
}

/** The stops on the route, in order: a stop the dispatcher removed is on no route, in no count and no order. */
export function loadStops(db: Q, routeId: number): Promise<StopRow[]> {
  return db
    .selectFrom('stops')
    .selectAll()
    .where('route_id', '=', routeId)
    .where('removed_at', 'is', null)
    .orderBy('position')
    .execute();
}

export async function loadRoute(db: Q, routeId: number, fetchedAt: string): Promise<Route | null> {
  const record = await loadRouteRecord(db, routeId);
  if (!record) return null;
  return serializeRoute(record, await loadStops(db, routeId), fetchedAt);
}

/** The route's own driver, or a link to this route; a project id in the path must match too. */
export function mayOpen(principal: Principal, record: RouteRecord | null, projectId?: number): record is RouteRecord {
  return (
    record !== null &&
    (projectId === undefined || record.route.project_id === projectId) &&
    (principal.kind === 'driver'
      ? record.route.organisation_id === principal.organisationId && record.route.driver_id === principal.driverId
      : record.route.id === principal.routeId)
  );
}

/**
 * The route if this caller may reach it; otherwise the same 404 as an unknown id (field "id"), so ids of
 * other drivers' routes cannot be probed.
 */
export async function routeFor(
  ctx: ServerContext,
  principal: Principal,
  routeId: number,
  projectId?: number,
  db: Q = ctx.db,
): Promise<RouteRecord> {
  const record = await loadRouteRecord(db, routeId);
  if (!mayOpen(principal, record, projectId)) throw notFound(ROUTE_NOT_FOUND, 'id');
  return record;
}

/**
 * 404 naming the service when the stop is not the route's. A stop the dispatcher removed is still found: a completion
 * queued for it before the removal is stored against it (repo/stop-completion.ts).
 */
export async function requireStopOnRoute(db: Q, routeId: number, stopId: number): Promise<void> {
  const stop = await db
    .selectFrom('stops')
    .select('id')
    .where('id', '=', stopId)
    .where('route_id', '=', routeId)
    .executeTakeFirst();
  if (!stop) throw notFound(STOP_NOT_FOUND_MESSAGE, 'service');
}
