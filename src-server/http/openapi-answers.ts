/**
 * What the API answers, as JSON Schema 2020-12 for the OpenAPI document (issue 48). The server does not serialise
 * with these (answers are plain JSON.stringify, as before): they describe src-shared/protocol's types, and
 * tests/server/openapi-examples.test.ts checks real answers against them, so they cannot drift unnoticed.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import {
  ARRIVAL_BY,
  CLEANING_STATUSES,
  DELIVERY_PLACES,
  PLAN_FLAGS,
  ROUTE_STATUSES,
  STOP_STATUSES,
  STOP_TYPES,
  SUBSCRIPTION_STATUSES,
  UNIT_SCAN_METHODS,
  UNIT_SCAN_REASONS,
  VEHICLE_PROFILES,
} from '../../src-shared/protocol/entities.ts';

/** A schema named in components.schemas. */
const Ref = (name: string) => Type.Unsafe({ $ref: `#/components/schemas/${name}` });
const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const OneOf = (values: readonly string[]) => Type.String({ enum: [...values] });
const Int = Type.Integer();
const Str = Type.String();
const Instant = Type.String({ description: 'ISO 8601 instant' });
const Bool = Type.Boolean();

const ApiErrorAnswer = Type.Object(
  { message: Str, field: Type.Optional(Type.String({ description: 'The request field the refusal is about' })) },
  { title: 'ApiError', additionalProperties: false },
);

const LatLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });

const Unit = Type.Object({
  id: Str,
  name: Str,
  quantity: Type.Number(),
  note: OrNull(Str),
  barcode: OrNull(Str),
  barcode_scanned: Bool,
  scan_reason: OrNull(OneOf(UNIT_SCAN_REASONS)),
  scan_method: OrNull(OneOf(UNIT_SCAN_METHODS)),
  scanned_at: OrNull(Instant),
});

const Requirements = Type.Object({
  picture: Bool,
  signature: Bool,
  signature_name: Bool,
  age_verification: Bool,
  barcode: Bool,
});

const StopInformation = Type.Object({
  street: OrNull(Str),
  city: OrNull(Str),
  country: OrNull(Str),
  recipient_name: OrNull(Str),
  recipient_phone: OrNull(Str),
  notes: OrNull(Type.String({ description: 'Markdown' })),
});

const DeliveryPlaceRecord = Type.Object({
  place: OneOf(DELIVERY_PLACES),
  neighbour_name: OrNull(Str),
  neighbour_house_number: OrNull(Str),
  safe_place: OrNull(Str),
});

export const StopAnswer = Type.Object(
  {
    id: Int,
    type: OneOf(STOP_TYPES),
    status: OneOf(STOP_STATUSES),
    arr_time: OrNull(Type.Integer({ description: 'Seconds since local midnight' })),
    end_time: OrNull(Int),
    finish_time: OrNull(Int),
    service_time: Type.Number(),
    duration: Type.Number(),
    count: Type.Number(),
    days_on_the_road: Type.Number(),
    address: LatLng,
    information: StopInformation,
    time_windows: Type.Array(Type.Object({ earliest: Int, latest: Int })),
    units: Type.Array(Unit),
    requirements: Requirements,
    images: Type.Array(Type.String({ description: 'URL of a proof photo, read with the same bearer token' })),
    signature: OrNull(Str),
    signature_name: OrNull(Str),
    age_verified: Bool,
    recipient_date_of_birth: OrNull(Str),
    recipient_note: OrNull(Str),
    completion_note: OrNull(Str),
    cleaning_status: OrNull(OneOf(CLEANING_STATUSES)),
    cleaning_definition: OrNull(Str),
    sticker: OrNull(Bool),
    failure_reason: OrNull(Str),
    delivery_place: OrNull(DeliveryPlaceRecord),
    delivery_code_required: Type.Optional(Bool),
    delivery_code_tries_left: Type.Optional(Int),
    arrived_at: Type.Optional(OrNull(Instant)),
    arrival_by: Type.Optional(OrNull(OneOf(ARRIVAL_BY))),
    completed_at: OrNull(Instant),
    received_at: OrNull(Instant),
    updated_at: Instant,
  },
  { title: 'Stop' },
);

export const PublicationSettingsAnswer = Type.Object(
  {
    id: Int,
    project_date: Type.String({ description: 'YYYY-MM-DD' }),
    fulfill_stops_in_any_order: Bool,
    photo_collection: Bool,
    completion_notes: Bool,
    signature_capture: Bool,
    age_verification: Bool,
    barcode_scanning: Bool,
    failure_reasons: Bool,
    delivery_places: Bool,
    delivery_codes: Bool,
    arrival_detection: Bool,
  },
  { title: 'PublicationSettings' },
);

const routeBase = {
  id: Int,
  project_id: Int,
  projectName: Str,
  date: Str,
  status: OneOf(ROUTE_STATUSES),
  index: Int,
  vehicle_name: OrNull(Str),
  vehicle_profile: OneOf(VEHICLE_PROFILES),
  completion_time: Type.Number(),
  distances: Type.Object({ total: Type.Number(), legs: Type.Array(Type.Number()) }),
  end_location_defined: Bool,
  driver: OrNull(Type.Object({ id: Int })),
  publication_settings: Ref('PublicationSettings'),
  updated_at: Instant,
  version: Int,
};

export const RouteAnswer = Type.Object(
  { ...routeBase, stops: Type.Array(Ref('Stop')), fetched_at: Instant },
  { title: 'Route' },
);

const StopSummary = Type.Object({
  id: Int,
  type: OneOf(STOP_TYPES),
  status: OneOf(STOP_STATUSES),
  arr_time: OrNull(Int),
  address: LatLng,
  information: Type.Object({ street: OrNull(Str), city: OrNull(Str), recipient_name: OrNull(Str) }),
});

const routeSummary = {
  ...routeBase,
  stop_count: Int,
  done_count: Int,
  start_stop: OrNull(StopSummary),
  end_stop: OrNull(StopSummary),
};

export const ProjectListAnswer = Type.Array(
  Type.Object({ project_id: Int, project_name: Str, date: Str, routes: Type.Array(Type.Object(routeSummary)) }),
);

export const DispatchRouteListAnswer = Type.Array(Type.Object({ ...routeSummary, organisation_id: Int }));

export const DispatchRouteDetailAnswer = Type.Object({
  ...routeBase,
  stops: Type.Array(Ref('Stop')),
  fetched_at: Instant,
  organisation_id: Int,
  completions: Type.Array(
    Type.Object({
      id: Int,
      stop_id: Int,
      status: Str,
      principal: Type.String({ description: 'driver:ID or link:ID' }),
      idempotency_key: OrNull(Str),
      body: Type.Unknown({ description: 'The completion as the app sent it, images replaced by their URLs' }),
      image_urls: Type.Array(Str),
      signature_url: OrNull(Str),
      finish_time: OrNull(Int),
      completed_at: OrNull(Instant),
      received_at: Instant,
      current: Bool,
      role: OneOf(['current', 'superseded', 'late']),
    }),
  ),
  removed_stops: Type.Array(Type.Intersect([Ref('Stop'), Type.Object({ removed_at: Instant })])),
  locations: Type.Array(
    Type.Object({
      id: Int,
      principal: Str,
      lat: OrNull(Type.Number()),
      lng: OrNull(Type.Number()),
      error: OrNull(Str),
      source: Str,
      recorded_at: Instant,
    }),
  ),
  events: Type.Array(
    Type.Object({ id: Int, principal: Str, type: Str, body: Type.Unknown(), source: Str, received_at: Instant }),
  ),
  links: Type.Array(Type.Object({ id: Str, created_at: Instant, revoked_at: OrNull(Instant) })),
});

/** A completion's answer: the whole route, or the stored stop alone when the route was finished or it was removed. */
export const StopUpdateAnswer = Type.Union([
  Type.Array(Ref('Route'), { minItems: 1, maxItems: 1 }),
  Type.Array(
    Type.Object({
      id: Int,
      project_id: Int,
      updated_at: Instant,
      partial: Type.Literal(true),
      stop_removed: Type.Optional(Type.Literal(true)),
      stops: Type.Array(Ref('Stop'), { minItems: 1, maxItems: 1 }),
    }),
    { minItems: 1, maxItems: 1 },
  ),
]);

const FailureReasonSetting = Type.Object({ code: Str, label: OrNull(Str), photo: Bool, note: Bool });

export const OrganisationAnswer = Type.Object(
  {
    id: Int,
    name: Str,
    customer_id: OrNull(Str),
    plan: Type.Object({ name: Str, ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, Bool])) }),
    config: Type.Object({
      allowed_to_call_recipient: Bool,
      require_name_with_signature: Bool,
      failure_reasons: OrNull(Type.Array(FailureReasonSetting)),
      code_exempt_places: Type.Array(OneOf(DELIVERY_PLACES)),
      arrival_radius_m: Type.Number(),
      arrival_auto_record: Bool,
    }),
    subscription_status: OneOf(SUBSCRIPTION_STATUSES),
    time_zone: Type.String({ description: 'IANA time zone name' }),
  },
  { title: 'Organisation' },
);

export const DriverAnswer = Type.Object(
  { id: Int, first_name: Str, last_name: Str, email: Str, phone: OrNull(Str), organisation_id: Int },
  { title: 'Driver' },
);

export const TokenPairAnswer = Type.Object({
  accessToken: Str,
  refreshToken: Str,
  expiresAt: Type.Integer({ description: 'When the access token expires, epoch milliseconds' }),
});

export const SignInAnswer = Type.Union([
  Type.Object({ email: Str, next: Type.Literal('password') }, { description: 'Step one: the email is known' }),
  TokenPairAnswer,
]);

export const OkAnswer = Type.Object({ ok: Type.Literal(true) });
export const MessageAnswer = Type.Object({ message: Str });
export const DeliveryCodeAnswer = Type.Object({ right: Bool, tries_left: Int });
export const ArrivalAnswer = Type.Object({ arrived_at: Instant, arrival_by: OneOf(ARRIVAL_BY) });
export const OsrmAnswer = Type.Object({
  code: Type.Literal('Ok'),
  routes: Type.Array(Type.Object({ geometry: Str, distance: Type.Number(), duration: Type.Number() })),
  fallback: Type.Optional(Bool),
});
export const AppConfigAnswer = Type.Object({
  mapStyles: Type.Object({ light: OrNull(Str), dark: OrNull(Str), standard: OrNull(Str) }),
  traceUrl: OrNull(Str),
  cleaningCustomerId: Str,
  internalNotesCustomerId: Str,
  supportUrl: Str,
  termsUrl: Str,
  privacyUrl: Str,
});
export const LinkAnswer = Type.Object({ url: Str, token: Str, linkId: Str });
export const LinkRevokeAnswer = Type.Object({ linkId: Str, revoked_at: Instant });
export const CspReportsAnswer = Type.Array(
  Type.Object({ receivedAt: Instant, directive: Str, blocked: Str, document: Str }),
);

/** The schemas the answers refer to by name ($ref), put under components.schemas. */
export const NAMED_ANSWERS: Record<string, TSchema> = {
  ApiError: ApiErrorAnswer,
  Stop: StopAnswer,
  PublicationSettings: PublicationSettingsAnswer,
  Route: RouteAnswer,
  Organisation: OrganisationAnswer,
  Driver: DriverAnswer,
};
