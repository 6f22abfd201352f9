/**
 * Everything the core does for routes (the list, the open route, the outbox of completions, the planned line),
 * loaded on first use: a start on the sign-in or account screen does not pay for it (critical-path budget).
 */

import type { ParkedCompletion } from '../../src-shared/state/app-state.ts';
import { createLive, type LiveDeps } from '../live/live.ts';
import { inProcessLockRunner } from '../outbox/locks.ts';
import { createOutbox, type LockRunner, type OutboxChannel, type Sender, type Timers } from '../outbox/outbox.ts';
import { parkedCompletion } from '../outbox/outbox-item.ts';
import { createOutboxStore, type OutboxStore } from '../outbox/outbox-store.ts';
import type { ActiveRouteDeps } from './active-route.ts';
import { createActiveRoute } from './active-route.ts';
import { createRouteList } from './route-list.ts';

/** A completion gets no answer within this time: it counts as no answer and is tried again later. */
export const SEND_TIMEOUT_MS = 30_000;

export interface RouteFeatureDeps extends Omit<ActiveRouteDeps, 'outbox' | 'events'> {
  randomId: () => string;
  random: () => number;
  notifyOffline: () => void;
  /** The server refused a completion for good (its id in `outbox.parked`). */
  notifyRefused: (id: string) => void;
  /** The server kept a completion (its id) for a stop the dispatcher had removed. */
  notifyKeptForRemovedStop: (id: string) => void;
  senderFor: (routeId: number) => Sender | null;
  senders: () => Sender[];
  /** Web Locks across tabs; in-process when not given. */
  locks?: LockRunner;
  timers: Timers;
  sendTimeoutMs?: number;
  /** Shared with the other tabs' cores (see WorkerDeps.outboxChannel). */
  channel: OutboxChannel | null;
  /** The live channel's needs (src-worker/live/live.ts). */
  live: Omit<LiveDeps, 'store' | 'api' | 'timers' | 'now' | 'route' | 'nextFrame'>;
  /** The open route's stop list changed: "Your route has been updated". */
  notifyRouteUpdated: () => void;
}

export function createRouteFeatures(deps: RouteFeatureDeps) {
  const { store } = deps;
  let activeRoute: ReturnType<typeof createActiveRoute> | null = null;
  let outboxStore: Promise<OutboxStore> | null = null;

  /** The outbox summary in the state: one read at a time, and one more if something changed meanwhile. */
  let summarising: Promise<void> | null = null;
  let summariseAgain = false;
  function summarise() {
    if (summarising) {
      summariseAgain = true;
      return;
    }
    summarising = (async () => {
      do {
        summariseAgain = false;
        const items = await outbox.all();
        const parked = items.map(parkedCompletion).filter((p): p is ParkedCompletion => p !== null);
        parked.sort((a, b) => a.parkedAt - b.parkedAt);
        store.replace(['outbox'], { unsent: items.length - parked.length, parked });
      } while (summariseAgain);
    })().finally(() => {
      summarising = null;
    });
  }

  const outbox = createOutbox({
    store: async () => {
      outboxStore ??= deps.storage().then((storage) => createOutboxStore(storage.db));
      return outboxStore;
    },
    api: deps.api,
    senderFor: deps.senderFor,
    senders: deps.senders,
    locks: deps.locks ?? inProcessLockRunner(),
    timers: deps.timers,
    now: deps.now,
    random: deps.random,
    newId: deps.randomId,
    requestTimeoutMs: deps.sendTimeoutMs ?? SEND_TIMEOUT_MS,
    changed(routeId) {
      summarise();
      void activeRoute?.outboxChanged(routeId);
      deps.channel?.postMessage({ routeId });
    },
    sent(item, route, stopRemoved) {
      void activeRoute?.completionSent(item.routeId, route);
      if (!stopRemoved) return;
      deps.notifyKeptForRemovedStop(item.id);
      // The route as the device has it may still show the stop (its removal came while the phone was offline).
      void activeRoute?.refetch(item.routeId);
    },
    parked(item) {
      deps.notifyRefused(item.id);
      void activeRoute?.refetch(item.routeId);
    },
  });
  const live = createLive({
    ...deps.live,
    store,
    api: deps.api,
    timers: deps.timers,
    now: deps.now,
    route: () => activeRoute!,
    // About one frame: patches are for painting, so they need go no faster.
    nextFrame: (release) => void setTimeout(release, 16),
  });
  activeRoute = createActiveRoute({
    ...deps,
    outbox,
    events: { ...live.events, stopListChanged: deps.notifyRouteUpdated },
  });
  summarise();
  // Another tab sent, parked or added items: this tab's counts and marks follow (its own queue is in the same store).
  deps.channel?.addEventListener('message', ({ data }) => {
    summarise();
    void activeRoute?.outboxChanged(data.routeId);
  });

  return {
    /** The server refused the route's shared link: its unsent completions are parked, and the view says how many. */
    async linkRefused(routeId: number, owner: string): Promise<void> {
      const notSaved = await outbox.parkRefusedLink(owner, routeId);
      await activeRoute.linkRefused(routeId, notSaved);
    },
    routeList: createRouteList(deps),
    activeRoute,
    outbox,
    live,
    summarise,
  };
}

export type RouteFeatures = ReturnType<typeof createRouteFeatures>;
