/**
 * The outbox of the route features: made with the core's context, the device's outbox store (opened on first use)
 * and the session's senders. What its sends and refusals do elsewhere is said by whoever listens to its events
 * (route-features.ts: the counts, the open route and the other tabs; core/core-reactions.ts: the driver's notices).
 */
import type { CoreContext } from '../core-context.ts';
import { createOutbox, type Outbox } from '../outbox/outbox.ts';
import type { OutboxDeps, OutboxEvent } from '../outbox/outbox-deps.ts';
import { createOutboxStore, type OutboxStore } from '../outbox/outbox-store.ts';

/** A completion gets no answer within this time: it counts as no answer and is tried again later. */
const SEND_TIMEOUT_MS = 30_000;

export function createRouteOutbox(
  core: CoreContext<OutboxEvent>,
  senders: OutboxDeps['senders'],
  sendTimeoutMs: number = SEND_TIMEOUT_MS,
): Outbox {
  let outboxStore: Promise<OutboxStore> | null = null;
  const items = () => {
    outboxStore ??= core.storage().then((storage) => createOutboxStore(storage.db));
    return outboxStore;
  };
  return createOutbox(core, { items, senders, sendTimeoutMs });
}
