/**
 * Creating a route in the caller's transaction: its project (named, or made for it), the plan of its stops (times
 * and distances, src-server/domain/eta.ts), the route's row, its publication settings and its stops.
 */
import type { Transaction } from 'kysely';
import { type Plan, planInOrder } from '../../src-shared/domain/route-plan.ts';
import type { CreateRouteRequest, StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { VehicleProfile } from '../../src-shared/protocol/entities.ts';
import type { Database, NewStop } from '../db/schema.ts';
import { deliveryCodeHash } from '../domain/delivery-code.ts';
import { notFound } from '../domain/errors.ts';
import { DEFAULT_REQUIREMENTS, storedUnit } from './serialize.ts';

type Trx = Transaction<Database>;

/** Seconds since midnight at which a planned route starts when the input gives no times. */

const bool = (v: boolean | undefined, fallback: boolean) => ((v ?? fallback) ? 1 : 0);

/** Seconds spent at a stop when the input gives none: nothing at the depot, five minutes elsewhere. */
const serviceTime = (input: StopInput) =>
  input.service_time ?? (input.type === 'start' || input.type === 'end' ? 0 : 300);

/** Creates a route (and its project when none is named) in the caller's transaction; returns its id. */
export async function createRoute(trx: Trx, input: CreateRouteRequest, nowIso: string) {
  const { projectId, date } = await projectOfRoute(trx, input, nowIso);
  const profile = input.vehicle_profile ?? 'car';
  const plan = planStops(input.stops, profile);
  const index = input.index ?? (await nextRouteIndex(trx, projectId));
  const routeId = await insertRoute(trx, input, { projectId, index, profile, plan }, nowIso);
  await insertPublicationSettings(trx, routeId, input.publication_settings ?? {}, date);
  if (input.stops.length > 0) await insertStops(trx, routeId, input.stops, plan, nowIso);
  return routeId;
}

/**
 * The route's project and its date: the one named (404 unless it is the organisation's), else a new one on the
 * route's date (today's when none is given).
 */
async function projectOfRoute(trx: Trx, input: CreateRouteRequest, nowIso: string) {
  if (input.project_id === undefined) {
    const date = input.date ?? nowIso.slice(0, 10);
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
    return { projectId: project.id, date };
  }
  const projectId = input.project_id;
  const project = await trx
    .selectFrom('projects')
    .select(['date', 'organisation_id'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project || project.organisation_id !== input.organisation_id)
    throw notFound('No project found with this id', 'project_id');
  return { projectId, date: project.date };
}

/** The stops' planned times and distances, from the first stop's arrival (or the default start). */
function planStops(stops: StopInput[], profile: VehicleProfile): Plan {
  return planInOrder(
    stops.map((s) => ({
      lat: s.lat,
      lng: s.lng,
      service_time: serviceTime(s),
      time_windows: s.time_windows ?? [],
      arr_time: s.arr_time,
    })),
    profile,
  );
}

/** The index of a route added to the project when the input names none: after the project's routes. */
async function nextRouteIndex(trx: Trx, projectId: number): Promise<number> {
  return (
    Number(
      (
        await trx
          .selectFrom('routes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    ) + 1
  );
}

interface PlannedRoute {
  projectId: number;
  index: number;
  profile: VehicleProfile;
  plan: Plan;
}

async function insertRoute(trx: Trx, input: CreateRouteRequest, planned: PlannedRoute, nowIso: string) {
  const { plan } = planned;
  const route = await trx
    .insertInto('routes')
    .values({
      project_id: planned.projectId,
      organisation_id: input.organisation_id,
      driver_id: input.driver_id ?? null,
      index: planned.index,
      vehicle_name: input.vehicle_name ?? null,
      vehicle_profile: planned.profile,
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
  return route.id;
}

/** The route's publication settings: what the input gives, else the defaults; the project's date by default. */
async function insertPublicationSettings(
  trx: Trx,
  routeId: number,
  ps: NonNullable<CreateRouteRequest['publication_settings']>,
  projectDate: string,
): Promise<void> {
  await trx
    .insertInto('publication_settings')
    .values({
      route_id: routeId,
      project_date: ps.project_date ?? projectDate,
      fulfill_stops_in_any_order: bool(ps.fulfill_stops_in_any_order, false),
      photo_collection: bool(ps.photo_collection, true),
      completion_notes: bool(ps.completion_notes, true),
      signature_capture: bool(ps.signature_capture, true),
      age_verification: bool(ps.age_verification, true),
      barcode_scanning: bool(ps.barcode_scanning, true),
      failure_reasons: bool(ps.failure_reasons, false),
      delivery_places: bool(ps.delivery_places, false),
      delivery_codes: bool(ps.delivery_codes, false),
      arrival_detection: bool(ps.arrival_detection, false),
    })
    .execute();
}

/** The stops in their order, with the plan's times where the input gives none. */
async function insertStops(trx: Trx, routeId: number, stops: StopInput[], plan: Plan, nowIso: string) {
  const rows = stops.map((s, i) => {
    const row = stopRow(s, routeId, i, nowIso);
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
    delivery_code_hash: deliveryCodeHash(input.delivery_code, `stops.${position}.delivery_code`) ?? null,
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
