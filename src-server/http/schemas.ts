/**
 * The field schemas the driver's calls share, HTTP and socket alike (one rule per kind of value, so a value refused
 * on one path is refused on the other), and the Ajv instances that check them. Written as plain JSON schemas in
 * Ajv's style; the formats below are the only additions to it.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { NOTE_MAX_LENGTH } from '../../src-shared/protocol/http.ts';
import { isDecimalCoordinate } from '../domain/coordinates.ts';
/** A path or query number: plain decimal digits. "0x1c", "1e3", " 7" and "+7" are not ids. */
export const DECIMAL_DIGITS = /^(?:0|[1-9][0-9]{0,15})$/;

export const SIGNATURE_NAME_MAX_LENGTH = 200;
/** A stored image's URL (…/v1/images/123), what a live event may name; image data travels with the completion. */
export const IMAGE_REFERENCE_MAX_LENGTH = 2048;

/** Years an instant may name: a device clock far off, or a made-up value, is refused, not stored. */
export const INSTANT_YEARS = { from: 2000, to: 2099 } as const;

export const id = { type: 'integer', minimum: 1 } as const;
export const coordinateText = { type: 'string', maxLength: 32, format: 'decimal' } as const;
/** The socket's messages may carry coordinates as numbers too. */
export const coordinate = { anyOf: [coordinateText, { type: 'number', minimum: -180, maximum: 180 }] } as const;
export const noteText = { type: 'string', nullable: true, maxLength: NOTE_MAX_LENGTH } as const;
export const signatureName = { type: 'string', nullable: true, maxLength: SIGNATURE_NAME_MAX_LENGTH } as const;
/** An instant (RFC 3339, with its offset) that exists: no 24:00, no leap second, no 30 February. */
export const instant = { type: 'string', maxLength: 40, format: 'instant' } as const;
export const dateOfBirth = {
  type: 'string',
  nullable: true,
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
} as const;
/**
 * On a completion: a data URL of a new image, or the URL of one kept. No length here: the request's body limit
 * bounds it, and domain/images.ts answers an image over its own cap with 413 naming it.
 */
export const imageValue = { type: 'string' } as const;
/** In a live event: a reference at most, never image data. */
export const imageReference = { type: 'string', nullable: true, maxLength: IMAGE_REFERENCE_MAX_LENGTH } as const;

const INSTANT =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]{1,9})?(?:[Zz]|[+-]([0-9]{2}):([0-9]{2}))$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The `instant` format: a real RFC 3339 date-time in INSTANT_YEARS that Date can read. */
export function isInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const [offsetHours = 0, offsetMinutes = 0] = [m[7], m[8]].map((v) => (v === undefined ? 0 : Number(v)));
  if (year! < INSTANT_YEARS.from || year! > INSTANT_YEARS.to) return false;
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return false;
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours > 23 || offsetMinutes > 59) return false;
  return Number.isFinite(Date.parse(value));
}

/** The `day` format: a real YYYY-MM-DD in INSTANT_YEARS (a route's date; year 0001 or 9999 is a mistake). */
export function isDay(value: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  if (year < INSTANT_YEARS.from || year > INSTANT_YEARS.to || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysIn(year, month);
}

/** The words a format error uses: "completed_at must be an instant ...". */
export const FORMAT_WORDS: Record<string, string> = {
  decimal: 'a decimal number such as 52.0907215',
  instant: `an ISO 8601 date and time with its offset, in the years ${INSTANT_YEARS.from} to ${INSTANT_YEARS.to}`,
  day: `a real date written YYYY-MM-DD, in the years ${INSTANT_YEARS.from} to ${INSTANT_YEARS.to}`,
};

/**
 * Bodies and socket data are checked strictly: no type coercion, no silent removal of unknown fields. Paths and
 * queries are text on the wire and are coerced to the numbers their schemas ask for (validation.ts first makes sure
 * such text is plain decimal digits).
 */
export function createAjv(coerceTypes: boolean): Ajv {
  // allowUnionTypes: nullable fields are also written as {type: ['string', 'null']}.
  const ajv = new Ajv({
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    allowUnionTypes: true,
    coerceTypes,
    // {$data: ...} lets one field's bound be another's value (a time window's latest is not before its earliest).
    $data: true,
  });
  addFormats.default(ajv);
  ajv.addFormat('instant', { type: 'string', validate: isInstant });
  ajv.addFormat('decimal', { type: 'string', validate: isDecimalCoordinate });
  ajv.addFormat('day', { type: 'string', validate: isDay });
  return ajv;
}
