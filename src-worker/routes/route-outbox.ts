/**
 * The outbox of the route features: made with the device's outbox store (opened on first use), the core's senders,
 * locks and clock. What its sends and refusals do elsewhere is said by whoever listens to its events
 * (route-features.ts: the counts, the open route and the other tabs; core/core-reactions.ts: the driver's notices).
 */
import type { CoreContext } from '../core-context.ts';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import type { OutboxEvent, Sender } from '../outbox/outbox-deps.ts';
import { createOutboxStore, type OutboxStore } from '../outbox/outbox-store.ts';

/** A completion gets no answer within this time: it counts as no answer and is tried again later. */
const SEND_TIMEOUT_MS = 30_000;

/** What the route features' outbox needs besides the core's context. */
interface RouteOutboxOptions {
  /** Who sends a route's items in this session (session.ts). */
  senders: { senderFor(routeId: number): Sender | null; senders(): Sender[] };
  sendTimeoutMs?: number;
}

export function createRouteOutbox(
  core: CoreContext<OutboxEvent>,
  { senders, sendTimeoutMs }: RouteOutboxOptions,
): Outbox {
  let outboxStore: Promise<OutboxStore> | null = null;
  return createOutbox({
    store: async () => {
      outboxStore ??= core.storage().then((storage) => createOutboxStore(storage.db));
      return outboxStore;
    },
    api: () => core.api,
    senderFor: (routeId) => senders.senderFor(routeId),
    senders: () => senders.senders(),
    locks: core.locks,
    timers: core.timers,
    now: core.now,
    random: core.random,
    newId: core.newId,
    requestTimeoutMs: sendTimeoutMs ?? SEND_TIMEOUT_MS,
    emit: core.emit,
  });
}
