/**
 * What this session's senders left waiting on the device (at start-up, after a sign-in or a link, when the network is
 * back): every route's queue, not only the open one. The route features' code loads only when there is something to
 * send, so a start with an empty outbox does not pay for it.
 */
import type { CoreContext } from '../core-context.ts';
import type { Session } from '../session/session.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';

export interface WaitingSends {
  /** Sends what waits. `urgent`: every item at once, retries' waits or not (the platform says it is back online). */
  sendWaiting(urgent?: boolean): Promise<void>;
}

export function createWaitingSends(
  core: Pick<CoreContext, 'storage'>,
  session: Pick<Session, 'senders'>,
  routes: LazyRouteFeatures,
): WaitingSends {
  return {
    async sendWaiting(urgent = false) {
      const owners = [...session.senders().map((s) => s.owner), ''];
      if (!(await (await core.storage()).hasOutboxItems(owners))) return;
      const { summary, outbox } = await routes.get();
      summary.summarise();
      await (urgent ? outbox.sweep.retryNow() : outbox.sweep.flushAll());
    },
  };
}
