/**
 * The UI's one subscription (docs/app-core.md, "State flows one way"): the snapshot, and the patches sent to the one
 * listener, whose Comlink proxy is released when it is replaced or dropped.
 */
import { releaseProxy } from 'comlink';
import type { PatchListener, WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { Store } from '../base/store.ts';

type Releasable = PatchListener & { [releaseProxy]?: () => void };

export type PatchSubscription = Pick<WorkerApi, 'snapshot' | 'subscribe' | 'unsubscribe'>;

export function createPatchSubscription(store: Store): PatchSubscription {
  let listener: Releasable | null = null;

  function releaseListener() {
    listener?.[releaseProxy]?.();
    listener = null;
    store.setListener(null);
  }

  return {
    async snapshot() {
      return store.snapshot();
    },
    // Takes the listener before any await: the UI's start sends `start` right behind this call without waiting
    // for its answer (bridge/mirror.ts), and the start's patches must find the listener.
    async subscribe(next) {
      if (listener && listener !== next) releaseListener();
      listener = next as Releasable;
      store.setListener((patch) => listener?.(patch));
    },
    async unsubscribe() {
      releaseListener();
    },
  };
}
