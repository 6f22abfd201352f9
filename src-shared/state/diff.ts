/**
 * The patch operations that turn one value into another, so a changed route travels as the few fields that
 * changed instead of the whole route. Applied with applyOps, they give a value that deep-equals `after` and keeps
 * every unchanged branch of `before` as the very same object (memoized UI rows and map layers skip those).
 */
import type { PatchOp, Path } from './patch.ts';

/** Beyond this many operations for one value, setting it whole is cheaper to apply on the UI thread. */
export const MAX_OPS = 256;

/** The JSON text of `{"op":"set","path":[],"value":}`: what every operation costs besides its path and value. */
const OP_OVERHEAD = 32;

interface Diff {
  ops: PatchOp[];
  /** Approximate JSON bytes of `ops`. */
  bytes: number;
}

const NONE: Diff = { ops: [], bytes: 0 };

type PlainObject = Record<string, unknown>;

/** Only plain objects are walked; anything else (Date, Map, typed arrays) is replaced when not identical. */
function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * About the length of JSON.stringify(value), without building the text; stops counting once past `limit`.
 * Estimated (no escapes, UTF-16 lengths): it only decides whether a diff is worth sending.
 */
export function jsonSize(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const visit = (v: unknown): void => {
    if (total > limit) return;
    if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean') total += String(v).length;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (let i = 0; i < v.length && total <= limit; i++) visit(v[i]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      total += 2 + Math.max(0, entries.length - 1);
      for (let i = 0; i < entries.length && total <= limit; i++) {
        total += entries[i]![0].length + 3;
        visit(entries[i]![1]);
      }
    } else total += 4; // null, and undefined (which structured clone keeps)
  };
  visit(value);
  return total;
}

const pathBytes = (path: Path) => path.reduce<number>((sum, key) => sum + String(key).length + 3, 0);

function setWhole(path: Path, value: unknown, valueBytes = jsonSize(value)): Diff {
  return { ops: [{ op: 'set', path, value }], bytes: OP_OVERHEAD + pathBytes(path) + valueBytes };
}

function removal(path: Path): Diff {
  return { ops: [{ op: 'delete', path }], bytes: OP_OVERHEAD + pathBytes(path) };
}

/** Collects children's diffs, giving up (null) once past MAX_OPS: the caller then sets the value whole. */
class Collector {
  ops: PatchOp[] = [];
  bytes = 0;
  add(diff: Diff): boolean {
    for (const op of diff.ops) this.ops.push(op);
    this.bytes += diff.bytes;
    return this.ops.length <= MAX_OPS;
  }
}

/** An entity with a primitive id, such as a stop: ids that differ mean another entity, not a changed one. */
const idOf = (v: unknown): unknown => {
  const id = v !== null && typeof v === 'object' ? (v as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
};

function diffObjects(path: Path, before: PlainObject, after: PlainObject): Collector | null {
  const out = new Collector();
  for (const key of Object.keys(after)) {
    const child = Object.hasOwn(before, key)
      ? diffAt([...path, key], before[key], after[key])
      : setWhole([...path, key], after[key]);
    if (!out.add(child)) return null;
  }
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key) && !out.add(removal([...path, key]))) return null;
  }
  return out;
}

/**
 * Index by index. Entities with ids (stops) that moved are set whole rather than walked field by field; after a
 * stop is added or removed in the middle every later index differs, and the size check sets the array whole.
 */
function diffArrays(path: Path, before: unknown[], after: unknown[]): Collector | null {
  const out = new Collector();
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const a = before[i];
    const b = after[i];
    const moved = idOf(a) !== undefined && idOf(b) !== undefined && idOf(a) !== idOf(b);
    if (!out.add(moved ? setWhole([...path, i], b) : diffAt([...path, i], a, b))) return null;
  }
  for (let i = common; i < after.length; i++) if (!out.add(setWhole([...path, i], after[i]))) return null;
  // From the end backwards: a delete splices, so earlier indices stay where the operations above put them.
  for (let i = before.length - 1; i >= after.length; i--) if (!out.add(removal([...path, i]))) return null;
  return out;
}

function diffAt(path: Path, before: unknown, after: unknown): Diff {
  if (Object.is(before, after)) return NONE;
  let parts: Collector | null;
  if (Array.isArray(before) && Array.isArray(after)) parts = diffArrays(path, before, after);
  else if (isPlainObject(before) && isPlainObject(after)) parts = diffObjects(path, before, after);
  else return setWhole(path, after);
  if (parts === null) return setWhole(path, after);
  if (parts.ops.length === 0) return NONE;
  // Whole when that is no bigger than the pieces; measuring `after` stops as soon as it is known to be bigger.
  const wholeBytes = jsonSize(after, parts.bytes);
  if (OP_OVERHEAD + pathBytes(path) + wholeBytes <= parts.bytes) return setWhole(path, after, wholeBytes);
  return parts;
}

/**
 * The operations that change the value at `path` from `before` to `after`: none when they are deep-equal, a `set`
 * per changed field or array element (a `delete` per removed key or trailing element), or one `set` of the whole
 * value when that is smaller or the pieces are too many. Identical values are skipped without being walked.
 */
export function diffOps(path: Path, before: unknown, after: unknown): PatchOp[] {
  return diffAt(path, before, after).ops;
}
