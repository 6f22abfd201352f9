/**
 * What a dispatcher changes on a route while a driver works it. Each function runs in the caller's transaction, which
 * holds the route's lock, and marks the route changed (route-version.ts); the caller stages the matching socket event
 * in that transaction (changeRoute).
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { planInOrder } from '../../src-shared/domain/route-plan.ts';
import type {
  CreateRouteRequest,
  PublicationSettingsRequest,
  UpdateStopRequest,
} from '../../src-shared/protocol/dispatch.ts';
import type { PublicationSettings, Requirements, Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { Database, RouteRow, StopPatch } from '../db/schema.ts';
import { deliveryCodeHash } from '../domain/delivery-code.ts';
import { badRequest, conflict, notFound } from '../domain/errors.ts';
import { assertOfficeMayChangeStop, assertOfficeMayReplan, STOP_NOT_FOUND_MESSAGE } from '../domain/route-rules.ts';
import { DRIVER_NOT_FOUND, ORGANISATION_ID_NOT_FOUND } from './drivers.ts';
import { createRoute } from './route-creation.ts';
import { markRouteChanged } from './route-version.ts';
import { loadRoute, loadStops, ROUTE_NOT_FOUND } from './routes.ts';
import { changedUnits, DEFAULT_REQUIREMENTS, parseUnits, serializeSettings, serializeStop } from './serialize.ts';

type Trx = Transaction<Database>;

async function requireRoute(trx: Trx, routeId: number): Promise<RouteRow> {
  const route = await trx.selectFrom('routes').selectAll().where('id', '=', routeId).executeTakeFirst();
  if (!route) throw notFound(ROUTE_NOT_FOUND, 'id');
  return route;
}

/** Fields stored as they come; the JSON ones are handled below. */
const PLAIN_STOP_FIELDS = [
  'type',
  'status',
  'lat',
  'lng',
  'street',
  'city',
  'country',
  'recipient_name',
  'recipient_phone',
  'notes',
  'arr_time',
  'end_time',
  'service_time',
  'duration',
  'days_on_the_road',
  'completion_note',
  'recipient_note',
  'cleaning_status',
] as const satisfies readonly (keyof UpdateStopRequest & keyof StopPatch)[];

/** Changes the given fields of a stop of this route; requirements merge into the stored ones. */
export async function updateStop(
  trx: Trx,
  routeId: number,
  stopId: number,
  input: UpdateStopRequest,
  nowIso: string,
): Promise<Stop> {
  const route = await requireRoute(trx, routeId);
  const current = await trx
    .selectFrom('stops')
    .selectAll()
    .where('id', '=', stopId)
    .where('route_id', '=', routeId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!current) throw notFound('No stop found with this id on this route', 'service');
  assertOfficeMayChangeStop(route, current, input);
  const patch: StopPatch = { updated_at: nowIso };
  for (const key of PLAIN_STOP_FIELDS) {
    if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
  }
  if (input.time_windows) patch.time_windows = JSON.stringify(input.time_windows);
  const codeHash = deliveryCodeHash(input.delivery_code, 'delivery_code');
  // A code set again (or taken off) starts its count again: that is how the office unlocks a stop.
  if (codeHash !== undefined) Object.assign(patch, { delivery_code_hash: codeHash, delivery_code_wrong: 0 });
  if (input.units) patch.units = JSON.stringify(changedUnits(input.units, parseUnits(current.units)));
  if (input.requirements) {
    const stored = JSON.parse(current.requirements) as Partial<Requirements>;
    patch.requirements = JSON.stringify({ ...DEFAULT_REQUIREMENTS, ...stored, ...input.requirements });
  }
  await trx.updateTable('stops').set(patch).where('id', '=', stopId).execute();
  await markRouteChanged(trx, routeId, nowIso);
  const row = await trx.selectFrom('stops').selectAll().where('id', '=', stopId).executeTakeFirstOrThrow();
  return serializeStop(row);
}

/** "missing 12, 13; not on this route: 99; repeated: 4", or null when the list is exactly the route's stops. */
function orderProblems(routeStopIds: number[], requested: number[]): string | null {
  const onRoute = new Set(routeStopIds);
  const seen = new Set<number>();
  const repeated = new Set<number>();
  const foreign: number[] = [];
  for (const id of requested) {
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
    if (!onRoute.has(id)) foreign.push(id);
  }
  const missing = routeStopIds.filter((id) => !seen.has(id));
  const problems = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    foreign.length ? `not on this route: ${foreign.join(', ')}` : '',
    repeated.size ? `repeated: ${[...repeated].join(', ')}` : '',
  ].filter(Boolean);
  return problems.length ? problems.join('; ') : null;
}

/**
 * Puts the stops in the given order. The planned distances, completion time and planned arrival times follow the
 * new order (planned from the first stop's arrival time), since the old ones describe legs that no longer exist.
 */
export async function reorderStops(trx: Trx, routeId: number, stopIds: number[], nowIso: string): Promise<void> {
  const route = await requireRoute(trx, routeId);
  const stops = await loadStops(trx, routeId);
  const problems = orderProblems(
    stops.map((s) => s.id),
    stopIds,
  );
  if (problems) throw badRequest(`stop_ids must list each of the route's stops exactly once: ${problems}`, 'stop_ids');
  assertOfficeMayReplan(route, stops, 'stop_ids');
  const byId = new Map(stops.map((s) => [s.id, s]));
  const ordered = stopIds.map((id) => byId.get(id)!);
  // The shared plan: the app plans the same order the same way from the reorder's event (route-plan.ts).
  const plan = planInOrder(
    ordered.map((s) => ({
      lat: s.lat,
      lng: s.lng,
      service_time: s.service_time,
      time_windows: JSON.parse(s.time_windows),
      arr_time: s.arr_time,
    })),
    route.vehicle_profile === 'bicycle' ? 'bicycle' : 'car',
  );
  for (const [position, stop] of ordered.entries()) {
    const times = plan.times[position]!;
    await trx
      .updateTable('stops')
      .set({ position, arr_time: times.arr_time, end_time: times.end_time, updated_at: nowIso })
      .where('id', '=', stop.id)
      .execute();
  }
  await markRouteChanged(trx, routeId, nowIso, {
    distances: JSON.stringify({ total: plan.totalMetres, legs: plan.legs }),
    completion_time: plan.completionTime,
  });
}

/**
 * Takes a stop off the route (a cancelled delivery) and plans the rest in their order; answers the new order. Only
 * a pending stop between the start and the end: what a driver did (a completion, its proofs) is never deleted.
 * The stop is marked removed, not deleted: a completion the driver made before hearing of it (queued offline) is
 * still stored against it and shown to the dispatcher (repo/stop-completion.ts).
 */
export async function removeStop(trx: Trx, routeId: number, stopId: number, nowIso: string): Promise<number[]> {
  const route = await requireRoute(trx, routeId);
  const stops = await loadStops(trx, routeId);
  const stop = stops.find((s) => s.id === stopId);
  if (!stop) throw notFound(STOP_NOT_FOUND_MESSAGE, 'stopId');
  assertOfficeMayChangeStop(route, stop, {});
  assertOfficeMayReplan(route, stops, 'stopId');
  if (stop.type === 'start' || stop.type === 'end') throw conflict('The start and the end of a route stay', 'stopId');
  const done = await trx.selectFrom('completions').select('id').where('stop_id', '=', stopId).executeTakeFirst();
  if (stop.status !== 'pending' || done)
    throw conflict('Only a pending stop can be removed: this one has a completion', 'stopId');
  await trx.updateTable('stops').set({ removed_at: nowIso, updated_at: nowIso }).where('id', '=', stopId).execute();
  const rest = stops.filter((s) => s.id !== stopId).map((s) => s.id);
  await reorderStops(trx, routeId, rest, nowIso);
  return rest;
}

const bit = (value: boolean) => (value ? 1 : 0);

export async function replaceSettings(
  trx: Trx,
  routeId: number,
  input: PublicationSettingsRequest,
  nowIso: string,
): Promise<PublicationSettings> {
  await requireRoute(trx, routeId);
  await trx
    .updateTable('publication_settings')
    .set({
      project_date: input.project_date,
      fulfill_stops_in_any_order: bit(input.fulfill_stops_in_any_order),
      photo_collection: bit(input.photo_collection),
      completion_notes: bit(input.completion_notes),
      signature_capture: bit(input.signature_capture),
      age_verification: bit(input.age_verification),
      // An extension (issue 19) that a client predating it leaves out of its replacement: the stored value stays,
      // so an older dispatcher tool saving the other toggles cannot turn scanning back on unasked.
      ...(input.barcode_scanning === undefined ? {} : { barcode_scanning: bit(input.barcode_scanning) }),
      ...(input.failure_reasons === undefined ? {} : { failure_reasons: bit(input.failure_reasons) }),
      ...(input.delivery_places === undefined ? {} : { delivery_places: bit(input.delivery_places) }),
      ...(input.delivery_codes === undefined ? {} : { delivery_codes: bit(input.delivery_codes) }),
      ...(input.arrival_detection === undefined ? {} : { arrival_detection: bit(input.arrival_detection) }),
    })
    .where('route_id', '=', routeId)
    .execute();
  await markRouteChanged(trx, routeId, nowIso);
  const row = await trx
    .selectFrom('publication_settings')
    .selectAll()
    .where('route_id', '=', routeId)
    .executeTakeFirstOrThrow();
  return serializeSettings(row);
}

/** 404 for an unknown driver, 400 (`otherOrganisation`) for a driver of another organisation. */
async function requireDriverOf(trx: Trx, driverId: number, organisationId: number, otherOrganisation: string) {
  const driver = await trx
    .selectFrom('drivers')
    .select('organisation_id')
    .where('id', '=', driverId)
    .executeTakeFirst();
  if (!driver) throw notFound(DRIVER_NOT_FOUND, 'driver_id');
  if (driver.organisation_id !== organisationId) throw badRequest(otherOrganisation, 'driver_id');
}

/** The dispatcher's new route, of an organisation that exists and for a driver of it (or nobody). */
export async function createDispatchedRoute(trx: Trx, input: CreateRouteRequest, nowIso: string): Promise<Route> {
  const org = await trx
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', input.organisation_id)
    .executeTakeFirst();
  if (!org) throw notFound(ORGANISATION_ID_NOT_FOUND, 'organisation_id');
  if (input.driver_id != null)
    await requireDriverOf(trx, input.driver_id, input.organisation_id, 'driver_id must be a driver of organisation_id');
  const routeId = await createRoute(trx, input, nowIso);
  return (await loadRoute(trx, routeId, nowIso))!;
}

/** A driver of the route's own organisation, or nobody. */
export async function assignDriver(trx: Trx, routeId: number, driverId: number | null, nowIso: string) {
  const route = await requireRoute(trx, routeId);
  if (driverId !== null)
    await requireDriverOf(
      trx,
      driverId,
      route.organisation_id,
      "driver_id must be a driver of the route's organisation",
    );
  await markRouteChanged(trx, routeId, nowIso, { driver_id: driverId });
}

/** Republishing changes nothing but the route's version, so the app refetches it. */
export async function republishRoute(trx: Trx, routeId: number, nowIso: string): Promise<void> {
  await requireRoute(trx, routeId);
  await markRouteChanged(trx, routeId, nowIso);
}

/** A shared link to the route: a random, URL-safe id of 128 bits, so ids cannot be guessed. */
export async function createLink(
  trx: Trx,
  routeId: number,
  nowIso: string,
): Promise<{ route: RouteRow; linkId: string }> {
  const route = await requireRoute(trx, routeId);
  const linkId = randomBytes(16).toString('base64url');
  await trx
    .insertInto('links')
    .values({ id: linkId, route_id: routeId, created_at: nowIso, revoked_at: null })
    .execute();
  return { route, linkId };
}

/** Revoking twice keeps the first time. */
export async function revokeLink(trx: Trx, routeId: number, linkId: string, nowIso: string): Promise<string> {
  await requireRoute(trx, routeId);
  const link = await trx
    .selectFrom('links')
    .select('revoked_at')
    .where('id', '=', linkId)
    .where('route_id', '=', routeId)
    .executeTakeFirst();
  if (!link) throw notFound('No link found with this id on this route', 'linkId');
  if (link.revoked_at) return link.revoked_at;
  await trx.updateTable('links').set({ revoked_at: nowIso }).where('id', '=', linkId).execute();
  return nowIso;
}
