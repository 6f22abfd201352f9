/**
 * The building blocks of every request schema (TypeBox: each one is a JSON schema and its TypeScript type), one rule
 * per kind of value, so a value refused on one call or on the socket is refused on every other.
 *
 * The JSON they produce is Ajv's dialect as the server has always validated it: a nullable field is
 * `{type, nullable: true}` and a choice `{type: 'string', enum}`, not TypeBox's `anyOf` unions, whose refusals
 * would read differently. Only the server compiles these schemas; the worker and the UI import types alone
 * (tests/architecture keeps TypeBox out of their bundles).
 */
import { Kind, type SchemaOptions, type Static, type StringOptions, type TSchema, Type } from '@sinclair/typebox';
import { IMAGE_REFERENCE_MAX_LENGTH, NOTE_MAX, SIGNATURE_NAME_MAX_LENGTH } from '../limits.ts';
import { IMAGE_REFERENCE_PATTERN, NO_NUL_PATTERN } from './formats.ts';

/**
 * A string that holds no NUL (NO_NUL_PATTERN, formats.ts): every string of every schema is one of these, or has a
 * format, a pattern or an enum that cannot match a NUL (fields.test.ts walks every schema to keep it so).
 */
export const TextString = (options: StringOptions = {}) => Type.String({ ...options, pattern: NO_NUL_PATTERN });

/** `schema`, or null: Ajv's `nullable` keyword. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, [Kind]: 'Unsafe', nullable: true });
}

/** One of these strings: `{type: 'string', enum}`. */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

/** One of these strings, or null. */
export function NullableStringEnum<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number] | null>({ type: 'string', nullable: true, enum: [...values, null] });
}

/**
 * An object of any keys whose values all match `value`: `{type: 'object', additionalProperties: value}`. Its keys are
 * text too: without `propertyNames` of their own they hold no NUL.
 */
export function RecordOf<T extends TSchema>(value: T, options: SchemaOptions = {}) {
  return Type.Unsafe<Record<string, Static<T>>>({
    propertyNames: { pattern: NO_NUL_PATTERN },
    ...options,
    type: 'object',
    additionalProperties: value,
  });
}

export const Id = Type.Integer({ minimum: 1 });
export const Flag = Type.Boolean();
/** Text that must say something. */
export const Text = (maxLength: number) => TextString({ minLength: 1, maxLength });
export const OptionalText = (maxLength: number) => Nullable(TextString({ maxLength }));
/** A real YYYY-MM-DD (the `day` format). */
export const Day = Type.String({ format: 'day' });

export const CoordinateText = Type.String({ maxLength: 32, format: 'decimal' });
/** The socket's messages may carry coordinates as numbers too. */
export const Coordinate = Type.Union([CoordinateText, Type.Number({ minimum: -180, maximum: 180 })]);
export const NoteText = OptionalText(NOTE_MAX);
export const SignatureName = OptionalText(SIGNATURE_NAME_MAX_LENGTH);
/** An instant (RFC 3339, with its offset) that exists: no 24:00, no leap second, no 30 February. */
export const Instant = Type.String({ maxLength: 40, format: 'instant' });
export const DATE_OF_BIRTH_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const DateOfBirth = Nullable(Type.String({ pattern: DATE_OF_BIRTH_PATTERN }));
/**
 * On a completion: a data URL of a new image, or the URL of one kept. No length here: the request's body limit
 * bounds it, and the server answers an image over its own cap with 413 naming it.
 */
export const ImageValue = TextString();
/** In a live event: a stored image's URL (IMAGE_REFERENCE_PATTERN), never image data nor other text. */
export const ImageReference = Type.String({ maxLength: IMAGE_REFERENCE_MAX_LENGTH, pattern: IMAGE_REFERENCE_PATTERN });
