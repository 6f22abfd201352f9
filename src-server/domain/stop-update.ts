/**
 * Turns a checked StopUpdateRequest (the schema has already fixed the types) into the values to store: the
 * rules a schema cannot say, defaults taken from the server's clock, and decoded images. Pure apart from the
 * image decoding; what needs the database (stored image URLs, route state) is checked in the write. Days and
 * times of day are the organisation's (`timeZone`).
 */
import {
  calendarDateOf,
  compareDates,
  isAdult,
  MIN_BIRTH_DATE,
  parseIsoDate,
  toIsoDate,
} from '../../src-shared/domain/age.ts';
import { deliveryPlaceRecord } from '../../src-shared/domain/outcomes/record.ts';
import { isFilled } from '../../src-shared/domain/text.ts';
import { wallClock } from '../../src-shared/domain/time-zone.ts';
import { MAX_PHOTOS } from '../../src-shared/limits.ts';
import type { CleaningStatus, DeliveryPlaceRecord } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest, UnitScanUpdate } from '../../src-shared/protocol/http.ts';
import { parseCoordinate } from './coordinates.ts';
import { badRequest } from './errors.ts';
import { type DecodedImage, decodeImageDataUrl, type ImageKind, isDataUrl } from './images.ts';

export const TOO_MANY_IMAGES_MESSAGE = `At most ${MAX_PHOTOS} images per stop`;
const SKIPPED_WITH_PROOF_MESSAGE =
  'A skipped stop carries no proof of delivery: send signature, signature_name, recipient_date_of_birth, images, units, delivery_code and captured_at only with status finished (images also with a failure_reason that asks for a photo)';
const CLEANING_DEFINITION_MESSAGE = 'cleaning_definition is required when cleaning_status is other';
/** The refusal of a birth date outside the shared rule's range (completion-policy.ts answers the same words). */
export const DATE_OF_BIRTH_MESSAGE = `recipient_date_of_birth must be a real date from ${toIsoDate(MIN_BIRTH_DATE)} to today`;
const FINISH_TIME_MESSAGE = 'finish_time must be a whole number of seconds from 0 to 86399';

const LAST_SECOND_OF_DAY = 86_399;

/** A proof image: a new upload, or one already stored for the stop that the driver keeps on an edit. */
export type ImageInput = { field: string } & ({ kind: 'new'; image: DecodedImage } | { kind: 'kept'; id: number });

export interface PreparedStopUpdate {
  status: StopUpdateRequest['status'];
  lat: number | null;
  lng: number | null;
  completion_note: string | null;
  recipient_note: string | null;
  signature: ImageInput | null;
  signature_name: string | null;
  recipient_date_of_birth: string | null;
  age_verified: boolean;
  /** In the order of their keys. */
  photos: ImageInput[];
  finish_time: number;
  completed_at: string;
  cleaning_status: CleaningStatus | null;
  cleaning_definition: string | null;
  sticker: boolean | null;
  /** The units' scan states as sent (whether each is a unit of this stop is checked in the write); null: none sent. */
  units: UnitScanUpdate[] | null;
  /**
   * When each new proof was captured, on the device's clock (issue 19): the photos in the order of `photos` (null
   * for a kept one, or a new one sent without a time), and a new signature. Null when the update sent none.
   */
  captured_at: { images: (string | null)[]; signature: string | null } | null;
  /** Issue 34: the reason a skipped stop failed (a code of the organisation's list, checked in the write). */
  failure_reason: string | null;
  /** Issue 34: where a delivered stop's parcel went, the other places' fields null. */
  delivery_place: DeliveryPlaceRecord | null;
  /**
   * Issue 34: the update carried the stop's right delivery code (repo/delivery-codes.ts sets it before the write).
   * What was typed is never stored, only this.
   */
  delivery_code_checked: boolean;
}

/** The app may resolve the image URLs it was given against the server's origin before sending them back. */
const STORED_IMAGE_URL = /^(?:https?:\/\/[^/]+)?\/v1\/images\/([1-9][0-9]{0,14})$/;

function imageInput(value: string, field: string, kind: ImageKind): ImageInput {
  if (isDataUrl(value)) return { field, kind: 'new', image: decodeImageDataUrl(value, field, kind) };
  const stored = STORED_IMAGE_URL.exec(value);
  if (!stored) throw badRequest(`${field} must be a JPEG or PNG data URL or the URL of an image of this stop`, field);
  return { field, kind: 'kept', id: Number(stored[1]) };
}

/** The keys of `images` in the photos' order: the order of `photos` and of the photos' capture times. */
const photoKeys = (images: Record<string, string> | undefined): string[] =>
  Object.keys(images ?? {}).sort((a, b) => Number(a) - Number(b));

function photoInputs(images: Record<string, string> | undefined): ImageInput[] {
  const keys = photoKeys(images);
  if (keys.length > MAX_PHOTOS) throw badRequest(TOO_MANY_IMAGES_MESSAGE, 'images');
  for (const key of keys) {
    if (!/^[0-9]$/.test(key) || Number(key) >= MAX_PHOTOS)
      throw badRequest(`images.${key} is not an allowed key: use 0 to ${MAX_PHOTOS - 1}`, `images.${key}`);
  }
  return keys.map((key) => imageInput(images![key]!, `images.${key}`, 'photo'));
}

function coordinate(value: string | undefined, field: 'lat' | 'lng'): number | null {
  if (value === undefined) return null;
  const parsed = parseCoordinate(value, field === 'lat' ? 90 : 180);
  if (parsed === null)
    throw badRequest(
      field === 'lat' ? 'lat must be a latitude between -90 and 90' : 'lng must be a longitude between -180 and 180',
      field,
    );
  return parsed;
}

/**
 * A YYYY-MM-DD (the schema checked the shape) that exists in the calendar and lies in 1900-01-01..today: the shared
 * rule (src-shared/domain/age.ts) the date wheel and the core apply too.
 */
function dateOfBirth(value: string | null | undefined, today: string): string | null {
  if (value === null || value === undefined) return null;
  const date = parseIsoDate(value);
  if (!date || compareDates(date, MIN_BIRTH_DATE) < 0 || compareDates(date, calendarDateOf(today)) > 0)
    throw badRequest(DATE_OF_BIRTH_MESSAGE, 'recipient_date_of_birth');
  return value;
}

/**
 * Seconds since midnight on the organisation's clocks. The device's finish_time is its own clock's, which is
 * wrong for a driver whose phone is set to another zone: when the update says when it was done (completed_at),
 * that instant decides. A finish_time alone (the spec's payload) is taken as sent; neither is the server's now.
 */
function finishTime(value: string | undefined, completedAt: Date, sentCompletedAt: boolean, timeZone: string): number {
  if (value !== undefined) {
    const seconds = Number(value);
    if (!/^[0-9]{1,5}$/.test(value) || seconds > LAST_SECOND_OF_DAY)
      throw badRequest(FINISH_TIME_MESSAGE, 'finish_time');
    if (!sentCompletedAt) return seconds;
  }
  return wallClock(completedAt, timeZone).seconds;
}

const present = (value: string | null | undefined) => value !== undefined && value !== null && value !== '';

/**
 * The first proof field a skipped update carries, if any. Photos (and their capture times) may go with a failure
 * reason: whether its reason asks for one needs the organisation's list, so the write's outcome policy says.
 */
function proofOnSkip(body: StopUpdateRequest): string | null {
  if (present(body.signature)) return 'signature';
  if (present(body.signature_name)) return 'signature_name';
  if (present(body.recipient_date_of_birth)) return 'recipient_date_of_birth';
  const withReason = present(body.failure_reason);
  if (!withReason && Object.keys(body.images ?? {}).length > 0) return 'images';
  if ((body.units ?? []).length > 0) return 'units';
  if (body.delivery_code !== undefined) return 'delivery_code';
  if (!withReason && body.captured_at !== undefined) return 'captured_at';
  return null;
}

/**
 * The units' scan states: each unit once, a reason only on a unit not scanned (a scanned one needs none), a method
 * only on a scanned one. Null when none were sent.
 */
function unitScans(units: UnitScanUpdate[] | undefined): UnitScanUpdate[] | null {
  if (units === undefined) return null;
  const seen = new Set<string>();
  return units.map((unit, i) => {
    if (seen.has(unit.id)) throw badRequest(`units.${i}.id names a unit already listed`, `units.${i}.id`);
    seen.add(unit.id);
    if (unit.barcode_scanned && (unit.scan_reason ?? null) !== null)
      throw badRequest(
        'A scanned unit has no scan_reason: send it only for a unit not scanned',
        `units.${i}.scan_reason`,
      );
    if (!unit.barcode_scanned && (unit.scan_method ?? null) !== null)
      throw badRequest('scan_method is only for a scanned unit', `units.${i}.scan_method`);
    return {
      id: unit.id,
      barcode_scanned: unit.barcode_scanned,
      scan_reason: unit.scan_reason ?? null,
      scan_method: unit.barcode_scanned ? (unit.scan_method ?? 'camera') : null,
      scanned_at: unit.scanned_at ?? null,
    };
  });
}

/**
 * The capture times, each for a new proof the update carries: a photo's under the key of a new image (a data URL), the
 * signature's beside a new signature. A time for anything else is refused rather than stored against the wrong proof.
 */
function captureTimes(body: StopUpdateRequest): PreparedStopUpdate['captured_at'] {
  const sent = body.captured_at;
  if (sent === undefined) return null;
  for (const key of Object.keys(sent.images ?? {})) {
    if (!isDataUrl(body.images?.[key] ?? ''))
      throw badRequest(
        `captured_at.images.${key} has no new image under images.${key}: send a capture time only with a new photo`,
        `captured_at.images.${key}`,
      );
  }
  if (sent.signature !== undefined && !isDataUrl(body.signature ?? ''))
    throw badRequest(
      'captured_at.signature needs a new signature: send a capture time only with a new signature',
      'captured_at.signature',
    );
  return {
    images: photoKeys(body.images).map((key) => sent.images?.[key] ?? null),
    signature: sent.signature ?? null,
  };
}

export function prepareStopUpdate(body: StopUpdateRequest, now: Date, timeZone: string): PreparedStopUpdate {
  const skipped = body.status === 'skipped';
  const proofField = skipped ? proofOnSkip(body) : null;
  if (proofField) throw badRequest(SKIPPED_WITH_PROOF_MESSAGE, proofField);
  if (body.cleaning_status === 'other' && !isFilled(body.cleaning_definition))
    throw badRequest(CLEANING_DEFINITION_MESSAGE, 'cleaning_definition');

  // A completion queued offline keeps the time the driver did it, not the time it reached the server.
  const completedAt = body.completed_at === undefined ? now : new Date(body.completed_at);
  const birthDate = dateOfBirth(body.recipient_date_of_birth, wallClock(now, timeZone).date);
  return {
    status: body.status,
    lat: coordinate(body.lat, 'lat'),
    lng: coordinate(body.lng, 'lng'),
    completion_note: body.completion_note ?? null,
    recipient_note: body.recipient_note ?? null,
    signature: present(body.signature) ? imageInput(body.signature!, 'signature', 'signature') : null,
    signature_name: present(body.signature_name) ? body.signature_name! : null,
    recipient_date_of_birth: birthDate,
    age_verified:
      birthDate !== null && isAdult(calendarDateOf(birthDate), calendarDateOf(wallClock(completedAt, timeZone).date)),
    photos: photoInputs(body.images),
    finish_time: finishTime(body.finish_time, completedAt, body.completed_at !== undefined, timeZone),
    completed_at: completedAt.toISOString(),
    cleaning_status: body.cleaning_status ?? null,
    cleaning_definition: body.cleaning_definition ?? null,
    sticker: body.sticker ?? null,
    units: unitScans(body.units),
    captured_at: captureTimes(body),
    failure_reason: present(body.failure_reason) ? body.failure_reason! : null,
    // As the screen and the core build it (src-shared/domain/outcomes/record.ts): trimmed, empty as null, its own fields.
    delivery_place: deliveryPlaceRecord(body.delivery_place),
    delivery_code_checked: false,
  };
}
