/**
 * The data of a driver's socket messages (protocol/socket.ts has the messages). A stop's status event is checked by
 * these rules on the socket and on POST .../events alike, and its fields by the same rules as the stop update's.
 */
import { type Static, Type } from '@sinclair/typebox';
import { LOCATION_ERROR_MAX, MAX_PHOTOS, MAX_STOPS } from '../limits.ts';
import { STOP_STATUSES } from '../protocol/entities.ts';
import {
  Coordinate,
  DATE_OF_BIRTH_PATTERN,
  Id,
  ImageReference,
  Instant,
  NoteText,
  Nullable,
  RecordOf,
  SignatureName,
  StringEnum,
  TextString,
} from './fields.ts';

/** A planned arrival may lie up to a year ahead (seconds from the route day's midnight). */
const ETA_MAX_SECONDS = 366 * 86_400;

/**
 * `service_change`. What the stop update carries in full (images, signature) a live event may only name: image data
 * travels with the completion, never live.
 */
export const ServiceChangeData = Type.Object(
  {
    status: StringEnum(STOP_STATUSES),
    service_id: Id,
    lat: Type.Optional(Coordinate),
    lng: Type.Optional(Coordinate),
    /** ISO 8601. */
    date: Type.Optional(Instant),
    signature: Type.Optional(Nullable(ImageReference)),
    signature_name: Type.Optional(SignatureName),
    recipient_date_of_birth: Type.Optional(Nullable(Type.String({ pattern: DATE_OF_BIRTH_PATTERN, format: 'date' }))),
    images: Type.Optional(RecordOf(ImageReference, { maxProperties: MAX_PHOTOS })),
    completion_note: Type.Optional(NoteText),
    recipient_note: Type.Optional(NoteText),
    /** Stop id to planned arrival (seconds since midnight). */
    ETAs: Type.Optional(
      RecordOf(Type.Number({ minimum: 0, maximum: ETA_MAX_SECONDS }), {
        maxProperties: MAX_STOPS,
        propertyNames: { pattern: '^[0-9]{1,15}$' },
      }),
    ),
  },
  { additionalProperties: false },
);
export type ServiceChangeData = Static<typeof ServiceChangeData>;

/** A socket `location`: a position (text or numbers)... */
export const LocationData = Type.Object({ lat: Coordinate, lng: Coordinate }, { additionalProperties: false });
/** ...or what kept the device from one. */
export const LocationErrorData = Type.Object(
  { error: TextString({ maxLength: LOCATION_ERROR_MAX }) },
  { additionalProperties: false },
);
export type LocationData = Static<typeof LocationData> | Static<typeof LocationErrorData>;
