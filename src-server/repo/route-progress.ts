/**
 * Starting and finishing a route, each in the caller's transaction. Every state check reads the route under
 * `lockRoute`, so two calls on the same route (a start and a stop update, two devices) cannot interleave.
 * Days and times of day are the organisation's (`timeZone`), never the server process's.
 */
import type { Kysely, Transaction } from 'kysely';
import type { LatLng } from '../../src-shared/domain/geo.ts';
import { etasFromNow } from '../../src-shared/domain/route-plan.ts';
import { wallClock } from '../../src-shared/domain/time-zone.ts';
import type { Route, TimeWindow, VehicleProfile } from '../../src-shared/protocol/entities.ts';
import type { RouteStatusRequest } from '../../src-shared/protocol/http.ts';
import type { Dialect } from '../db/migrations/001-initial.ts';
import type { Database, StopRow } from '../db/schema.ts';
import { badRequest, notFound } from '../domain/errors.ts';
import {
  ALREADY_FINISHED_MESSAGE,
  assertOnlyEndStopsLeft,
  isDone,
  NOT_STARTED_MESSAGE,
  startDateMessage,
} from '../domain/route-rules.ts';
import { markRouteChanged } from './route-version.ts';
import { loadRoute, loadStops, ROUTE_NOT_FOUND } from './routes.ts';

type Trx = Transaction<Database>;

/**
 * Reads the route's status and takes its row lock until the transaction ends. PostgreSQL needs FOR UPDATE;
 * SQLite has no row locks, but Kysely runs its transactions one at a time on the one connection.
 */
async function lockRoute(trx: Trx, dialect: Dialect, routeId: number) {
  const route = await trx
    .selectFrom('routes')
    .select(['status', 'vehicle_profile', 'started_at', 'finished_at'])
    .where('id', '=', routeId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!route) throw notFound(ROUTE_NOT_FOUND, 'id');
  return route;
}

/** Marks stops done by the route itself (its start on start, its end on finish) as finished now. */
async function finishStops(trx: Trx, stops: StopRow[], now: Date, timeZone: string) {
  const nowIso = now.toISOString();
  for (const stop of stops.filter((s) => !isDone(s.status)))
    await trx
      .updateTable('stops')
      .set({
        status: 'finished',
        finish_time: wallClock(now, timeZone).seconds,
        completed_at: nowIso,
        received_at: nowIso,
        updated_at: nowIso,
      })
      .where('id', '=', stop.id)
      .execute();
}

/**
 * New planned times for every stop still to do, from now and from `from` when the driver's position is known.
 * Planned times are seconds since midnight on the organisation's clocks, as the dispatcher planned them.
 */
async function replanPendingStops(
  trx: Trx,
  routeId: number,
  profile: VehicleProfile,
  now: Date,
  from: LatLng | null,
  timeZone: string,
) {
  const stops = await loadStops(trx, routeId);
  const etas = etasFromNow(
    stops.map((s) => ({
      lat: s.lat,
      lng: s.lng,
      service_time: s.service_time,
      time_windows: JSON.parse(s.time_windows) as TimeWindow[],
      done: isDone(s.status),
    })),
    wallClock(now, timeZone).seconds,
    profile,
    from,
  );
  for (const [i, stop] of stops.entries()) {
    const eta = etas[i];
    if (!eta || (eta.arr_time === stop.arr_time && eta.end_time === stop.end_time)) continue;
    await trx
      .updateTable('stops')
      .set({ arr_time: eta.arr_time, end_time: eta.end_time, updated_at: now.toISOString() })
      .where('id', '=', stop.id)
      .execute();
  }
}

/**
 * Starts the route: in progress, its start stop finished, ETAs from now. Starting a route already in progress
 * only plans its ETAs again, so a retried start is harmless.
 */
async function startRoute(
  trx: Trx,
  dialect: Dialect,
  routeId: number,
  now: Date,
  from: LatLng | null,
  timeZone: string,
) {
  const route = await lockRoute(trx, dialect, routeId);
  if (route.status === 'finished') throw badRequest(ALREADY_FINISHED_MESSAGE);
  const nowIso = now.toISOString();
  if (route.status !== 'in_progress') {
    const { project_date } = await trx
      .selectFrom('publication_settings')
      .select('project_date')
      .where('route_id', '=', routeId)
      .executeTakeFirstOrThrow();
    // Compared as days in the organisation's time zone: a route dated today may start at any hour of it.
    if (project_date > wallClock(now, timeZone).date) throw badRequest(startDateMessage(project_date));
    const starts = (await loadStops(trx, routeId)).filter((s) => s.type === 'start');
    await finishStops(trx, starts, now, timeZone);
  }
  await replanPendingStops(trx, routeId, route.vehicle_profile as VehicleProfile, now, from, timeZone);
  await markRouteChanged(trx, routeId, nowIso, { status: 'in_progress', started_at: route.started_at ?? nowIso });
}

/** Finishes the route once every stop but the end is done; finishing a finished route changes nothing. */
async function finishRoute(trx: Trx, dialect: Dialect, routeId: number, now: Date, timeZone: string) {
  const route = await lockRoute(trx, dialect, routeId);
  if (route.status === 'finished') return;
  if (route.status !== 'in_progress') throw badRequest(NOT_STARTED_MESSAGE);
  const stops = await loadStops(trx, routeId);
  assertOnlyEndStopsLeft(stops);
  await finishStops(
    trx,
    stops.filter((s) => s.type === 'end'),
    now,
    timeZone,
  );
  const nowIso = now.toISOString();
  await markRouteChanged(trx, routeId, nowIso, { status: 'finished', finished_at: nowIso });
}

/** The driver's start or finish, in a transaction of its own; answers the route as it is after. */
export async function changeRouteStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  change: { routeId: number; status: RouteStatusRequest['status']; now: Date; from: LatLng | null; timeZone: string },
): Promise<Route> {
  const { routeId, now, timeZone } = change;
  return db.transaction().execute(async (trx) => {
    if (change.status === 'in_progress') await startRoute(trx, dialect, routeId, now, change.from, timeZone);
    else await finishRoute(trx, dialect, routeId, now, timeZone);
    return (await loadRoute(trx, routeId, now.toISOString()))!;
  });
}
