/**
 * The driver API's requests (spec section 7, reference-backend.md): bodies, paths and queries, each defined once.
 * The server validates with these schemas; protocol/http.ts names their types for the worker's client.
 * Bodies are strict (no coercion, no unknown field); paths and queries are digits coerced to numbers.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DELIVERY_CODE_MAX_LENGTH, EMAIL_MAX_LENGTH, MAX_UNIT_SCANS, REASON_CODE_MAX_LENGTH } from '../limits.ts';
import {
  ARRIVAL_BY,
  CLEANING_STATUSES,
  DELIVERY_PLACES,
  UNIT_SCAN_METHODS,
  UNIT_SCAN_REASONS,
  VEHICLE_PROFILES,
} from '../protocol/entities.ts';
import {
  CoordinateText,
  DateOfBirth,
  Id,
  ImageValue,
  Instant,
  NoteText,
  Nullable,
  NullableStringEnum,
  OptionalText,
  RecordOf,
  SignatureName,
  StringEnum,
  TextString,
} from './fields.ts';
import { ServiceChangeData } from './socket.ts';

/** The most points one planned line may join. */
export const OSRM_MAX_POINTS = 500;

const Email = TextString({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });

/** Step one carries only the email (404: no user); step two adds the password. */
export const SignInBody = Type.Object(
  { email: Email, password: Type.Optional(TextString({ maxLength: 1024 })) },
  { additionalProperties: false },
);

export const RefreshBody = Type.Object(
  { token: TextString({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);

/** POST /v1/token/revoke: `token` as RFC 7009 names it, a refresh token (or an access token) of the session. */
export const RevokeBody = RefreshBody;

export const ForgotPasswordQuery = Type.Object({ email: TextString({ ...Email, format: 'email' }) });

/** GET /v1/drivers/:id and GET /v1/images/:id. */
export const IdParams = Type.Object({ id: Id });
export const RouteIdParams = Type.Object({ routeId: Id });
export const ProjectRouteParams = Type.Object({ projectId: Id, routeId: Id });
export const ServiceParams = Type.Object({ projectId: Id, routeId: Id, serviceId: Id });

/** Coordinates travel as text on these calls (7 decimals on stop updates). */
export const RouteStatusBody = Type.Object(
  {
    status: StringEnum(['in_progress', 'finished']),
    lat: Type.Optional(CoordinateText),
    lng: Type.Optional(CoordinateText),
  },
  { additionalProperties: false },
);

export const LocationBody = Type.Object({ lat: CoordinateText, lng: CoordinateText }, { additionalProperties: false });

/**
 * One unit's scan state as the driver left it (issue 19): scanned (by camera or typed), or marked with a reason, or
 * neither. Whether the unit is the stop's is the write's to check.
 */
export const UnitScanBody = Type.Object(
  {
    id: TextString({ minLength: 1, maxLength: 100 }),
    barcode_scanned: Type.Boolean(),
    /** Only on a unit not scanned. */
    scan_reason: Type.Optional(NullableStringEnum(UNIT_SCAN_REASONS)),
    /** Only on a scanned unit. */
    scan_method: Type.Optional(NullableStringEnum(UNIT_SCAN_METHODS)),
    /** When it was scanned or marked, on the device's clock (ISO 8601). */
    scanned_at: Type.Optional(Nullable(Instant)),
  },
  { additionalProperties: false },
);

/**
 * Extension (issue 19): when each new proof was captured, on the device's clock: photos by their key in `images`, and
 * the signature. The server's time of receipt is the completion's `received_at`.
 */
export const ProofCaptureTimes = Type.Object(
  {
    images: Type.Optional(RecordOf(Instant)),
    signature: Type.Optional(Instant),
  },
  { additionalProperties: false },
);

/**
 * A delivery code as typed: the letters and digits, maybe with spaces and dashes, which the check leaves out. One
 * that cannot be a code (`ßß`, which only upper-cases to SSSS) is refused before it is tried or counted.
 */
const DeliveryCodeText = TextString({ maxLength: 2 * DELIVERY_CODE_MAX_LENGTH, format: 'delivery-code' });

/** Extension (issue 34): where a delivered parcel went; the outcome rules (domain/outcomes/rules.ts) check the fields. */
const DeliveryPlaceBody = Type.Object(
  {
    place: StringEnum(DELIVERY_PLACES),
    neighbour_name: Type.Optional(NoteText),
    neighbour_house_number: Type.Optional(NoteText),
    safe_place: Type.Optional(NoteText),
  },
  { additionalProperties: false },
);

/** The stop update (completion). Types and shapes; the rules between fields are the server's domain/stop-update.ts. */
export const StopUpdateBody = Type.Object(
  {
    status: StringEnum(['finished', 'skipped']),
    lat: Type.Optional(CoordinateText),
    lng: Type.Optional(CoordinateText),
    completion_note: Type.Optional(NoteText),
    recipient_note: Type.Optional(NoteText),
    /** A data URL (image/png or image/jpeg), or the URL of the stop's stored signature to keep it. */
    signature: Type.Optional(Nullable(ImageValue)),
    signature_name: Type.Optional(SignatureName),
    /** YYYY-MM-DD. */
    recipient_date_of_birth: Type.Optional(DateOfBirth),
    /**
     * Indexed map {"0": ..., "1": ...}: data URLs, or URLs of the stop's stored images to keep them. How many, and
     * under which keys, is the server's domain/stop-update.ts to say (with the app's words).
     */
    images: Type.Optional(RecordOf(ImageValue)),
    /** Seconds since local midnight, as text. */
    finish_time: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
    /** Extension: the instant the driver completed the stop (ISO 8601), so a late sync keeps the real time. */
    completed_at: Type.Optional(Instant),
    captured_at: Type.Optional(ProofCaptureTimes),
    /** Cleaning variant. */
    cleaning_status: Type.Optional(NullableStringEnum(CLEANING_STATUSES)),
    cleaning_definition: Type.Optional(NoteText),
    sticker: Type.Optional(Nullable(Type.Boolean())),
    /**
     * Extension (issue 19): the scan state of the stop's units, for a delivered stop. Each names a unit of this stop;
     * a unit left out keeps what the stop has. Absent: every unit keeps what it has.
     */
    units: Type.Optional(Type.Array(UnitScanBody, { maxItems: MAX_UNIT_SCANS })),
    /** Extension (issue 34): the code of the organisation's reason a skipped stop failed. */
    failure_reason: Type.Optional(OptionalText(REASON_CODE_MAX_LENGTH)),
    /** Extension (issue 34): where a delivered stop's parcel went. */
    delivery_place: Type.Optional(Nullable(DeliveryPlaceBody)),
    /**
     * Extension (issue 34): the recipient's code as the driver typed it, with a delivered stop that asks for one. The
     * server checks and counts it and stores only that it was right (domain/outcomes/code.ts, normaliseDeliveryCode).
     */
    delivery_code: Type.Optional(DeliveryCodeText),
  },
  { additionalProperties: false },
);

/** POST .../services/:id/arrival (issue 34): the driver arrived at the stop, as the phone or the driver says. */
export const ArrivalBody = Type.Object(
  { arrived_at: Instant, by: StringEnum(ARRIVAL_BY) },
  { additionalProperties: false },
);

/** POST .../services/:id/delivery-code (issue 34): a typed code tried before the completion, counted like one. */
export const DeliveryCodeBody = Type.Object({ code: DeliveryCodeText }, { additionalProperties: false });

/** POST .../events: a socket message sent over HTTP while the socket is closed. */
export const EventBody = Type.Object(
  { type: TextString({ maxLength: 100 }), data: ServiceChangeData },
  { additionalProperties: false },
);

export const OsrmBody = Type.Object(
  {
    /** Semicolon list of `lng,lat`. */
    coordinates: TextString({ minLength: 1, maxLength: OSRM_MAX_POINTS * 48 }),
    profile: Type.Optional(StringEnum(VEHICLE_PROFILES, { default: 'car' })),
  },
  { additionalProperties: false },
);

export const OsrmQuery = Type.Object({ overview: Type.Optional(StringEnum(['full'])) });

export type SignInRequest = Static<typeof SignInBody>;
export type RefreshRequest = Static<typeof RefreshBody>;
export type RevokeRequest = Static<typeof RevokeBody>;
export type ForgotPasswordRequest = Static<typeof ForgotPasswordQuery>;
export type IdPath = Static<typeof IdParams>;
export type RouteIdPath = Static<typeof RouteIdParams>;
export type ProjectRoutePath = Static<typeof ProjectRouteParams>;
export type ServicePath = Static<typeof ServiceParams>;
export type RouteStatusRequest = Static<typeof RouteStatusBody>;
export type LocationRequest = Static<typeof LocationBody>;
export type StopUpdateRequest = Static<typeof StopUpdateBody>;
export type DeliveryCodeRequest = Static<typeof DeliveryCodeBody>;
export type ArrivalRequest = Static<typeof ArrivalBody>;
export type UnitScanUpdate = Static<typeof UnitScanBody>;
export type EventRequest = Static<typeof EventBody>;
export type OsrmRequest = Static<typeof OsrmBody>;
export type OsrmOptions = Static<typeof OsrmQuery>;
