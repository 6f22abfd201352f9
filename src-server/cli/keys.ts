/**
 * The `key=value` pairs of the dispatcher CLI, read from the request's own schema (src-shared/schemas/dispatch.ts):
 * a field the API takes is a key the command takes, typed by the field's JSON type, since the API checks types
 * strictly (no coercion). Enum and format rules are checked here too, with the server's words, so a typo is told
 * before anything is sent. Pure, so it is tested without a server.
 */
import { timeZoneName } from '../../src-shared/domain/time-zone.ts';
import { FORMAT_WORDS, FORMATS } from '../../src-shared/schemas/formats.ts';

export class UsageError extends Error {}

/** What a key's value is read as. */
interface KeyKind {
  type: 'text' | 'number' | 'integer' | 'boolean' | 'json' | 'time-zone';
  nullable: boolean;
  /** The allowed values of an enum field. */
  choices?: readonly (string | null)[];
  /** A format of formats.ts the text must have. */
  format?: keyof typeof FORMATS;
}

export type KeyTable = Record<string, KeyKind>;

/** The part of a JSON schema read here; TypeBox's schemas are plain JSON schemas. */
interface FieldSchema {
  type?: string;
  nullable?: boolean;
  enum?: readonly (string | null)[];
  format?: string;
  properties?: Record<string, FieldSchema>;
}

const isFormat = (name: string | undefined): name is keyof typeof FORMATS => name !== undefined && name in FORMATS;

function kindOf(field: FieldSchema): KeyKind {
  const nullable = field.nullable === true;
  switch (field.type) {
    case 'string':
      return {
        type: 'text',
        nullable,
        ...(field.enum ? { choices: field.enum } : {}),
        ...(isFormat(field.format) ? { format: field.format } : {}),
      };
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: field.type, nullable };
    default:
      return { type: 'json', nullable };
  }
}

/**
 * The keys a body schema takes: each field by its kind; an object field also one level down (`plan.name`), so a
 * command can change one flag of it. `overrides` gives a field a stricter reading (a time zone name).
 */
export function keysOf(schema: { properties: object }, overrides: KeyTable = {}): KeyTable {
  const keys: KeyTable = {};
  for (const [name, field] of Object.entries(schema.properties as Record<string, FieldSchema>)) {
    keys[name] = overrides[name] ?? kindOf(field);
    for (const [inner, innerField] of Object.entries(field.properties ?? {}))
      keys[`${name}.${inner}`] = overrides[`${name}.${inner}`] ?? kindOf(innerField);
  }
  return keys;
}

const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  on: true,
  1: true,
  false: false,
  no: false,
  off: false,
  0: false,
};

/** Checked here too, so a typo is told before anything is sent. */
export function timeZone(raw: string, what: string): string {
  const name = timeZoneName(raw);
  if (!name) throw new UsageError(`${what} must be an IANA time zone name such as Europe/Amsterdam, got "${raw}"`);
  return name;
}

function typed(key: string, raw: string, kind: KeyKind): unknown {
  const bad = (what: string) => new UsageError(`${key} must be ${what}, got "${raw}"`);
  if (kind.nullable && (raw === 'null' || raw === 'none')) return null;
  switch (kind.type) {
    case 'text':
      if (kind.choices && !kind.choices.includes(raw))
        throw bad(`one of ${kind.choices.filter((c) => c !== null).join(', ')}`);
      if (kind.format && !FORMATS[kind.format](raw)) throw bad(FORMAT_WORDS[kind.format] ?? kind.format);
      return raw;
    case 'time-zone':
      return timeZone(raw, key);
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw bad('a number');
      return n;
    }
    case 'integer': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isInteger(n)) throw bad('a whole number');
      return n;
    }
    case 'boolean': {
      const value = BOOLEANS[raw.toLowerCase()];
      if (value === undefined) throw bad('true or false');
      return value;
    }
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        throw bad('JSON');
      }
    default: {
      const unhandled: never = kind.type;
      throw new Error(`unknown kind ${String(unhandled)}`);
    }
  }
}

/**
 * `a=1 b.c=true` to `{a: 1, b: {c: true}}`. A key may drop its prefix when that is unambiguous
 * (`ft_photo_collection=false` means `plan.ft_photo_collection`).
 */
export function assignments(pairs: string[], keys: KeyTable): Record<string, unknown> {
  if (pairs.length === 0) throw new UsageError(`Give at least one key=value; keys: ${Object.keys(keys).join(', ')}`);
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`Expected key=value, got "${pair}"`);
    const given = pair.slice(0, eq);
    const key = given in keys ? given : Object.keys(keys).find((k) => k.endsWith(`.${given}`));
    if (!key) throw new UsageError(`Unknown key "${given}"; keys: ${Object.keys(keys).join(', ')}`);
    const value = typed(given, pair.slice(eq + 1), keys[key]!);
    const path = key.split('.');
    let target = result;
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return result;
}
