/**
 * The UI's copy of the core's state: one signal per slice. It starts from a snapshot and applies the versioned
 * patches in order inside batch(), so a patch re-renders once; a missing version means a lost patch, and the
 * mirror re-reads the snapshot. The open route's slice is cut finer by route-state.ts (a signal per stop, the frame,
 * the order), so a patch to one stop notifies the readers of that stop.
 */
import { batch, type Signal, signal } from '@preact/signals-core';
import type { AppState, SliceKey } from '../../src-shared/state/app-state.ts';
import { applyOps, type Patch, type Snapshot, touchedSlices } from '../../src-shared/state/patch.ts';

export type StateSignals = { readonly [K in SliceKey]: Signal<AppState[K]> };

export type ApplyOutcome = 'applied' | 'stale' | 'gap';

export class StateMirror {
  readonly state: StateSignals;
  private current: AppState;
  private version: number;

  constructor(snapshot: Snapshot) {
    this.current = snapshot.state;
    this.version = snapshot.version;
    const slices = {} as Record<SliceKey, Signal<unknown>>;
    for (const key of Object.keys(snapshot.state) as SliceKey[]) slices[key] = signal(snapshot.state[key]);
    this.state = slices as unknown as StateSignals;
  }

  get currentVersion(): number {
    return this.version;
  }

  /** Applies the patch if it is the next one; 'stale' for one already in the snapshot; 'gap' when one is missing. */
  apply(patch: Patch): ApplyOutcome {
    if (patch.version <= this.version) return 'stale';
    if (patch.version !== this.version + 1) return 'gap';
    this.current = applyOps(this.current, patch.ops);
    this.version = patch.version;
    this.publish(touchedSlices(patch.ops));
    markPatch(patch);
    return 'applied';
  }

  reset(snapshot: Snapshot): void {
    this.current = snapshot.state;
    this.version = snapshot.version;
    this.publish(new Set(Object.keys(snapshot.state) as SliceKey[]));
  }

  private publish(keys: Set<SliceKey>): void {
    batch(() => {
      for (const key of keys) {
        const target = (this.state as Record<SliceKey, Signal<unknown>>)[key];
        // Unchanged slices keep their object, so their signal does not notify.
        if (target && target.peek() !== this.current[key]) target.value = this.current[key];
      }
    });
  }
}

/**
 * Lines the page's trace up with the worker's `core:` and `net:` measures (docs/performance.md). The timeline keeps
 * marks until cleared: every thousandth patch clears them (a trace has recorded each as it was made).
 */
function markPatch(patch: Patch): void {
  performance.mark('ui:patch', { detail: { version: patch.version, ops: patch.ops.length } });
  if (patch.version % 1000 === 0) performance.clearMarks('ui:patch');
}

/** What the mirror needs of the core: the start snapshot, re-reads, and the one subscription. */
export interface MirrorSource {
  snapshot(): Promise<Snapshot>;
  subscribe(listener: (patch: Patch) => void): Promise<void>;
}

/**
 * Subscribes first, then takes the snapshot, so no patch falls between them; patches that arrive before the
 * snapshot wait and are applied after it (those it already holds are dropped as stale).
 *
 * Both calls leave at once, one after the other, without waiting for the subscription's answer: the core takes its
 * calls in the order they were sent (one port; a call's body runs up to its first await before the next call's),
 * so it has the listener before it starts. Waiting would cost a whole round trip to the worker at the start, and
 * on a slow phone either side is busy then (measured at 4x CPU: the start reached the worker up to 200 ms after
 * the page had asked to subscribe).
 */
export async function startMirror(
  source: MirrorSource,
  firstSnapshot: () => Promise<Snapshot>,
  wrapListener: (listener: (patch: Patch) => void) => (patch: Patch) => void = (l) => l,
): Promise<StateMirror> {
  let mirror: StateMirror | null = null;
  const early: Patch[] = [];
  let resyncing = false;

  const resync = async () => {
    if (resyncing || !mirror) return;
    resyncing = true;
    try {
      mirror.reset(await source.snapshot());
    } finally {
      resyncing = false;
    }
  };
  const onPatch = (patch: Patch) => {
    if (!mirror) {
      early.push(patch);
      return;
    }
    if (mirror.apply(patch) === 'gap') void resync();
  };
  const [, snapshot] = await Promise.all([source.subscribe(wrapListener(onPatch)), firstSnapshot()]);
  mirror = new StateMirror(snapshot);
  for (const patch of early.sort((a, b) => a.version - b.version)) onPatch(patch);
  return mirror;
}
