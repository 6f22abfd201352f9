/**
 * The outbox of the route features: made with the device's outbox store (opened on first use), the core's senders,
 * locks and clock, and what its sends and refusals do here: the counts and the open route follow, the other tabs
 * hear of it, the driver is told of a refused completion or one kept for a removed stop.
 */
import { inProcessLockRunner, type LockRunner } from '../base/locks.ts';
import type { Timers } from '../base/timers.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { OutboxChannel, Sender } from '../outbox/outbox-deps.ts';
import { createOutboxStore, type OutboxStore } from '../outbox/outbox-store.ts';
import type { ActiveRoute, ActiveRouteDeps } from './active-route.ts';

/** A completion gets no answer within this time: it counts as no answer and is tried again later. */
export const SEND_TIMEOUT_MS = 30_000;

export interface RouteOutboxDeps extends Pick<ActiveRouteDeps, 'api' | 'storage' | 'now'> {
  randomId: () => string;
  random: () => number;
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
}

export interface RouteOutboxReactions {
  /** The route's items changed (in this tab or another): the counts and the open route's marks follow. */
  changed: (routeId: number) => void;
  /** The open route, once it is made. */
  activeRoute: () => ActiveRoute | null;
}

export function createRouteOutbox(deps: RouteOutboxDeps, reactions: RouteOutboxReactions) {
  let outboxStore: Promise<OutboxStore> | null = null;
  return createOutbox({
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
      reactions.changed(routeId);
      deps.channel?.postMessage({ routeId });
    },
    sent(item, route, stopRemoved) {
      void reactions.activeRoute()?.completionSent(item.routeId, route);
      if (!stopRemoved) return;
      deps.notifyKeptForRemovedStop(item.id);
      // The route as the device has it may still show the stop (its removal came while the phone was offline).
      void reactions.activeRoute()?.refetch(item.routeId);
    },
    parked(item) {
      deps.notifyRefused(item.id);
      void reactions.activeRoute()?.refetch(item.routeId);
    },
  });
}
