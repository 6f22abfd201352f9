/** Database rows to the API's entities (src-shared/protocol/entities.ts). */

import { randomBytes } from 'node:crypto';
import { DEFAULT_OUTCOME_CONFIG } from '../../src-shared/domain/outcomes/rules.ts';
import { ARRIVAL_RADIUS_DEFAULT_M, DELIVERY_CODE_MAX_WRONG } from '../../src-shared/limits.ts';
import type { StopInput } from '../../src-shared/protocol/dispatch.ts';
import type {
  ArrivalBy,
  CleaningStatus,
  DeliveryPlaceRecord,
  Distances,
  Driver,
  Organisation,
  OrganisationConfig,
  Plan,
  PublicationSettings,
  Requirements,
  Route,
  RouteStatus,
  RouteSummary,
  Stop,
  StopStatus,
  StopSummary,
  StopType,
  TimeWindow,
  Unit,
  VehicleProfile,
} from '../../src-shared/protocol/entities.ts';
import type { DriverRow, OrganisationRow, PublicationSettingsRow, RouteRow, StopRow } from '../db/schema.ts';

export const imageUrl = (id: number) => `/v1/images/${id}`;

export const DEFAULT_REQUIREMENTS: Requirements = {
  picture: false,
  signature: false,
  signature_name: false,
  age_verification: false,
  barcode: false,
};

type UnitInput = NonNullable<StopInput['units']>[number];

/** A new unit's id: random, so two processes creating stops at once never give the same one. */
const newUnitId = () => `u${randomBytes(6).toString('base64url')}`;

/** A unit as the dispatcher gives it, as stored: a new unit (or a replaced one) has no scan yet. */
export function storedUnit(input: UnitInput, id: string = input.id ?? newUnitId()): Unit {
  return {
    id,
    name: input.name,
    quantity: input.quantity,
    note: input.note ?? null,
    barcode: input.barcode ?? null,
    barcode_scanned: input.barcode_scanned ?? false,
    scan_reason: null,
    scan_method: null,
    scanned_at: null,
  };
}

/**
 * The units a dispatcher's change leaves: a unit given again with its id and the same barcode keeps what the driver
 * did with it (scanned, how and when, or the reason it was not), since a renamed or recounted parcel is still the
 * parcel the driver scanned; a new unit, or one whose barcode changed, starts unscanned.
 */
export function changedUnits(input: readonly UnitInput[], stored: readonly Unit[]): Unit[] {
  const byId = new Map(stored.map((u) => [u.id, u]));
  return input.map((u) => {
    const next = storedUnit(u);
    const before = u.id === undefined ? undefined : byId.get(u.id);
    if (!before || before.barcode !== next.barcode || u.barcode_scanned !== undefined) return next;
    const { barcode_scanned, scan_reason, scan_method, scanned_at } = before;
    return { ...next, barcode_scanned, scan_reason, scan_method, scanned_at };
  });
}

/** Units stored before scans had their own fields (issue 19) read as never scanned or marked. */
export const parseUnits = (json: string): Unit[] =>
  (JSON.parse(json) as Partial<Unit>[]).map((u) => ({
    ...(u as Unit),
    scan_reason: u.scan_reason ?? null,
    scan_method: u.scan_method ?? (u.barcode_scanned ? 'camera' : null),
    scanned_at: u.scanned_at ?? null,
  }));

export function serializeStop(row: StopRow): Stop {
  const units = parseUnits(row.units);
  return {
    id: row.id,
    type: row.type as StopType,
    status: row.status as StopStatus,
    arr_time: row.arr_time,
    end_time: row.end_time,
    finish_time: row.finish_time,
    service_time: row.service_time,
    duration: row.duration,
    count: units.reduce((sum, u) => sum + u.quantity, 0),
    days_on_the_road: row.days_on_the_road,
    address: { lat: row.lat, lng: row.lng },
    information: {
      street: row.street,
      city: row.city,
      country: row.country,
      recipient_name: row.recipient_name,
      recipient_phone: row.recipient_phone,
      notes: row.notes,
    },
    time_windows: JSON.parse(row.time_windows) as TimeWindow[],
    units,
    requirements: { ...DEFAULT_REQUIREMENTS, ...(JSON.parse(row.requirements) as Partial<Requirements>) },
    images: (JSON.parse(row.image_ids) as number[]).map(imageUrl),
    signature: row.signature_image_id === null ? null : imageUrl(row.signature_image_id),
    signature_name: row.signature_name,
    age_verified: row.age_verified === 1,
    recipient_date_of_birth: row.recipient_date_of_birth,
    recipient_note: row.recipient_note,
    completion_note: row.completion_note,
    cleaning_status: row.cleaning_status as CleaningStatus | null,
    cleaning_definition: row.cleaning_definition,
    sticker: row.sticker === null ? null : row.sticker === 1,
    failure_reason: row.failure_reason,
    delivery_place: row.delivery_place === null ? null : (JSON.parse(row.delivery_place) as DeliveryPlaceRecord),
    // Whether the stop has a code and how many wrong ones it still takes; never the code or its hash.
    delivery_code_required: row.delivery_code_hash !== null,
    ...(row.delivery_code_hash === null
      ? {}
      : { delivery_code_tries_left: Math.max(0, DELIVERY_CODE_MAX_WRONG - row.delivery_code_wrong) }),
    arrived_at: row.arrived_at,
    arrival_by: row.arrival_by as ArrivalBy | null,
    completed_at: row.completed_at,
    received_at: row.received_at,
    updated_at: row.updated_at,
  };
}

export function serializeSettings(row: PublicationSettingsRow): PublicationSettings {
  return {
    id: row.id,
    project_date: row.project_date,
    fulfill_stops_in_any_order: row.fulfill_stops_in_any_order === 1,
    photo_collection: row.photo_collection === 1,
    completion_notes: row.completion_notes === 1,
    signature_capture: row.signature_capture === 1,
    age_verification: row.age_verification === 1,
    barcode_scanning: row.barcode_scanning === 1,
    failure_reasons: row.failure_reasons === 1,
    delivery_places: row.delivery_places === 1,
    delivery_codes: row.delivery_codes === 1,
    arrival_detection: row.arrival_detection === 1,
  };
}

export interface RouteRecord {
  route: RouteRow;
  projectName: string;
  projectDate: string;
  settings: PublicationSettingsRow;
}

function routeBase({ route, projectName, projectDate, settings }: RouteRecord) {
  return {
    id: route.id,
    project_id: route.project_id,
    projectName,
    date: projectDate,
    status: route.status as RouteStatus,
    index: route.index,
    vehicle_name: route.vehicle_name,
    vehicle_profile: route.vehicle_profile as VehicleProfile,
    completion_time: route.completion_time,
    distances: JSON.parse(route.distances) as Distances,
    end_location_defined: route.end_location_defined === 1,
    driver: route.driver_id === null ? null : { id: route.driver_id },
    publication_settings: serializeSettings(settings),
    updated_at: route.updated_at,
    version: Number(route.version),
  };
}

export function serializeRoute(record: RouteRecord, stops: StopRow[], fetchedAt: string): Route {
  return { ...routeBase(record), stops: stops.map(serializeStop), fetched_at: fetchedAt };
}

function stopSummary(row: StopRow | undefined): StopSummary | null {
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as StopType,
    status: row.status as StopStatus,
    arr_time: row.arr_time,
    address: { lat: row.lat, lng: row.lng },
    information: { street: row.street, city: row.city, recipient_name: row.recipient_name },
  };
}

/** What a route card needs of its stops: the counts, and the start and end. */
export interface StopTally {
  /** Stops excluding start and end. */
  stop_count: number;
  /** Of those, the finished or skipped ones. */
  done_count: number;
  start: StopRow | undefined;
  end: StopRow | undefined;
}

/** The tally of a route whose stops are all at hand (the route list reads it from the database instead). */
export function tallyStops(stops: StopRow[]): StopTally {
  const work = stops.filter((s) => s.type !== 'start' && s.type !== 'end');
  return {
    stop_count: work.length,
    done_count: work.filter((s) => s.status === 'finished' || s.status === 'skipped').length,
    start: stops.find((s) => s.type === 'start'),
    end: stops.findLast((s) => s.type === 'end'),
  };
}

export function serializeRouteSummary(record: RouteRecord, tally: StopTally): RouteSummary {
  return {
    ...routeBase(record),
    stop_count: tally.stop_count,
    done_count: tally.done_count,
    start_stop: stopSummary(tally.start),
    end_stop: stopSummary(tally.end),
  };
}

/** The plan flags that came later (issue 34): off where a stored plan lacks them. */
const LATER_PLAN_FLAGS: Partial<Plan> = {
  ft_failure_reasons: false,
  ft_delivery_places: false,
  ft_delivery_codes: false,
  ft_arrival_detection: false,
};

/** The config that came later (issue 34): the defaults of an organisation that set none, where a stored one lacks it. */
const LATER_CONFIG: Partial<OrganisationConfig> = {
  failure_reasons: null,
  code_exempt_places: [...DEFAULT_OUTCOME_CONFIG.codeExemptPlaces],
  arrival_radius_m: ARRIVAL_RADIUS_DEFAULT_M,
  arrival_auto_record: false,
};

/** `defaultTimeZone`: the server's TIME_ZONE, for an organisation without a zone of its own. */
export function serializeOrganisation(row: OrganisationRow, defaultTimeZone: string): Organisation {
  return {
    id: row.id,
    name: row.name,
    customer_id: row.customer_id,
    // Flags and config that came later (issue 34) are off, or the default list, where a stored row lacks them.
    plan: { ...LATER_PLAN_FLAGS, ...(JSON.parse(row.plan) as Partial<Plan>) } as Plan,
    config: { ...LATER_CONFIG, ...(JSON.parse(row.config) as Partial<OrganisationConfig>) } as OrganisationConfig,
    subscription_status: row.subscription_status as Organisation['subscription_status'],
    time_zone: row.time_zone ?? defaultTimeZone,
  };
}

/** The driver's record without the password hash. */
export function serializeDriver(row: DriverRow): Driver {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    organisation_id: row.organisation_id,
  };
}
