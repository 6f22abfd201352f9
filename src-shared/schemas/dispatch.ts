/**
 * The dispatcher API's requests (reference-backend.md, "Dispatcher API"): bodies, paths and queries, each defined
 * once. The server validates with these schemas, protocol/dispatch.ts names their types, and the dispatcher CLI
 * (src-server/cli) reads from them which keys a command takes and of what kind.
 */
import { type Static, type TBoolean, type TOptional, Type } from '@sinclair/typebox';
import {
  ARRIVAL_RADIUS_MAX_M,
  ARRIVAL_RADIUS_MIN_M,
  DELIVERY_CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_FAILURE_REASONS,
  MAX_STOPS,
  NOTE_MAX,
  REASON_CODE_MAX_LENGTH,
  REASON_LABEL_MAX_LENGTH,
} from '../limits.ts';
import {
  CLEANING_STATUSES,
  DELIVERY_PLACES,
  PLAN_FLAGS,
  type PlanFlag,
  ROUTE_STATUSES,
  STOP_STATUSES,
  STOP_TYPES,
  SUBSCRIPTION_STATUSES,
  VEHICLE_PROFILES,
} from '../protocol/entities.ts';
import { Day, Flag, Id, Nullable, NullableStringEnum, OptionalText, StringEnum, Text, TextString } from './fields.ts';

/** Times of day may run past midnight on multi-day routes (days_on_the_road): up to a week. */
const MAX_SECONDS = 7 * 86_400;
export const ROUTES_DEFAULT_LIMIT = 200;

const Seconds = Type.Integer({ minimum: 0, maximum: MAX_SECONDS });
const NullableSeconds = Nullable(Seconds);
const { Optional } = Type;

const planFlags = Object.fromEntries(PLAN_FLAGS.map((name) => [name, Optional(Flag)])) as Record<
  PlanFlag,
  TOptional<TBoolean>
>;

const PlanChanges = Type.Object({ name: Optional(Text(100)), ...planFlags }, { additionalProperties: false });

/** A failure reason (issue 34): whether its code is one an organisation may set is the server's to say (isReasonCode). */
const FailureReasonInput = Type.Object(
  {
    code: Text(REASON_CODE_MAX_LENGTH),
    label: Optional(OptionalText(REASON_LABEL_MAX_LENGTH)),
    photo: Optional(Flag),
    note: Optional(Flag),
  },
  { additionalProperties: false },
);

const ConfigChanges = Type.Object(
  {
    allowed_to_call_recipient: Optional(Flag),
    require_name_with_signature: Optional(Flag),
    /** Null: the default list (src-shared/domain/outcomes/rules.ts). */
    failure_reasons: Optional(Nullable(Type.Array(FailureReasonInput, { maxItems: MAX_FAILURE_REASONS }))),
    code_exempt_places: Optional(Type.Array(StringEnum(DELIVERY_PLACES), { maxItems: DELIVERY_PLACES.length })),
    arrival_radius_m: Optional(Type.Integer({ minimum: ARRIVAL_RADIUS_MIN_M, maximum: ARRIVAL_RADIUS_MAX_M })),
    arrival_auto_record: Optional(Flag),
  },
  { additionalProperties: false },
);

const organisationFields = {
  name: Text(200),
  customer_id: Optional(OptionalText(200)),
  plan: Optional(PlanChanges),
  config: Optional(ConfigChanges),
  subscription_status: Optional(StringEnum(SUBSCRIPTION_STATUSES)),
  /** IANA name such as Europe/Amsterdam; null or left out: the server's TIME_ZONE. Checked against Intl's zones. */
  time_zone: Optional(OptionalText(64)),
};

export const CreateOrganisationBody = Type.Object(organisationFields, { additionalProperties: false });

export const UpdateOrganisationBody = Type.Object(
  { ...organisationFields, name: Optional(organisationFields.name) },
  { minProperties: 1, additionalProperties: false },
);

export const CreateDriverBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
    password: TextString({ minLength: 8, maxLength: 1024 }),
    first_name: Text(100),
    last_name: Text(100),
    phone: Optional(OptionalText(50)),
    organisation_id: Id,
  },
  { additionalProperties: false },
);

/** A window that ends before it starts can never be met: latest's minimum is earliest's value ($data). */
const TimeWindowInput = Type.Object(
  { earliest: Seconds, latest: Type.Unsafe<number>({ ...Seconds, minimum: { $data: '1/earliest' } }) },
  { additionalProperties: false },
);

const UnitInput = Type.Object(
  {
    id: Optional(Text(100)),
    /** Only the text before a plus sign is displayed. */
    name: Text(500),
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    note: Optional(OptionalText(NOTE_MAX)),
    barcode: Optional(OptionalText(200)),
    barcode_scanned: Optional(Flag),
  },
  { additionalProperties: false },
);

const RequirementsInput = Type.Object(
  {
    picture: Optional(Flag),
    signature: Optional(Flag),
    signature_name: Optional(Flag),
    age_verification: Optional(Flag),
    barcode: Optional(Flag),
  },
  { additionalProperties: false },
);

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** A stop's fields, every one optional: a stop on a new route requires lat and lng, a change none in particular. */
const stopFields = {
  type: Optional(StringEnum(STOP_TYPES)),
  status: Optional(StringEnum(STOP_STATUSES)),
  lat: Optional(Latitude),
  lng: Optional(Longitude),
  street: Optional(OptionalText(200)),
  city: Optional(OptionalText(200)),
  country: Optional(OptionalText(100)),
  recipient_name: Optional(OptionalText(200)),
  recipient_phone: Optional(OptionalText(50)),
  /** Markdown. */
  notes: Optional(OptionalText(5000)),
  arr_time: Optional(NullableSeconds),
  end_time: Optional(NullableSeconds),
  service_time: Optional(Seconds),
  duration: Optional(Type.Integer({ minimum: 0, maximum: MAX_SECONDS / 60 })),
  days_on_the_road: Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  time_windows: Optional(Type.Array(TimeWindowInput, { maxItems: 10 })),
  units: Optional(Type.Array(UnitInput, { maxItems: 1000 })),
  requirements: Optional(RequirementsInput),
  /**
   * Issue 34: the recipient's code, 4 to 8 letters or digits (spaces and dashes left out, any case); null or empty
   * takes it off. Stored hashed, never answered; setting it again unlocks a stop that took too many wrong codes.
   */
  delivery_code: Optional(OptionalText(2 * DELIVERY_CODE_MAX_LENGTH)),
};

/** A stop of a new route, in order; start and end stops are stops of type start and end. */
export const StopInput = Type.Object({ ...stopFields, lat: Latitude, lng: Longitude }, { additionalProperties: false });

export const UpdateStopBody = Type.Object(
  {
    ...stopFields,
    completion_note: Optional(OptionalText(NOTE_MAX)),
    recipient_note: Optional(OptionalText(NOTE_MAX)),
    cleaning_status: Optional(NullableStringEnum(CLEANING_STATUSES)),
  },
  { minProperties: 1, additionalProperties: false },
);

const settingsFields = {
  /** YYYY-MM-DD: the day the route may be started. */
  project_date: Day,
  fulfill_stops_in_any_order: Flag,
  photo_collection: Flag,
  completion_notes: Flag,
  signature_capture: Flag,
  age_verification: Flag,
  /** Issue 19; came later: a replacement without it turns it on, as for a new route. */
  barcode_scanning: Optional(Flag),
  /** Issue 34: a reason on a skipped stop, a place on a delivered one; off unless set, kept when left out. */
  failure_reasons: Optional(Flag),
  delivery_places: Optional(Flag),
  delivery_codes: Optional(Flag),
  arrival_detection: Optional(Flag),
};

/** PUT .../publication-settings replaces every setting (barcode_scanning left out: on). */
export const PublicationSettingsBody = Type.Object(settingsFields, { additionalProperties: false });

export const CreateRouteBody = Type.Object(
  {
    /** An existing project, or a new one made from project_name and date. */
    project_id: Optional(Id),
    project_name: Optional(Text(200)),
    /** YYYY-MM-DD; also the publication settings' project_date unless given. */
    date: Optional(Day),
    organisation_id: Id,
    driver_id: Optional(Nullable(Id)),
    index: Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    vehicle_name: Optional(OptionalText(100)),
    vehicle_profile: Optional(StringEnum(VEHICLE_PROFILES)),
    status: Optional(StringEnum(ROUTE_STATUSES)),
    end_location_defined: Optional(Flag),
    publication_settings: Optional(Type.Partial(PublicationSettingsBody)),
    stops: Type.Array(StopInput, { minItems: 1, maxItems: MAX_STOPS }),
  },
  { additionalProperties: false },
);

export const ReorderBody = Type.Object(
  { stop_ids: Type.Array(Id, { minItems: 1, maxItems: MAX_STOPS }) },
  { additionalProperties: false },
);

export const DriverAssignBody = Type.Object({ driver_id: Nullable(Id) }, { additionalProperties: false });

export const OrganisationParams = Type.Object({ id: Id });
export const RouteParams = Type.Object({ routeId: Id });
export const StopParams = Type.Object({ routeId: Id, stopId: Id });
export const LinkParams = Type.Object({ routeId: Id, linkId: TextString({ minLength: 1, maxLength: 100 }) });

export const DriversQuery = Type.Object({ organisation_id: Optional(Id) });
export const RoutesQuery = Type.Object({
  organisation_id: Optional(Id),
  date: Optional(Day),
  limit: Optional(Type.Integer({ minimum: 1, maximum: 1000, default: ROUTES_DEFAULT_LIMIT })),
});

export type CreateOrganisationRequest = Static<typeof CreateOrganisationBody>;
export type UpdateOrganisationRequest = Static<typeof UpdateOrganisationBody>;
export type CreateDriverRequest = Static<typeof CreateDriverBody>;
export type StopInput = Static<typeof StopInput>;
export type CreateRouteRequest = Static<typeof CreateRouteBody>;
export type UpdateStopRequest = Static<typeof UpdateStopBody>;
export type PublicationSettingsRequest = Static<typeof PublicationSettingsBody>;
export type ReorderRequest = Static<typeof ReorderBody>;
export type DriverAssignRequest = Static<typeof DriverAssignBody>;
export type OrganisationPath = Static<typeof OrganisationParams>;
export type RoutePath = Static<typeof RouteParams>;
export type StopPath = Static<typeof StopParams>;
export type LinkPath = Static<typeof LinkParams>;
export type DriversRequest = Static<typeof DriversQuery>;
export type RoutesRequest = Static<typeof RoutesQuery>;
