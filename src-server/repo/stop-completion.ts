/**
 * Writes one stop update in the caller's transaction: new proof images, the stop, the route's updated_at and
 * the completion record holding what a replay needs. Either all of it is stored or none of it.
 */
import type { Transaction } from 'kysely';
import { applyUnitScans, hasBarcode } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Unit } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest, UnitScanUpdate } from '../../src-shared/protocol/http.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, notFound } from '../domain/errors.ts';
import { assertOnlyEndStopsLeft, assertTakesStopUpdate, STOP_NOT_FOUND_MESSAGE } from '../domain/route-rules.ts';
import type { ImageInput, PreparedStopUpdate } from '../domain/stop-update.ts';
import { assertCompletionAllowed } from './completion-policy.ts';
import { markRouteChanged } from './route-version.ts';
import { loadRouteRecord, loadStops, ROUTE_NOT_FOUND } from './routes.ts';
import { parseUnits, serializeRoute } from './serialize.ts';

type Trx = Transaction<Database>;
type ImageKind = 'photo' | 'signature';

export interface StopUpdateWrite {
  routeId: number;
  stopId: number;
  /** principalKey() of the sender. */
  principal: string;
  idempotencyKey: string | null;
  requestHash: string;
  /** The update as sent (the completion rules need to know which fields it carried). */
  body: StopUpdateRequest;
  update: PreparedStopUpdate;
  now: Date;
}

/** What a completion row's body holds: the update as applied, images as ids (never the image data). */
export type CompletionBody = Omit<PreparedStopUpdate, 'signature' | 'photos'> & {
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

/** Returns the answer: the route as it is after the update, in a one-route array. */
export async function writeStopUpdate(
  trx: Trx,
  ctx: Pick<ServerContext, 'dialect' | 'config'>,
  w: StopUpdateWrite,
): Promise<Route[]> {
  const { routeId, stopId, update } = w;
  const nowIso = w.now.toISOString();
  // The route, its project and settings read once, under the route's lock: the checks and the answer share them.
  const record = await loadRouteRecord(trx, routeId, ctx.dialect === 'postgres');
  if (!record) throw notFound(ROUTE_NOT_FOUND, 'id');
  const route = record.route;
  assertTakesStopUpdate(route, update.completed_at);
  const stops = await loadStops(trx, routeId);
  const stop = stops.find((s) => s.id === stopId);
  if (!stop) throw notFound(STOP_NOT_FOUND_MESSAGE, 'service');
  // A finished route's late completion is not held back: the route ended, whatever its other stops say.
  if (stop.type === 'end' && route.status !== 'finished') assertOnlyEndStopsLeft(stops);
  // The plan, the route's settings and the stop's requirements as they are now, under the route's lock.
  await assertCompletionAllowed(trx, ctx, routeId, stop, w.body, update, record.settings);

  const storedRows = await trx.selectFrom('images').select(['id', 'kind']).where('stop_id', '=', stopId).execute();
  const stored = new Map(storedRows.map((r) => [r.id, r.kind]));
  const signature = update.signature && (await imageId(trx, stopId, update.signature, 'signature', stored, nowIso));
  const images: number[] = [];
  for (const photo of update.photos) {
    const id = await imageId(trx, stopId, photo, 'photo', stored, nowIso);
    if (images.includes(id)) throw badRequest(`${photo.field} repeats another image`, photo.field);
    images.push(id);
  }
  // Images the driver removed (or that a skip cleared) are proof no longer, so they are not kept.
  const keep = signature ? [...images, signature] : images;
  await trx
    .deleteFrom('images')
    .where('stop_id', '=', stopId)
    .$if(keep.length > 0, (q) => q.where('id', 'not in', keep))
    .execute();

  const units = scannedUnits(stop.units, update.units);
  const { signature: _, photos: __, ...fields } = update;
  const body: CompletionBody = { ...fields, signature: signature ?? null, images };
  await trx
    .updateTable('stops')
    .set({
      status: update.status,
      finish_time: update.finish_time,
      completed_at: update.completed_at,
      received_at: nowIso,
      image_ids: JSON.stringify(images),
      signature_image_id: body.signature,
      signature_name: update.signature_name,
      age_verified: update.age_verified ? 1 : 0,
      recipient_date_of_birth: update.recipient_date_of_birth,
      recipient_note: update.recipient_note,
      completion_note: update.completion_note,
      cleaning_status: update.cleaning_status,
      cleaning_definition: update.cleaning_definition,
      sticker: update.sticker === null ? null : update.sticker ? 1 : 0,
      units: JSON.stringify(units),
      updated_at: nowIso,
    })
    .where('id', '=', stopId)
    .execute();
  const version = await markRouteChanged(trx, routeId, nowIso);

  // The answer from what this transaction read and wrote: only the changed stop is read again.
  const changed = await trx.selectFrom('stops').selectAll().where('id', '=', stopId).executeTakeFirstOrThrow();
  const answer: Route[] = [
    serializeRoute(
      { ...record, route: { ...route, updated_at: nowIso, version } },
      stops.map((s) => (s.id === stopId ? changed : s)),
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
      result: JSON.stringify(answer[0]!.stops.find((s) => s.id === stopId)),
      route_updated_at: answer[0]!.updated_at,
    })
    .execute();
  return answer;
}

/** writeStopUpdate in a transaction of its own. */
export function storeStopUpdate(
  ctx: Pick<ServerContext, 'db' | 'dialect' | 'config'>,
  write: StopUpdateWrite,
): Promise<Route[]> {
  return ctx.db.transaction().execute((trx) => writeStopUpdate(trx, ctx, write));
}
