/**
 * The outbox of the route features: made with the device's outbox store (opened on first use), the core's senders,
 * locks and clock. What its sends and refusals do elsewhere is said by whoever listens to its events
 * (route-features.ts: the counts, the open route and the other tabs; core/core-reactions.ts: the driver's notices).
 */
import type { Emit } from '../base/events.ts';
import { inProcessLockRunner, type LockRunner } from '../base/locks.ts';
import type { Timers } from '../base/timers.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { OutboxChannel, OutboxEvent, Sender } from '../outbox/outbox-deps.ts';
import { createOutboxStore, type OutboxStore } from '../outbox/outbox-store.ts';
import type { ActiveRouteDeps } from './active-route.ts';

/** A completion gets no answer within this time: it counts as no answer and is tried again later. */
const SEND_TIMEOUT_MS = 30_000;

export interface RouteOutboxDeps extends Pick<ActiveRouteDeps, 'api' | 'storage' | 'now'> {
  randomId: () => string;
  random: () => number;
  senderFor: (routeId: number) => Sender | null;
  senders: () => Sender[];
  /** Web Locks across tabs; in-process when not given. */
  locks?: LockRunner;
  timers: Timers;
  sendTimeoutMs?: number;
  /** Shared with the other tabs' cores (see WorkerDeps.outboxChannel). */
  channel: OutboxChannel | null;
}

export function createRouteOutbox(deps: RouteOutboxDeps & { emit: Emit<OutboxEvent> }) {
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
    emit: deps.emit,
  });
}
