/**
 * Entities as the API answers them (spec section 3). Shared by the server, the worker and the UI.
 * Times of day (arr_time, end_time, finish_time, time windows) are seconds since local midnight.
 * Instants (completed_at, received_at, updated_at) are ISO 8601 strings.
 */

export const ROUTE_STATUSES = ['planned', 'optimized', 'in_progress', 'finished'] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

export const STOP_TYPES = ['start', 'pickup', 'delivery', 'break', 'end'] as const;
export type StopType = (typeof STOP_TYPES)[number];

export const STOP_STATUSES = ['pending', 'finished', 'skipped'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];

export const VEHICLE_PROFILES = ['car', 'bicycle'] as const;
export type VehicleProfile = (typeof VEHICLE_PROFILES)[number];

export const CLEANING_STATUSES = ['washed', 'not_outside', 'dirty', 'full', 'other'] as const;
export type CleaningStatus = (typeof CLEANING_STATUSES)[number];

/** A window of 0..86340 seconds means "no window" (spec section 9). */
export interface TimeWindow {
  earliest: number;
  latest: number;
}

/** Why a unit with a barcode was not scanned at delivery (issue 19): the driver marks it so. */
export const UNIT_SCAN_REASONS = ['missing', 'damaged'] as const;
export type UnitScanReason = (typeof UNIT_SCAN_REASONS)[number];

/** How a unit's code was taken: read by the camera, or typed from a label the camera could not read. */
export const UNIT_SCAN_METHODS = ['camera', 'manual'] as const;
export type UnitScanMethod = (typeof UNIT_SCAN_METHODS)[number];

export interface Unit {
  id: string;
  /** Only the text before a plus sign is displayed. */
  name: string;
  quantity: number;
  note: string | null;
  barcode: string | null;
  barcode_scanned: boolean;
  /** Extension (issue 19): why the unit was not scanned, as the driver marked it; null when scanned or unmarked. */
  scan_reason: UnitScanReason | null;
  /** Extension: how a scanned unit's code was taken; null when not scanned. */
  scan_method: UnitScanMethod | null;
  /**
   * Extension: when the unit was scanned or marked, on the device's clock (ISO 8601); null when neither. The server's
   * time of receipt is the stop's `received_at`.
   */
  scanned_at: string | null;
}

/** Where a delivered parcel went (issue 34, docs/delivery-outcomes.md). */
/** Who recorded a stop's arrival (issue 34): the driver, with Arrived on the prompt, or the phone by itself. */
export const ARRIVAL_BY = ['driver', 'phone'] as const;
export type ArrivalBy = (typeof ARRIVAL_BY)[number];

export const DELIVERY_PLACES = ['recipient', 'neighbour', 'safe_place', 'mailbox'] as const;
export type DeliveryPlace = (typeof DELIVERY_PLACES)[number];

/** Extension (issue 34): a delivered stop's place as stored; the fields of the other places are null. */
export interface DeliveryPlaceRecord {
  place: DeliveryPlace;
  neighbour_name: string | null;
  neighbour_house_number: string | null;
  safe_place: string | null;
}

export interface Requirements {
  picture: boolean;
  signature: boolean;
  signature_name: boolean;
  age_verification: boolean;
  barcode: boolean;
}

export interface StopInformation {
  street: string | null;
  city: string | null;
  country: string | null;
  recipient_name: string | null;
  recipient_phone: string | null;
  /** Markdown. */
  notes: string | null;
}

export interface Stop {
  id: number;
  type: StopType;
  status: StopStatus;
  arr_time: number | null;
  end_time: number | null;
  /** Seconds since midnight at which the driver completed the stop. */
  finish_time: number | null;
  service_time: number;
  duration: number;
  count: number;
  days_on_the_road: number;
  address: { lat: number; lng: number };
  information: StopInformation;
  time_windows: TimeWindow[];
  units: Unit[];
  requirements: Requirements;
  /** URLs of the proof photos, readable with the same bearer token. */
  images: string[];
  /** URL of the signature image, or null. */
  signature: string | null;
  signature_name: string | null;
  age_verified: boolean;
  /** YYYY-MM-DD. */
  recipient_date_of_birth: string | null;
  recipient_note: string | null;
  completion_note: string | null;
  cleaning_status: CleaningStatus | null;
  cleaning_definition: string | null;
  sticker: boolean | null;
  /** Extension (issue 34): the code of the reason a skipped stop failed; null without one. */
  failure_reason: string | null;
  /** Extension (issue 34): where a delivered stop's parcel went; null without one. */
  delivery_place: DeliveryPlaceRecord | null;
  /**
   * Extension (issue 34): the dispatcher set a recipient's code on this stop. The code itself never leaves the server,
   * in clear or hashed (docs/delivery-outcomes.md); absent from a copy stored before.
   */
  delivery_code_required?: boolean;
  /** Extension (issue 34): with a code, the wrong codes the stop still takes (0: locked to the exempt outcomes). */
  delivery_code_tries_left?: number;
  /**
   * Extension (issue 34): when the driver arrived (the phone's clock), the first arrival recorded, and whether the
   * driver said so (Arrived on the prompt) or the phone recorded it by itself; null before. Absent from older copies.
   */
  arrived_at?: string | null;
  arrival_by?: ArrivalBy | null;
  /** When the driver completed the stop (the device's clock), and when the server received it. */
  completed_at: string | null;
  received_at: string | null;
  updated_at: string;
}

export interface PublicationSettings {
  id: number;
  /** YYYY-MM-DD: the day the route may be started. */
  project_date: string;
  fulfill_stops_in_any_order: boolean;
  photo_collection: boolean;
  completion_notes: boolean;
  signature_capture: boolean;
  age_verification: boolean;
  /** Extension (issue 19): the driver may scan a stop's units (and a stop's `barcode` requirement applies). */
  barcode_scanning: boolean;
  /** Extension (issue 34): a skipped stop says why, from the organisation's list (with the plan's flag). */
  failure_reasons: boolean;
  /** Extension (issue 34): a delivered stop says where the parcel went (with the plan's flag). */
  delivery_places: boolean;
  /** Extension (issue 34): a stop's recipient code is asked on Delivered (with the plan's flag). */
  delivery_codes: boolean;
  /** Extension (issue 34): the phone notices arrival at the next stop (with the plan's flag). */
  arrival_detection: boolean;
}

export interface Distances {
  /** Metres along the planned route. */
  total: number;
  /** Metres of each leg, from each stop to the next. */
  legs: number[];
}

interface RouteBase {
  id: number;
  project_id: number;
  projectName: string;
  /** The project's date, YYYY-MM-DD. */
  date: string;
  status: RouteStatus;
  index: number;
  vehicle_name: string | null;
  vehicle_profile: VehicleProfile;
  /** Seconds. */
  completion_time: number;
  distances: Distances;
  end_location_defined: boolean;
  driver: { id: number } | null;
  publication_settings: PublicationSettings;
  updated_at: string;
  /**
   * Extension (issue 30): one more for every change to the route or its stops, in the order they were stored. Socket
   * events carry the version they bring the route to (src-shared/domain/route-version.ts). Absent from a copy stored
   * by an app version before it.
   */
  version: number;
}

export interface Route extends RouteBase {
  stops: Stop[];
  /** Server time of this answer; real-time stop updates older than it are stale. */
  fetched_at: string;
}

/** The part of a stop a route card shows. */
export interface StopSummary {
  id: number;
  type: StopType;
  status: StopStatus;
  arr_time: number | null;
  address: { lat: number; lng: number };
  information: Pick<StopInformation, 'street' | 'city' | 'recipient_name'>;
}

/** A route in the list: no stop list, but the counts and end points a card needs. */
export interface RouteSummary extends RouteBase {
  /** Stops excluding start and end. */
  stop_count: number;
  /** Of those, the finished or skipped ones. */
  done_count: number;
  start_stop: StopSummary | null;
  end_stop: StopSummary | null;
}

export interface ProjectEntry {
  project_id: number;
  project_name: string;
  date: string;
  routes: RouteSummary[];
}

export interface Driver {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  organisation_id: number;
}

export const PLAN_FLAGS = [
  'ft_live_status_updates',
  'ft_realtime_driver_tracking',
  'ft_signature_collection',
  'ft_age_verification',
  'ft_photo_collection',
  'ft_completion_notes',
  /** Extension (issue 19): scanning units' barcodes at the stop. */
  'ft_barcode_scanning',
  /** Extension (issue 34): a reason on a skipped stop; off unless set. */
  'ft_failure_reasons',
  /** Extension (issue 34): a place on a delivered stop; off unless set. */
  'ft_delivery_places',
  /** Extension (issue 34): a recipient's code on a delivered stop; off unless set. */
  'ft_delivery_codes',
  /** Extension (issue 34): arrival noticed by the phone; off unless set. */
  'ft_arrival_detection',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
export type Plan = { name: string } & Record<PlanFlag, boolean>;

/** A reason a stop could not be done, as the organisation sets it (issue 34). */
export interface FailureReasonSetting {
  /** a-z, 0-9 and _, starting with a letter; a default code has the app's own words. */
  code: string;
  /** The organisation's words for a code of its own; null for a default code. */
  label: string | null;
  /** Skipping for this reason needs a photo. */
  photo: boolean;
  /** Skipping for this reason needs a note. */
  note: boolean;
}

export interface OrganisationConfig {
  allowed_to_call_recipient: boolean;
  require_name_with_signature: boolean;
  /** Extension (issue 34): the organisation's failure reasons; null: the default list (domain/outcomes/rules.ts). */
  failure_reasons: FailureReasonSetting[] | null;
  /** Extension (issue 34): the places that stand in for a stop's code (default: a neighbour). */
  code_exempt_places: DeliveryPlace[];
  /** Extension (issue 34): how near the next stop, in metres, counts as arrived (default 50). */
  arrival_radius_m: number;
  /** Extension (issue 34): an arrival the phone notices is recorded by itself, not only offered (default off). */
  arrival_auto_record: boolean;
}

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface Organisation {
  id: number;
  name: string;
  customer_id: string | null;
  plan: Plan;
  config: OrganisationConfig;
  subscription_status: SubscriptionStatus;
  /**
   * IANA name of the zone the organisation's route dates and times of day (arr_time, finish_time, windows) are
   * in: its own, else the server's TIME_ZONE.
   */
  time_zone: string;
}
