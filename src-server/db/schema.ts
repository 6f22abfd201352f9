/**
 * Table types for Kysely. Written for both SQLite and PostgreSQL: booleans are 0/1 integers, JSON is text,
 * instants are ISO 8601 text, dates are YYYY-MM-DD text, so no dialect-specific SQL is needed.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Bool = number;

interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  customer_id: string | null;
  /** JSON: Plan. */
  plan: string;
  /** JSON: OrganisationConfig. */
  config: string;
  subscription_status: string;
  created_at: string;
  /** IANA name; null: the server's TIME_ZONE. */
  time_zone: string | null;
}

interface DriversTable {
  id: Generated<number>;
  organisation_id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: string;
}

interface ProjectsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  date: string;
  created_at: string;
}

export interface RoutesTable {
  id: Generated<number>;
  project_id: number;
  organisation_id: number;
  driver_id: number | null;
  index: number;
  vehicle_name: string | null;
  vehicle_profile: string;
  status: string;
  completion_time: number;
  /** JSON: Distances. */
  distances: string;
  end_location_defined: Bool;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
  /** Migration 009: one more for every change to the route or its stops (repo/route-version.ts). */
  version: Generated<number>;
}

interface PublicationSettingsTable {
  id: Generated<number>;
  route_id: number;
  project_date: string;
  fulfill_stops_in_any_order: Bool;
  photo_collection: Bool;
  completion_notes: Bool;
  signature_capture: Bool;
  age_verification: Bool;
  /** Migration 007; 1 for routes that existed before. */
  barcode_scanning: Bool;
  /** Migration 011 (issue 34); 0 for routes that existed before. */
  failure_reasons: Bool;
  delivery_places: Bool;
  /** Migration 012 (issue 34); 0 for routes that existed before. */
  delivery_codes: Bool;
  arrival_detection: Bool;
}

interface StopsTable {
  id: Generated<number>;
  route_id: number;
  position: number;
  type: string;
  status: string;
  arr_time: number | null;
  end_time: number | null;
  finish_time: number | null;
  service_time: number;
  duration: number;
  days_on_the_road: number;
  lat: number;
  lng: number;
  street: string | null;
  city: string | null;
  country: string | null;
  recipient_name: string | null;
  recipient_phone: string | null;
  notes: string | null;
  /** JSON: TimeWindow[]. */
  time_windows: string;
  /** JSON: Unit[]. */
  units: string;
  /** JSON: Requirements. */
  requirements: string;
  /** JSON: image ids, in order. */
  image_ids: string;
  signature_image_id: number | null;
  signature_name: string | null;
  age_verified: Bool;
  recipient_date_of_birth: string | null;
  recipient_note: string | null;
  completion_note: string | null;
  cleaning_status: string | null;
  cleaning_definition: string | null;
  sticker: Bool | null;
  completed_at: string | null;
  received_at: string | null;
  updated_at: string;
  /**
   * When the dispatcher took the stop off its route (migration 008); null while it is on it. A removed stop is on no
   * route the driver sees, in no count and no order, but its row stays for what the driver sent for it.
   */
  removed_at: string | null;
  /** Migration 011 (issue 34): the current completion's failure reason (a code), and its place (JSON: DeliveryPlaceRecord). */
  failure_reason: string | null;
  delivery_place: string | null;
  /** Migration 012 (issue 34): the recipient's code as src-server/domain/delivery-code.ts hashes it; null: none. */
  delivery_code_hash: string | null;
  /** Migration 012: wrong codes typed for this stop, each counted in one statement (delivery-code.ts). */
  delivery_code_wrong: Generated<number>;
  /** Migration 013 (issue 34): the first arrival, on the phone's clock, and who noticed it ('driver' or 'phone'). */
  arrived_at: string | null;
  arrival_by: string | null;
}

interface ImagesTable {
  id: Generated<number>;
  stop_id: number;
  kind: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  data: Uint8Array;
  created_at: string;
}

/**
 * Every stop update as received: the history the dispatcher sees, and the idempotency record. stop_id references
 * no stop (migration 003): the record outlives a stop removed later.
 */
interface CompletionsTable {
  id: Generated<number>;
  stop_id: number;
  route_id: number;
  /** Who sent it: "driver:12" or "link:abc". */
  principal: string;
  idempotency_key: string | null;
  request_hash: string;
  status: string;
  /** JSON: the request with images replaced by image ids. */
  body: string;
  finish_time: number | null;
  completed_at: string | null;
  received_at: string;
  /** JSON: the stop as the first answer had it; a retry with the same key replays it (repo/completions.ts). */
  result: string;
  /** The route's updated_at in the first answer: the version of the route that answer showed. */
  route_updated_at: string;
  /**
   * 1: a late update for a stop already done on a finished route, stored beside the stop's current completion and
   * never applied to the stop (migration 008). 0: the stop took it; the newest such record is the stop's current one.
   */
  kept_beside: Generated<Bool>;
}

interface RefreshTokensTable {
  jti: string;
  family_id: string;
  driver_id: number;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
  replaced_by: string | null;
  revoked_at: string | null;
}

interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  driver_id: number | null;
  requested_at: string;
  client_ip: string | null;
}

interface LocationsTable {
  id: Generated<number>;
  route_id: number;
  principal: string;
  lat: number | null;
  lng: number | null;
  error: string | null;
  source: string;
  recorded_at: string;
}

interface RouteEventsTable {
  id: Generated<number>;
  route_id: number;
  principal: string;
  type: string;
  /** JSON. */
  body: string;
  /** The body's size in bytes (UTF-8), for the per-sender limit (migration 010; 0 on rows stored before). */
  bytes: Generated<number>;
  source: string;
  received_at: string;
}

interface LinksTable {
  id: string;
  route_id: number;
  created_at: string;
  revoked_at: string | null;
}

/** Failures in a row per "signin:<email>" or "forgot:<email>" (auth/attempt-limit.ts). */
interface AttemptLimitsTable {
  key: string;
  failures: number;
  last_failure_at: string;
  /** No attempt is taken before this instant; null: no wait. */
  wait_until: string | null;
}

/** Requests per route and client address in the current window (http/request-limit-store.ts). */
interface RequestLimitsTable {
  key: string;
  hits: number;
  /** Milliseconds since the epoch; PostgreSQL's bigint arrives as text, so it is read through Number(). */
  window_ends_at: number | string;
}

/** Secrets every process of a PostgreSQL deployment shares when the environment sets none (db/shared-secrets.ts). */
interface ServerSecretsTable {
  name: string;
  value: string;
}

/** Socket events as relayed between processes on PostgreSQL (socket/postgres-hub.ts); kept an hour. */
interface HubEventsTable {
  /** PostgreSQL's bigserial arrives as text: read through Number(). */
  id: Generated<number | string>;
  route_id: number;
  /** The ServerMessage as JSON. */
  body: string;
  created_at: string;
}

export interface Database {
  organisations: OrganisationsTable;
  drivers: DriversTable;
  projects: ProjectsTable;
  routes: RoutesTable;
  publication_settings: PublicationSettingsTable;
  stops: StopsTable;
  images: ImagesTable;
  completions: CompletionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  locations: LocationsTable;
  route_events: RouteEventsTable;
  links: LinksTable;
  attempt_limits: AttemptLimitsTable;
  request_limits: RequestLimitsTable;
  server_secrets: ServerSecretsTable;
  hub_events: HubEventsTable;
}

export type StopRow = Selectable<StopsTable>;
export type RouteRow = Selectable<RoutesTable>;
export type NewStop = Insertable<StopsTable>;
export type StopPatch = Updateable<StopsTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
export type DriverRow = Selectable<DriversTable>;
export type PublicationSettingsRow = Selectable<PublicationSettingsTable>;
