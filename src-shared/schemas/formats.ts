/**
 * The string formats the request schemas name beyond JSON Schema's own ("email", "date"): their rules and the words
 * a refusal uses. Pure functions, so the server's validator (src-server/http/schemas.ts), the socket's and the
 * dispatcher CLI apply one rule each.
 */
import { DELIVERY_CODE_SHAPE_WORDS, isDeliveryCodeShape } from '../domain/outcomes/code.ts';

/**
 * Text holds no U+0000 (NUL). PostgreSQL refuses it in every text value (SQLite stores it), so it is refused in every
 * request, on both databases alike, with a 400 naming the field (NUL_WORDS). The app removes NULs from what a driver
 * types or pastes before a completion is stored (src-shared/domain/text.ts), so a driver's note is never refused for
 * one. The pattern is a regular expression's source, as JSON Schema's `pattern` takes it.
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
const NUL_WORDS = 'must not contain the character U+0000 (NUL)';

/**
 * A stored image's URL, as the server gives it (/v1/images/123, or absolute on the server's origin): what a live
 * event may name of a photo or signature. Never image data (a data: URL), nor any other text.
 */
export const IMAGE_REFERENCE_PATTERN = '^(?:https?://[A-Za-z0-9.:\\[\\]-]+)?/v1/images/[1-9][0-9]{0,14}$';
const IMAGE_REFERENCE_WORDS = 'must be the URL of a stored image (/v1/images/<id>), never image data';

/** Years an instant may name: a device clock far off, or a made-up value, is refused, not stored. */
export const INSTANT_YEARS = { from: 2000, to: 2099 } as const;

/** A path or query number: plain decimal digits. "0x1c", "1e3", " 7" and "+7" are not ids. */
export const DECIMAL_DIGITS = /^(?:0|[1-9][0-9]{0,15})$/;

/** A decimal coordinate as text: digits, an optional point and fraction. No hex, binary, exponent or spaces. */
const DECIMAL_COORDINATE = /^[+-]?[0-9]{1,3}(?:\.[0-9]{1,20})?$/;

export const isDecimalCoordinate = (value: string) => DECIMAL_COORDINATE.test(value);

const INSTANT =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]{1,9})?(?:[Zz]|[+-]([0-9]{2}):([0-9]{2}))$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The `instant` format: a real RFC 3339 date-time in INSTANT_YEARS that Date can read. */
function isInstant(value: string): boolean {
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

/** The formats the schemas add, by the name a schema gives in `format`. */
export const FORMATS = {
  instant: isInstant,
  decimal: isDecimalCoordinate,
  day: isDay,
  // A recipient's code as a driver typed it (issue 44): ASCII letters and digits, read before upper-casing.
  'delivery-code': isDeliveryCodeShape,
} as const;

/** The words a format error uses: "completed_at must be an instant ...". */
export const FORMAT_WORDS: Record<string, string> = {
  decimal: 'a decimal number such as 52.0907215',
  instant: `an ISO 8601 date and time with its offset, in the years ${INSTANT_YEARS.from} to ${INSTANT_YEARS.to}`,
  day: `a real date written YYYY-MM-DD, in the years ${INSTANT_YEARS.from} to ${INSTANT_YEARS.to}`,
  'delivery-code': DELIVERY_CODE_SHAPE_WORDS,
};

/**
 * The words of a refusal by a format or by a pattern of this file ("must be an ISO 8601 ...", NUL_WORDS); undefined
 * for any other, which keeps Ajv's own words.
 */
export function refusalWords(error: { keyword: string; params: unknown }): string | undefined {
  const params = error.params as { format?: string; pattern?: string };
  if (error.keyword === 'format' && params.format && FORMAT_WORDS[params.format])
    return `must be ${FORMAT_WORDS[params.format]}`;
  if (error.keyword === 'pattern' && params.pattern === NO_NUL_PATTERN) return NUL_WORDS;
  if (error.keyword === 'pattern' && params.pattern === IMAGE_REFERENCE_PATTERN) return IMAGE_REFERENCE_WORDS;
  return undefined;
}
