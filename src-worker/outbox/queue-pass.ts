/**
 * One pass over one sender's queue for one route, run by the flush scheduler (flush-scheduler.ts) while it holds the
 * queue's lock: the items are sent in order, and each answer decides (send-policy.ts) whether the item leaves the
 * queue, is parked for the driver, is sent again without a refused device time, or waits for a retry.
 */
import { deviceTimes, withoutDeviceTimes } from '../../src-shared/domain/device-times.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import { changedHere, type FlushOutcome, type OutboxDeps, type OutboxEvent, type Sender } from './outbox-deps.ts';
import type { OutboxItem } from './outbox-item.ts';
import type { OutboxRequests } from './outbox-requests.ts';
import type { OutboxStore } from './outbox-store.ts';
import { SERVER_ERROR_PROBE_AFTER, type SendVerdict } from './send-policy.ts';

/** Where a pass that stops on a transient failure asks for the next try (the scheduler's back-off timer). */
interface RetrySchedule {
  scheduleRetry(routeId: number, attempts: number): void;
}

export interface QueuePassDeps {
  outbox: OutboxDeps;
  requests: OutboxRequests;
  retries: RetrySchedule;
}

interface QueuePass {
  /** One pass over the route's queue, holding its lock: returns how many were sent and how many still wait. */
  flushOnce(routeId: number, sender: Sender): Promise<FlushOutcome>;
}

/**
 * A device time the server refused (400 naming it: the phone's clock far off) is left out of the item, which is
 * then sent again at once: the server takes the time it receives it, and the driver's proof is never parked for a
 * clock. A refused request spends no idempotency key, so the changed body under the same key is a first request.
 */
async function withoutRefusedTime(
  store: OutboxStore,
  item: OutboxItem,
  verdict: Extract<SendVerdict, { kind: 'park' }>,
) {
  const field = verdict.status === 400 ? verdict.field : undefined;
  if (!field || !deviceTimes(item.body).some(([named]) => named === field)) return false;
  return store.replaceBody(item.id, withoutDeviceTimes(item.body, new Set([field])));
}

export function createQueuePass(core: CoreContext<OutboxEvent>, deps: QueuePassDeps): QueuePass {
  const { emit } = core;
  const { requests } = deps;
  return {
    async flushOnce(routeId, sender) {
      const store = await deps.outbox.items();
      let sent = 0;
      const accept = async (item: OutboxItem, route: Route | null, stopRemoved: boolean) => {
        await store.remove(item.id);
        // A refused completion of the same stop that the driver has now done again is old news: the server has this one.
        const superseded = (await store.list(sender.owner, routeId)).filter(
          (other) => other.state === 'parked' && other.stopId === item.stopId && other.seq < item.seq,
        );
        for (const old of superseded) await store.remove(old.id);
        sent += 1;
        emit(changedHere(routeId));
        // After the item left the store: a flush that runs again (another tab, a retry) cannot accept it twice.
        emit({ type: 'outbox/sent', item, route, stopRemoved });
      };
      const park = async (item: OutboxItem, verdict: Extract<SendVerdict, { kind: 'park' }>) => {
        const { kind: _, ...info } = verdict;
        if (await store.park(item.id, { ...info, at: core.now() })) {
          emit(changedHere(routeId));
          emit({ type: 'outbox/parked', item: { ...item, state: 'parked', parked: { ...info, at: core.now() } } });
        }
      };
      for (;;) {
        const queued = (await store.list(sender.owner, routeId)).filter((i) => i.state === 'queued');
        const item = queued[0];
        if (!item) return { sent, pending: 0 };
        const first = await requests.send(item, sender);
        if (first.verdict.kind === 'sent') {
          await accept(item, first.route, first.stopRemoved);
          continue;
        }
        if (first.verdict.kind === 'park') {
          if (await withoutRefusedTime(store, item, first.verdict)) continue;
          await park(item, first.verdict);
          continue;
        }
        if (first.verdict.kind === 'session') return { sent, pending: queued.length };
        const attempts = await store.countAttempt(item.id);
        // The same 5xx again and again: is the server down, or does it fail on this item only? When the server
        // answers another call (the route) and this item fails once more right after, it is this item: it is parked
        // for the driver, and the rest of the queue goes on (in order: nothing else was sent meanwhile).
        if (first.serverError && attempts >= SERVER_ERROR_PROBE_AFTER && (await requests.serverAnswers(item, sender))) {
          const again = await requests.send(item, sender);
          if (again.verdict.kind === 'sent') {
            await accept(item, again.route, again.stopRemoved);
            continue;
          }
          if (again.serverError) {
            const { status, message } = again.serverError;
            await park(item, { kind: 'park', reason: 'server_error', status, message });
            continue;
          }
        }
        deps.retries.scheduleRetry(routeId, attempts);
        return { sent, pending: queued.length };
      }
    },
  };
}
