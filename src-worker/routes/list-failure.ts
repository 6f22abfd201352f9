/** What a failed load of the route list (or of a route's preview) answers the screen. */
import { fail } from '../../src-shared/api/worker-api.ts';
import { SUBSCRIPTION_CANCELED_MESSAGE } from '../../src-shared/protocol/http.ts';
import type { ApiOutcome } from '../net/api-client.ts';

/** Section 8 "Route list load": canceled subscription, the server's words for another 400, else generic. */
export function listFailure(outcome: Exclude<ApiOutcome<unknown>, { ok: true }>) {
  if (outcome.kind === 'offline') return fail('offline');
  if (outcome.status === 401) return fail('unauthorized');
  if (outcome.status === 400 && outcome.message === SUBSCRIPTION_CANCELED_MESSAGE)
    return fail('subscription_cancelled');
  if (outcome.status === 400) return fail('server_message', outcome.message);
  return fail('unknown');
}
