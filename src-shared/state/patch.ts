/**
 * State travels as one snapshot, then versioned patches. A patch is a list of operations on paths into the
 * state, applied immutably (structural sharing), so the UI's signals see a new object exactly where it changed.
 */
import type { AppState } from './app-state.ts';

export type PathKey = string | number;
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

function cloneShallow(value: unknown): Container {
  if (Array.isArray(value)) return [...value];
  if (value !== null && typeof value === 'object') return { ...(value as Record<PathKey, unknown>) };
  return {};
}

function applyAt(target: unknown, path: Path, op: PatchOp, depth: number): unknown {
  if (depth === path.length) return op.op === 'set' ? op.value : undefined;
  const key = path[depth]!;
  const copy = cloneShallow(target);
  const child = (copy as Record<PathKey, unknown>)[key];
  if (depth === path.length - 1 && op.op === 'delete') {
    if (Array.isArray(copy) && typeof key === 'number') copy.splice(key, 1);
    else delete (copy as Record<PathKey, unknown>)[key];
    return copy;
  }
  (copy as Record<PathKey, unknown>)[key] = applyAt(child, path, op, depth + 1);
  return copy;
}

/** Applies one operation; returns a new root, sharing every untouched branch with the old one. */
export function applyOp<T>(root: T, op: PatchOp): T {
  if (op.path.length === 0) {
    if (op.op === 'delete') throw new Error('cannot delete the root');
    return op.value as T;
  }
  return applyAt(root, op.path, op, 0) as T;
}

export function applyOps<T>(root: T, ops: readonly PatchOp[]): T {
  return ops.reduce(applyOp, root);
}

/** The top-level slices a patch touches: the UI updates just those signals. */
export function touchedSlices(ops: readonly PatchOp[]): Set<keyof AppState> {
  return new Set(ops.map((op) => op.path[0] as keyof AppState));
}
