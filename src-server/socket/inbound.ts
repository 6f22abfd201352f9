/**
 * Turns a raw socket frame from a driver into a typed DriverMessage, or into the sentence the `error` reply
 * carries. Data is checked as strictly as HTTP bodies (no coercion, no unknown fields).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { RawData } from 'ws';
import type {
  DriverMessage,
  LocationData,
  LocationMessage,
  ServiceChangeData,
} from '../../src-shared/protocol/socket.ts';
import { refusalWords } from '../../src-shared/schemas/formats.ts';
import {
  LocationData as locationData,
  LocationErrorData as locationErrorData,
  ServiceChangeData as serviceChangeData,
} from '../../src-shared/schemas/socket.ts';
import { createAjv } from '../http/schemas.ts';

const DRIVER_MESSAGE_TYPES = ['service_change', 'location'] as const satisfies readonly DriverMessage['type'][];
type DriverMessageType = (typeof DRIVER_MESSAGE_TYPES)[number];

const ajv = createAjv(false);
const validateServiceChange: ValidateFunction<ServiceChangeData> = ajv.compile(serviceChangeData);
const validateLocation: ValidateFunction<LocationData> = ajv.compile(locationData);
const validateLocationError: ValidateFunction<LocationData> = ajv.compile(locationErrorData);

/** "data.service_id must be integer", "data.foo is not an allowed field": the wording of HTTP 400 answers. */
function describe(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'data is not valid';
  const path = ['data', ...first.instancePath.split('/').filter(Boolean)].join('.');
  const params = first.params as { missingProperty?: string; additionalProperty?: string };
  if (params.missingProperty) return `${path}.${params.missingProperty} is required`;
  if (params.additionalProperty) return `${path}.${params.additionalProperty} is not an allowed field`;
  return `${path} ${refusalWords(first) ?? first.message ?? 'is not valid'}`;
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
