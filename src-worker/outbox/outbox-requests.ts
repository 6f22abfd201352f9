/**
 * The outbox's calls to the server: an item's send, under its Idempotency-Key with its sender's token and the send's
 * own timeout, read as a verdict (send-policy.ts); and a read of the item's route, which tells whether the server
 * answers at all.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateAnswer } from '../../src-shared/protocol/http.ts';
import type { CoreContext } from '../core-context.ts';
import type { ApiOutcome } from '../net/api-client.ts';
import type { OutboxDeps, Sender } from './outbox-deps.ts';
import { type OutboxItem, requestBody } from './outbox-item.ts';
import { type SendVerdict, verdictOf } from './send-policy.ts';

/** One send of an item, as the queue pass needs it. */
interface SendAttempt {
  verdict: SendVerdict;
  /** The route as the server has it after taking the item; null when its answer holds no route to show. */
  route: Route | null;
  stopRemoved: boolean;
  /** The server's 5xx, if that was the answer (the queue pass asks whether it fails on this item only). */
  serverError: Extract<ApiOutcome<unknown>, { kind: 'http' }> | null;
}

export interface OutboxRequests {
  /** Sends the item with its sender's token, under its Idempotency-Key, and reads the answer as a verdict. */
  send(item: OutboxItem, sender: Sender): Promise<SendAttempt>;
  /** Whether the server answers at all right now (a read of the item's route). */
  serverAnswers(item: OutboxItem, sender: Sender): Promise<boolean>;
}

export function createOutboxRequests(core: CoreContext, outbox: OutboxDeps): OutboxRequests {
  const { api } = core;
  return {
    async send(item, sender) {
      const res = await api.request<StopUpdateAnswer>(
        'POST',
        `/v1/projects/${item.projectId}/routes/${item.routeId}/services/${item.stopId}`,
        {
          auth: sender.auth,
          body: await requestBody(item),
          headers: { 'idempotency-key': item.id },
          timeoutMs: outbox.sendTimeoutMs,
        },
      );
      // A replay for a route the sender can no longer open answers only the stored stop (`partial`): the server has
      // the completion (so it is done), but that is no route to show. So does a completion for a stop the dispatcher
      // removed, marked `stop_removed` (RemovedStopRoute), first answer or replay.
      const found = res.ok ? res.data.find((r) => r.id === item.routeId) : undefined;
      const route = found && !('partial' in found) ? found : null;
      const stopRemoved = found !== undefined && 'stop_removed' in found && found.stop_removed === true;
      const serverError = !res.ok && res.kind === 'http' && res.status >= 500 ? res : null;
      return { verdict: verdictOf(res), route, stopRemoved, serverError };
    },

    async serverAnswers(item, sender) {
      const res = await api.request<unknown>('GET', `/v1/projects/routes/${item.routeId}`, {
        auth: sender.auth,
        timeoutMs: outbox.sendTimeoutMs,
      });
      return res.ok;
    },
  };
}
