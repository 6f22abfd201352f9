/**
 * JSON schemas of the dispatcher API's bodies, paths and queries (types in src-shared/protocol/dispatch.ts).
 * Bodies are strict (validation.ts): a wrong type or an unknown field is a 400 naming the field.
 * Nullable fields use Ajv's `nullable` keyword, which strict mode accepts without union types.
 */
import {
  CLEANING_STATUSES,
  PLAN_FLAGS,
  ROUTE_STATUSES,
  STOP_STATUSES,
  STOP_TYPES,
  SUBSCRIPTION_STATUSES,
  VEHICLE_PROFILES,
} from '../../src-shared/protocol/entities.ts';
import { NOTE_MAX_LENGTH } from '../../src-shared/protocol/http.ts';
import { EMAIL_MAX_LENGTH } from './auth-routes.ts';

export const MAX_STOPS = 1000;
/** Times of day may run past midnight on multi-day routes (days_on_the_road): up to a week. */
const MAX_SECONDS = 7 * 86_400;

const id = { type: 'integer', minimum: 1 } as const;
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const optionalText = (maxLength: number) => ({ type: 'string', nullable: true, maxLength }) as const;
const flag = { type: 'boolean' } as const;
const date = { type: 'string', format: 'day' } as const;
const seconds = { type: 'integer', minimum: 0, maximum: MAX_SECONDS } as const;
const nullableSeconds = { ...seconds, nullable: true } as const;

const planSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { name: text(100), ...Object.fromEntries(PLAN_FLAGS.map((name) => [name, flag])) },
} as const;

const configSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { allowed_to_call_recipient: flag, require_name_with_signature: flag },
} as const;

const organisationFields = {
  name: text(200),
  customer_id: optionalText(200),
  plan: planSchema,
  config: configSchema,
  subscription_status: { type: 'string', enum: [...SUBSCRIPTION_STATUSES] },
  /** Checked against Intl's time zones in repo/organisations.ts. */
  time_zone: optionalText(64),
} as const;

export const createOrganisationBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: organisationFields,
} as const;

export const updateOrganisationBody = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: organisationFields,
} as const;

export const createDriverBody = {
  type: 'object',
  required: ['email', 'password', 'first_name', 'last_name', 'organisation_id'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
    password: { type: 'string', minLength: 8, maxLength: 1024 },
    first_name: text(100),
    last_name: text(100),
    phone: optionalText(50),
    organisation_id: id,
  },
} as const;

const timeWindowSchema = {
  type: 'object',
  required: ['earliest', 'latest'],
  additionalProperties: false,
  // A window that ends before it starts can never be met.
  properties: { earliest: seconds, latest: { ...seconds, minimum: { $data: '1/earliest' } } },
} as const;

const unitSchema = {
  type: 'object',
  required: ['name', 'quantity'],
  additionalProperties: false,
  properties: {
    id: text(100),
    name: text(500),
    quantity: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    note: optionalText(NOTE_MAX_LENGTH),
    barcode: optionalText(200),
    barcode_scanned: flag,
  },
} as const;

const requirementsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { picture: flag, signature: flag, signature_name: flag, age_verification: flag, barcode: flag },
} as const;

const stopFields = {
  type: { type: 'string', enum: [...STOP_TYPES] },
  status: { type: 'string', enum: [...STOP_STATUSES] },
  lat: { type: 'number', minimum: -90, maximum: 90 },
  lng: { type: 'number', minimum: -180, maximum: 180 },
  street: optionalText(200),
  city: optionalText(200),
  country: optionalText(100),
  recipient_name: optionalText(200),
  recipient_phone: optionalText(50),
  notes: optionalText(5000),
  arr_time: nullableSeconds,
  end_time: nullableSeconds,
  service_time: seconds,
  duration: { type: 'integer', minimum: 0, maximum: MAX_SECONDS / 60 },
  days_on_the_road: { type: 'integer', minimum: 0, maximum: 365 },
  time_windows: { type: 'array', maxItems: 10, items: timeWindowSchema },
  units: { type: 'array', maxItems: 1000, items: unitSchema },
  requirements: requirementsSchema,
} as const;

const stopInputSchema = {
  type: 'object',
  required: ['lat', 'lng'],
  additionalProperties: false,
  properties: stopFields,
} as const;

export const updateStopBody = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    ...stopFields,
    completion_note: optionalText(NOTE_MAX_LENGTH),
    recipient_note: optionalText(NOTE_MAX_LENGTH),
    cleaning_status: { type: 'string', nullable: true, enum: [...CLEANING_STATUSES, null] },
  },
} as const;

const settingsFields = {
  project_date: date,
  fulfill_stops_in_any_order: flag,
  photo_collection: flag,
  completion_notes: flag,
  signature_capture: flag,
  age_verification: flag,
  barcode_scanning: flag,
} as const;

export const publicationSettingsBody = {
  type: 'object',
  // barcode_scanning came later (issue 19): a replacement without it turns it on, as for a new route.
  required: Object.keys(settingsFields).filter((key) => key !== 'barcode_scanning'),
  additionalProperties: false,
  properties: settingsFields,
} as const;

export const createRouteBody = {
  type: 'object',
  required: ['organisation_id', 'stops'],
  additionalProperties: false,
  properties: {
    project_id: id,
    project_name: text(200),
    date,
    organisation_id: id,
    driver_id: { ...id, nullable: true },
    index: { type: 'integer', minimum: 0, maximum: 100_000 },
    vehicle_name: optionalText(100),
    vehicle_profile: { type: 'string', enum: [...VEHICLE_PROFILES] },
    status: { type: 'string', enum: [...ROUTE_STATUSES] },
    end_location_defined: flag,
    publication_settings: { type: 'object', additionalProperties: false, properties: settingsFields },
    stops: { type: 'array', minItems: 1, maxItems: MAX_STOPS, items: stopInputSchema },
  },
} as const;

export const reorderBody = {
  type: 'object',
  required: ['stop_ids'],
  additionalProperties: false,
  properties: { stop_ids: { type: 'array', minItems: 1, maxItems: MAX_STOPS, items: id } },
} as const;

export const driverAssignBody = {
  type: 'object',
  required: ['driver_id'],
  additionalProperties: false,
  properties: { driver_id: { ...id, nullable: true } },
} as const;

export const idParams = { type: 'object', properties: { id } } as const;
export const routeParams = { type: 'object', properties: { routeId: id } } as const;
export const stopParams = { type: 'object', properties: { routeId: id, stopId: id } } as const;
export const linkParams = {
  type: 'object',
  properties: { routeId: id, linkId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const driversQuery = { type: 'object', properties: { organisation_id: id } } as const;
export const routesQuery = {
  type: 'object',
  properties: {
    organisation_id: id,
    date,
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
  },
} as const;
