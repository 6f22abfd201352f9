/** Reading and creating routes with their project, publication settings and stops. */
import type { Kysely, Transaction } from 'kysely';
import type { CreateRouteRequest, StopInput } from '../../src-shared/protocol/dispatch.ts';
import { PLAN_FLAGS, type Plan, type Route } from '../../src-shared/protocol/entities.ts';
import type { Principal } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import type { Database, NewStop, RouteRow, StopRow } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { planRoute } from '../domain/eta.ts';
import { STOP_NOT_FOUND_MESSAGE } from '../domain/route-rules.ts';
import { DEFAULT_REQUIREMENTS, type RouteRecord, serializeRoute, storedUnit } from './serialize.ts';

export { finishedListFrom, listProjectsForDriver } from './route-list.ts';

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

export const DEFAULT_PLAN: Plan = {
  name: 'Pro',
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<(typeof PLAN_FLAGS)[number], boolean>),
};

const bool = (v: boolean | undefined, fallback: boolean) => ((v ?? fallback) ? 1 : 0);

/** Seconds spent at a stop when the input gives none: nothing at the depot, five minutes elsewhere. */
const serviceTime = (input: StopInput) =>
  input.service_time ?? (input.type === 'start' || input.type === 'end' ? 0 : 300);

function stopRow(input: StopInput, routeId: number, position: number, updatedAt: string): NewStop {
  return {
    route_id: routeId,
    position,
    type: input.type ?? 'delivery',
    status: input.status ?? 'pending',
    arr_time: input.arr_time ?? null,
    end_time: input.end_time ?? null,
    finish_time: null,
    service_time: serviceTime(input),
    duration: input.duration ?? Math.round(serviceTime(input) / 60),
    days_on_the_road: input.days_on_the_road ?? 0,
    lat: input.lat,
    lng: input.lng,
    street: input.street ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
    recipient_name: input.recipient_name ?? null,
    recipient_phone: input.recipient_phone ?? null,
    notes: input.notes ?? null,
    time_windows: JSON.stringify(input.time_windows ?? []),
    units: JSON.stringify((input.units ?? []).map((u) => storedUnit(u))),
    requirements: JSON.stringify({ ...DEFAULT_REQUIREMENTS, ...input.requirements }),
    image_ids: '[]',
    signature_image_id: null,
    signature_name: null,
    age_verified: 0,
    recipient_date_of_birth: null,
    recipient_note: null,
    completion_note: null,
    cleaning_status: null,
    cleaning_definition: null,
    sticker: null,
    completed_at: null,
    received_at: null,
    updated_at: updatedAt,
    removed_at: null,
  };
}

/** Seconds since midnight at which a planned route starts when the input gives no times. */
export const DEFAULT_START_SECONDS = 8 * 3600;

/** Creates a route (and its project when none is named) in the caller's transaction; returns its id. */
export async function createRoute(trx: Transaction<Database>, input: CreateRouteRequest, nowIso: string) {
  let projectId = input.project_id;
  let date = input.date;
  if (projectId === undefined) {
    date ??= nowIso.slice(0, 10);
    const project = await trx
      .insertInto('projects')
      .values({
        organisation_id: input.organisation_id,
        name: input.project_name ?? `Routes ${date}`,
        date,
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectId = project.id;
  } else {
    const project = await trx
      .selectFrom('projects')
      .select(['date', 'organisation_id'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project || project.organisation_id !== input.organisation_id)
      throw notFound('No project found with this id', 'project_id');
    date = project.date;
  }
  const profile = input.vehicle_profile ?? 'car';
  const firstArr = input.stops[0]?.arr_time ?? DEFAULT_START_SECONDS;
  const plan = planRoute(
    input.stops.map((s) => ({
      lat: s.lat,
      lng: s.lng,
      service_time: serviceTime(s),
      time_windows: s.time_windows ?? [],
    })),
    firstArr,
    profile,
  );
  const index =
    input.index ??
    Number(
      (
        await trx
          .selectFrom('routes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    ) + 1;
  const route = await trx
    .insertInto('routes')
    .values({
      project_id: projectId,
      organisation_id: input.organisation_id,
      driver_id: input.driver_id ?? null,
      index,
      vehicle_name: input.vehicle_name ?? null,
      vehicle_profile: profile,
      status: input.status ?? 'optimized',
      completion_time: plan.completionTime,
      distances: JSON.stringify({ total: plan.totalMetres, legs: plan.legs }),
      end_location_defined: bool(input.end_location_defined, input.stops.at(-1)?.type === 'end'),
      started_at: null,
      finished_at: null,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ps = input.publication_settings ?? {};
  await trx
    .insertInto('publication_settings')
    .values({
      route_id: route.id,
      project_date: ps.project_date ?? date!,
      fulfill_stops_in_any_order: bool(ps.fulfill_stops_in_any_order, false),
      photo_collection: bool(ps.photo_collection, true),
      completion_notes: bool(ps.completion_notes, true),
      signature_capture: bool(ps.signature_capture, true),
      age_verification: bool(ps.age_verification, true),
      barcode_scanning: bool(ps.barcode_scanning, true),
    })
    .execute();
  if (input.stops.length > 0) {
    const rows = input.stops.map((s, i) => {
      const row = stopRow(s, route.id, i, nowIso);
      row.arr_time ??= plan.times[i]!.arr_time;
      row.end_time ??= plan.times[i]!.end_time;
      return row;
    });
    // Chunked: SQLite caps the number of bound parameters in one statement.
    for (let i = 0; i < rows.length; i += 25)
      await trx
        .insertInto('stops')
        .values(rows.slice(i, i + 25))
        .execute();
  }
  return route.id;
}
