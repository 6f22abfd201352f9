/**
 * JSON schemas of the driver API's bodies and socket messages (types in src-shared/protocol/http.ts and socket.ts),
 * built from the shared field schemas of schemas.ts: a stop's status event is checked by the same rules on the
 * socket and on POST .../events, and its fields by the same rules as the stop update's.
 */
import {
  CLEANING_STATUSES,
  STOP_STATUSES,
  UNIT_SCAN_METHODS,
  UNIT_SCAN_REASONS,
} from '../../src-shared/protocol/entities.ts';
import { MAX_IMAGES, MAX_UNIT_SCANS } from '../../src-shared/protocol/http.ts';
import { MAX_STOPS } from './dispatch-schemas.ts';
import {
  coordinate,
  coordinateText,
  dateOfBirth,
  id,
  imageReference,
  imageValue,
  instant,
  noteText,
  signatureName,
} from './schemas.ts';

/** One unit's scan state in a stop update (issue 19); whether the unit is the stop's is the write's to check. */
const unitScan = {
  type: 'object',
  required: ['id', 'barcode_scanned'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    barcode_scanned: { type: 'boolean' },
    scan_reason: { type: 'string', nullable: true, enum: [...UNIT_SCAN_REASONS, null] },
    scan_method: { type: 'string', nullable: true, enum: [...UNIT_SCAN_METHODS, null] },
    scanned_at: { ...instant, nullable: true },
  },
} as const;

/** The stop update (completion). Types and shapes; the rules between fields are in domain/stop-update.ts. */
export const stopUpdateBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['finished', 'skipped'] },
    lat: coordinateText,
    lng: coordinateText,
    completion_note: noteText,
    recipient_note: noteText,
    signature: { ...imageValue, nullable: true },
    signature_name: signatureName,
    recipient_date_of_birth: dateOfBirth,
    // How many, and under which keys, is domain/stop-update.ts's to say (with the app's words).
    images: { type: 'object', additionalProperties: imageValue },
    finish_time: { type: 'string', pattern: '^[0-9]{1,5}$' },
    completed_at: instant,
    cleaning_status: { type: 'string', nullable: true, enum: [...CLEANING_STATUSES, null] },
    cleaning_definition: noteText,
    sticker: { type: 'boolean', nullable: true },
    units: { type: 'array', maxItems: MAX_UNIT_SCANS, items: unitScan },
  },
} as const;

export const routeStatusBody = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['in_progress', 'finished'] },
    lat: coordinateText,
    lng: coordinateText,
  },
} as const;

export const locationBody = {
  type: 'object',
  required: ['lat', 'lng'],
  additionalProperties: false,
  properties: { lat: coordinateText, lng: coordinateText },
} as const;

/**
 * The `service_change` data, on the socket and in POST .../events. What the stop update carries in full (images,
 * signature) a live event may only name: image data travels with the completion, never live.
 */
export const serviceChangeData = {
  type: 'object',
  required: ['status', 'service_id'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...STOP_STATUSES] },
    service_id: id,
    lat: coordinate,
    lng: coordinate,
    date: instant,
    signature: imageReference,
    signature_name: signatureName,
    recipient_date_of_birth: { ...dateOfBirth, format: 'date' },
    images: { type: 'object', maxProperties: MAX_IMAGES, additionalProperties: { ...imageReference, nullable: false } },
    completion_note: noteText,
    recipient_note: noteText,
    ETAs: {
      type: 'object',
      maxProperties: MAX_STOPS,
      propertyNames: { pattern: '^[0-9]{1,15}$' },
      additionalProperties: { type: 'number', minimum: 0, maximum: 366 * 86_400 },
    },
  },
} as const;

export const eventBody = {
  type: 'object',
  required: ['type', 'data'],
  additionalProperties: false,
  properties: { type: { type: 'string', maxLength: 100 }, data: serviceChangeData },
} as const;

/** A socket `location`: a position (text or numbers), or what kept the device from one. */
export const locationData = {
  type: 'object',
  required: ['lat', 'lng'],
  additionalProperties: false,
  properties: { lat: coordinate, lng: coordinate },
} as const;

export const locationErrorData = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: { error: { type: 'string', maxLength: 500 } },
} as const;
