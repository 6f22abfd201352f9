/**
 * State travels as one snapshot, then versioned patches. A patch is a list of operations on paths into the
 * state, applied immutably (structural sharing), so the UI's signals see a new object exactly where it changed.
 */
import type { AppState } from './app-state.ts';

type PathKey = string | number;
export type Path = readonly PathKey[];

export type PatchOp = { op: 'set'; path: Path; value: unknown } | { op: 'delete'; path: Path };

export interface Patch {
  /** The state's version after this patch; one more than the version before it. */
  version: number;
  ops: PatchOp[];
}

export interface Snapshot {
  version: number;
  state: AppState;
}

type Container = Record<PathKey, unknown> | unknown[];

/**
 * Copies made while applying one list of operations. They are reachable only through the new root, so later
 * operations of the same list may change them in place: n operations under a 300-stop array copy it once, not n times.
 */
type Fresh = WeakSet<object>;

function writable(value: unknown, fresh: Fresh): Container {
  if (value !== null && typeof value === 'object' && fresh.has(value)) return value as Container;
  const copy: Container = Array.isArray(value)
    ? [...value]
    : value !== null && typeof value === 'object'
      ? { ...(value as Record<PathKey, unknown>) }
      : {};
  fresh.add(copy);
  return copy;
}

function applyAt(target: unknown, path: Path, op: PatchOp, depth: number, fresh: Fresh): unknown {
  if (depth === path.length) return op.op === 'set' ? op.value : undefined;
  const key = path[depth]!;
  const copy = writable(target, fresh);
  const child = (copy as Record<PathKey, unknown>)[key];
  if (depth === path.length - 1 && op.op === 'delete') {
    if (Array.isArray(copy) && typeof key === 'number') copy.splice(key, 1);
    else delete (copy as Record<PathKey, unknown>)[key];
    return copy;
  }
  (copy as Record<PathKey, unknown>)[key] = applyAt(child, path, op, depth + 1, fresh);
  return copy;
}

function applyWith<T>(root: T, op: PatchOp, fresh: Fresh): T {
  if (op.path.length === 0) {
    if (op.op === 'delete') throw new Error('cannot delete the root');
    return op.value as T;
  }
  return applyAt(root, op.path, op, 0, fresh) as T;
}

/** Applies one operation; returns a new root, sharing every untouched branch with the old one. */
export function applyOp<T>(root: T, op: PatchOp): T {
  return applyWith(root, op, new WeakSet());
}

/** Applies a list in order, as applyOp would one by one, copying each touched container only once. */
export function applyOps<T>(root: T, ops: readonly PatchOp[]): T {
  const fresh: Fresh = new WeakSet();
  return ops.reduce((node, op) => applyWith(node, op, fresh), root);
}

/** The top-level slices a patch touches: the UI updates just those signals. */
export function touchedSlices(ops: readonly PatchOp[]): Set<keyof AppState> {
  return new Set(ops.map((op) => op.path[0] as keyof AppState));
}
