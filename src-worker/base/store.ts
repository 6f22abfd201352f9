/**
 * The core's state and its one subscriber. Changes are recorded as patch operations and flushed once per
 * microtask, so everything an intent changes in one step reaches the UI as one versioned patch.
 */
import type { PatchListener } from '../../src-shared/api/worker-api.ts';
import type { AppState, SliceKey } from '../../src-shared/state/app-state.ts';
import { diffOps } from '../../src-shared/state/diff.ts';
import { applyOps, type PatchOp, type Path, type Snapshot } from '../../src-shared/state/patch.ts';
import type { StatePath, ValueAt } from '../../src-shared/state/state-path.ts';

/** A path that exists in the app's state; the compiler checks it and the value written there. */
type AppPath = StatePath<AppState>;

export interface Store {
  /** The state as it is now (read-only by convention: writes go through set, replace and update). */
  get(): AppState;
  /** Sets the value at a path (e.g. ['session', 'link']); no-op when it is already that very value. */
  set<const P extends AppPath>(path: P, value: ValueAt<AppState, P>): void;
  /**
   * Makes the value at a path deep-equal `value`, sending only what differs from the current one (see diffOps):
   * for big values that are replaced by a mostly equal copy, such as a route the server answered again.
   */
  replace<const P extends AppPath>(path: P, value: ValueAt<AppState, P>): void;
  /** Replaces a slice with what `change` makes of it. */
  update<K extends SliceKey>(key: K, change: (slice: AppState[K]) => AppState[K]): void;
  /** Flushes what is pending first, so the snapshot and the patches after it line up. */
  snapshot(): Snapshot;
  /** Who hears the patches (the UI's one subscription); null: nobody. */
  setListener(listener: PatchListener | null): void;
  /** Sends pending operations now (tests and the end of an intent). */
  flush(): void;
  /**
   * Holds patches back until `schedule` runs the release it is given (a frame later, say), so a burst of changes
   * (the live channel's events) reaches the UI as one patch. A snapshot still flushes at once.
   */
  hold(schedule: (release: () => void) => void): void;
  /** Patches and bytes sent so far: the benchmark reads them. */
  stats(): { patches: number; ops: number };
}

function valueAt(state: unknown, path: Path): unknown {
  let node = state;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

export function createStore(initial: AppState): Store {
  let state = initial;
  let version = 0;
  let pending: PatchOp[] = [];
  let scheduled = false;
  let listener: PatchListener | null = null;
  let sent = { patches: 0, ops: 0 };
  let held = false;

  function flush(force = false) {
    scheduled = false;
    if (held && !force) return;
    if (pending.length === 0) return;
    const ops = pending;
    pending = [];
    version += 1;
    sent = { patches: sent.patches + 1, ops: sent.ops + ops.length };
    listener?.({ version, ops });
  }

  function record(ops: PatchOp[]) {
    if (ops.length === 0) return;
    // The core changes its state by the very operations the UI applies: both keep the same branches unchanged.
    state = applyOps(state, ops);
    pending.push(...ops);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
  }

  function set(path: Path, value: unknown) {
    if (valueAt(state, path) !== value) record([{ op: 'set', path, value }]);
  }

  return {
    get: () => state,
    set,
    replace: (path, value) => record(diffOps(path, valueAt(state, path), value)),
    update: (key, change) => set([key], change(state[key])),
    snapshot() {
      flush(true);
      return { version, state };
    },
    setListener(next) {
      listener = next;
    },
    flush: () => flush(true),
    hold(schedule) {
      if (held) return;
      held = true;
      schedule(() => {
        held = false;
        flush();
      });
    },
    stats: () => sent,
  };
}
