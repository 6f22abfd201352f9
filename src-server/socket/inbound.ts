/**
 * Turns a raw socket frame from a driver into a typed DriverMessage, or into the sentence the `error` reply
 * carries. Data is checked as strictly as HTTP bodies (no coercion, no unknown fields).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { RawData } from 'ws';
import { STOP_STATUSES } from '../../src-shared/protocol/entities.ts';
import { NOTE_MAX_LENGTH } from '../../src-shared/protocol/http.ts';
import type {
  DriverMessage,
  LocationData,
  LocationMessage,
  ServiceChangeData,
} from '../../src-shared/protocol/socket.ts';

const DRIVER_MESSAGE_TYPES = ['service_change', 'location'] as const satisfies readonly DriverMessage['type'][];
type DriverMessageType = (typeof DRIVER_MESSAGE_TYPES)[number];

/** Text or number; anyOf rather than a union type so Fastify's strict Ajv (events call) takes it without warnings. */
const coordinate = { anyOf: [{ type: 'string', maxLength: 32 }, { type: 'number' }] } as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

/** The `service_change` body; also what POST /v1/projects/{projectId}/routes/{routeId}/events takes. */
export const serviceChangeSchema = {
  type: 'object',
  required: ['status', 'service_id'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...STOP_STATUSES] },
    service_id: { type: 'integer', minimum: 1 },
    lat: coordinate,
    lng: coordinate,
    date: { type: 'string', maxLength: 64 },
    // Data URLs or stored image URLs; the socket's maxPayload bounds the total.
    signature: { type: ['string', 'null'] },
    signature_name: nullableText(200),
    recipient_date_of_birth: { type: ['string', 'null'], format: 'date' },
    images: { type: 'object', maxProperties: 3, additionalProperties: { type: 'string' } },
    completion_note: nullableText(NOTE_MAX_LENGTH),
    recipient_note: nullableText(NOTE_MAX_LENGTH),
    ETAs: {
      type: 'object',
      propertyNames: { pattern: '^[0-9]+$' },
      additionalProperties: { type: 'number' },
    },
  },
} as const;

const locationSchema = {
  type: 'object',
  required: ['lat', 'lng'],
  additionalProperties: false,
  properties: { lat: coordinate, lng: coordinate },
} as const;

const locationErrorSchema = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: { error: { type: 'string', maxLength: 500 } },
} as const;

const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, allErrors: false, allowUnionTypes: true });
addFormats.default(ajv);
const validateServiceChange: ValidateFunction<ServiceChangeData> = ajv.compile(serviceChangeSchema);
const validateLocation: ValidateFunction<LocationData> = ajv.compile(locationSchema);
const validateLocationError: ValidateFunction<LocationData> = ajv.compile(locationErrorSchema);

/** "data.service_id must be integer", "data.foo is not an allowed field": the wording of HTTP 400 answers. */
function describe(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'data is not valid';
  const path = ['data', ...first.instancePath.split('/').filter(Boolean)].join('.');
  const params = first.params as { missingProperty?: string; additionalProperty?: string };
  if (params.missingProperty) return `${path}.${params.missingProperty} is required`;
  if (params.additionalProperty) return `${path}.${params.additionalProperty} is not an allowed field`;
  return `${path} ${first.message ?? 'is not valid'}`;
}

export type ParsedMessage = { ok: true; message: DriverMessage } | { ok: false; error: string };

const fail = (error: string): ParsedMessage => ({ ok: false, error });

function frameText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Buffer.from(new Uint8Array(raw)).toString('utf8');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDriverMessageType = (type: string): type is DriverMessageType =>
  (DRIVER_MESSAGE_TYPES as readonly string[]).includes(type);

function parseData(type: DriverMessageType, data: Record<string, unknown>): ParsedMessage {
  switch (type) {
    case 'service_change':
      return validateServiceChange(data)
        ? { ok: true, message: { type, data } }
        : fail(`service_change: ${describe(validateServiceChange.errors)}`);
    case 'location': {
      const validate = 'error' in data ? validateLocationError : validateLocation;
      const message: LocationMessage | null = validate(data) ? { type, data } : null;
      return message ? { ok: true, message } : fail(`location: ${describe(validate.errors)}`);
    }
    default: {
      const unhandled: never = type;
      return fail(`Unknown message type "${String(unhandled)}"`);
    }
  }
}

export function parseDriverMessage(raw: RawData, isBinary: boolean): ParsedMessage {
  if (isBinary) return fail('Messages must be JSON text, not binary');
  let parsed: unknown;
  try {
    parsed = JSON.parse(frameText(raw));
  } catch {
    return fail('The message is not valid JSON');
  }
  if (!isObject(parsed) || typeof parsed.type !== 'string')
    return fail('A message must be a JSON object {"type": string, "data": object}');
  const extra = Object.keys(parsed).find((key) => key !== 'type' && key !== 'data');
  if (extra !== undefined) return fail(`${extra.slice(0, 50)} is not an allowed field`);
  const { type, data } = parsed;
  if (!isDriverMessageType(type))
    return fail(`Unknown message type "${type.slice(0, 50)}"; expected one of ${DRIVER_MESSAGE_TYPES.join(', ')}`);
  if (!isObject(data)) return fail(`${type}: data must be an object`);
  return parseData(type, data);
}
