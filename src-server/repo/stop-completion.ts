/**
 * Writes one stop update in the caller's transaction: new proof images, the stop, the route's updated_at and
 * the completion record holding what a replay needs. Either all of it is stored or none of it. Nothing here ever
 * deletes an image or a record: what a driver proved stays, whatever is sent after it.
 */
import type { Transaction } from 'kysely';
import { applyUnitScans, hasBarcode } from '../../src-shared/domain/unit-scans.ts';
import type { RouteStatus, Stop, Unit } from '../../src-shared/protocol/entities.ts';
import type {
  RemovedStopRoute,
  StopUpdateAnswer,
  StopUpdateRequest,
  UnitScanUpdate,
} from '../../src-shared/protocol/http.ts';
import type { Principal } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import type { Database, RouteRow, StopRow } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../domain/errors.ts';
import {
  assertOnlyEndStopsLeft,
  assertTakesStopUpdate,
  isDone,
  LINK_ROUTE_FINISHED_MESSAGE,
  STOP_NOT_FOUND_MESSAGE,
} from '../domain/route-rules.ts';
import type { ImageInput, PreparedStopUpdate } from '../domain/stop-update.ts';
import { assertCompletionAllowed } from './completion-policy.ts';
import { markRouteChanged } from './route-version.ts';
import { loadRouteRecord, loadStops, ROUTE_NOT_FOUND } from './routes.ts';
import { parseUnits, serializeRoute, serializeStop } from './serialize.ts';

type Trx = Transaction<Database>;
type ImageKind = 'photo' | 'signature';

export interface StopUpdateWrite {
  routeId: number;
  stopId: number;
  /** principalKey() of the sender. */
  principal: string;
  /** A signed-in driver, or the holder of a shared link (which may not change a finished route). */
  senderKind: Principal['kind'];
  idempotencyKey: string | null;
  requestHash: string;
  /** The update as sent (the completion rules need to know which fields it carried). */
  body: StopUpdateRequest;
  update: PreparedStopUpdate;
  now: Date;
}

/** What a completion row's body holds: the update as applied, images as ids (never the image data). */
type CompletionBody = Omit<PreparedStopUpdate, 'signature' | 'photos'> & {
  signature: number | null;
  images: number[];
};

/** Stores a new image, or checks that a kept one is an image of this kind of this very stop. */
async function imageId(
  trx: Trx,
  stopId: number,
  input: ImageInput,
  kind: ImageKind,
  stored: Map<number, string>,
  nowIso: string,
): Promise<number> {
  if (input.kind === 'kept') {
    if (stored.get(input.id) !== kind) throw badRequest(`${input.field} is not an image of this stop`, input.field);
    return input.id;
  }
  const { mime, width, height, data } = input.image;
  const row = await trx
    .insertInto('images')
    .values({ stop_id: stopId, kind, mime, width, height, bytes: data.length, data, created_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The stop's units after the update's scan states. Each named unit must be one of this stop's (a code of another
 * stop's parcel is the app's to catch; a unit id of another stop here is a wrong request), and only a unit with a
 * barcode can have been scanned.
 */
function scannedUnits(storedJson: string, scans: UnitScanUpdate[] | null): Unit[] {
  const stored = parseUnits(storedJson);
  if (!scans) return stored;
  const byId = new Map(stored.map((u) => [u.id, u]));
  scans.forEach((scan, i) => {
    const unit = byId.get(scan.id);
    if (!unit) throw badRequest(`units.${i}.id is not a unit of this stop`, `units.${i}.id`);
    if (scan.barcode_scanned && !hasBarcode(unit))
      throw badRequest(`units.${i} has no barcode to scan`, `units.${i}.barcode_scanned`);
  });
  return applyUnitScans(stored, scans);
}

/** The stop by id on this route, including one the dispatcher removed (whose completions are still stored). */
async function stopOfRoute(trx: Trx, stops: StopRow[], routeId: number, stopId: number): Promise<StopRow> {
  const stop =
    stops.find((s) => s.id === stopId) ??
    (await trx
      .selectFrom('stops')
      .selectAll()
      .where('id', '=', stopId)
      .where('route_id', '=', routeId)
      .executeTakeFirst());
  if (!stop) throw notFound(STOP_NOT_FOUND_MESSAGE, 'service');
  return stop;
}

/**
 * Stores the update's new images and checks its kept ones. Images are only ever added: an image a later update does
 * not keep is still the proof of the record that named it (proofs are append-only, docs/server.md).
 */
async function proofImages(trx: Trx, stopId: number, update: PreparedStopUpdate, nowIso: string) {
  const storedRows = await trx.selectFrom('images').select(['id', 'kind']).where('stop_id', '=', stopId).execute();
  const stored = new Map(storedRows.map((r) => [r.id, r.kind]));
  const signature = update.signature && (await imageId(trx, stopId, update.signature, 'signature', stored, nowIso));
  const images: number[] = [];
  for (const photo of update.photos) {
    const id = await imageId(trx, stopId, photo, 'photo', stored, nowIso);
    if (images.includes(id)) throw badRequest(`${photo.field} repeats another image`, photo.field);
    images.push(id);
  }
  return { signature: signature ?? null, images };
}

/** The stop takes the update: its status and proof are the new record's (the old record keeps its own). */
async function applyToStop(trx: Trx, stop: StopRow, update: PreparedStopUpdate, body: CompletionBody, nowIso: string) {
  await trx
    .updateTable('stops')
    .set({
      status: update.status,
      finish_time: update.finish_time,
      completed_at: update.completed_at,
      received_at: nowIso,
      image_ids: JSON.stringify(body.images),
      signature_image_id: body.signature,
      signature_name: update.signature_name,
      age_verified: update.age_verified ? 1 : 0,
      recipient_date_of_birth: update.recipient_date_of_birth,
      recipient_note: update.recipient_note,
      completion_note: update.completion_note,
      cleaning_status: update.cleaning_status,
      cleaning_definition: update.cleaning_definition,
      sticker: update.sticker === null ? null : update.sticker ? 1 : 0,
      units: JSON.stringify(scannedUnits(stop.units, update.units)),
      failure_reason: update.failure_reason,
      delivery_place: update.delivery_place && JSON.stringify(update.delivery_place),
      updated_at: nowIso,
    })
    .where('id', '=', stop.id)
    .execute();
  return trx.selectFrom('stops').selectAll().where('id', '=', stop.id).executeTakeFirstOrThrow();
}

/**
 * Returns the answer: the route as it is after the update, in a one-route array; for a stop the dispatcher removed,
 * the stop alone marked `stop_removed` (the route the driver sees has no such stop).
 *
 * What the update may change: while the route is in progress it becomes the stop's current completion, and the
 * record it supersedes keeps its images. Once the route is finished (a late update, domain/route-rules.ts) it is
 * applied only to a stop still open; a done stop keeps what it holds and the update is stored beside it
 * (`kept_beside`), for the dispatcher to see both. Everything is read under the route's lock and written in this one
 * transaction, so a concurrent finish, edit or removal is either wholly before it or wholly after it.
 */
async function writeStopUpdate(
  trx: Trx,
  ctx: Pick<ServerContext, 'dialect' | 'config'>,
  w: StopUpdateWrite,
): Promise<StopUpdateAnswer> {
  const { routeId, stopId, update } = w;
  const nowIso = w.now.toISOString();
  // The route, its project and settings read once, under the route's lock: the checks and the answer share them.
  const record = await loadRouteRecord(trx, routeId, ctx.dialect === 'postgres');
  if (!record) throw notFound(ROUTE_NOT_FOUND, 'id');
  const route = record.route;
  const finished = route.status === ('finished' satisfies RouteStatus);
  // A link is handed out for the work of the day: once the route is finished it may read it, never change it.
  if (finished && w.senderKind === 'link') throw forbidden(LINK_ROUTE_FINISHED_MESSAGE);
  assertTakesStopUpdate(route, update.completed_at, { receivedAt: w.now, hours: ctx.config.lateCompletionHours });
  const stops = await loadStops(trx, routeId);
  const stop = await stopOfRoute(trx, stops, routeId, stopId);
  const removed = stop.removed_at !== null;
  // A finished route's late completion is not held back: the route ended, whatever its other stops say.
  if (stop.type === 'end' && !finished) assertOnlyEndStopsLeft(stops);
  // The plan, the route's settings and the stop's requirements as they are now, under the route's lock.
  await assertCompletionAllowed(trx, ctx, routeId, stop, w.body, update, record.settings);

  const { signature, images } = await proofImages(trx, stopId, update, nowIso);
  const { signature: _, photos: __, ...fields } = update;
  const body: CompletionBody = { ...fields, signature, images };
  const keptBeside = finished && isDone(stop.status);
  const after = keptBeside ? stop : await applyToStop(trx, stop, update, body, nowIso);
  // The driver's route changes (a new version) only when a stop on it does.
  const touched = !keptBeside && !removed;
  const version = touched ? await markRouteChanged(trx, routeId, nowIso) : route.version;
  const updatedAt = touched ? nowIso : route.updated_at;
  const answer: StopUpdateAnswer = removed
    ? [removedStopAnswer(route, updatedAt, serializeStop(after))]
    : [
        serializeRoute(
          { ...record, route: { ...route, updated_at: updatedAt, version } },
          stops.map((s) => (s.id === stopId ? after : s)),
          nowIso,
        ),
      ];
  await trx
    .insertInto('completions')
    .values({
      stop_id: stopId,
      route_id: routeId,
      principal: w.principal,
      idempotency_key: w.idempotencyKey,
      request_hash: w.requestHash,
      status: update.status,
      body: JSON.stringify(body),
      finish_time: update.finish_time,
      completed_at: update.completed_at,
      received_at: nowIso,
      result: JSON.stringify(serializeStop(after)),
      route_updated_at: updatedAt,
      kept_beside: keptBeside ? 1 : 0,
    })
    .execute();
  return answer;
}

/** The answer for a stop the dispatcher removed: the stop alone, as a replay's partial form, marked removed. */
function removedStopAnswer(route: Pick<RouteRow, 'id' | 'project_id'>, updatedAt: string, stop: Stop) {
  return {
    id: route.id,
    project_id: route.project_id,
    updated_at: updatedAt,
    partial: true,
    stop_removed: true,
    stops: [stop],
  } satisfies RemovedStopRoute;
}

/** writeStopUpdate in a transaction of its own. */
export function storeStopUpdate(
  ctx: Pick<ServerContext, 'db' | 'dialect' | 'config'>,
  write: StopUpdateWrite,
): Promise<StopUpdateAnswer> {
  return ctx.db.transaction().execute((trx) => writeStopUpdate(trx, ctx, write));
}
