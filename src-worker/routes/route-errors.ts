/** Section 8 "Route fetch and refresh" and "Start route": which failure is which. */
import { type Failure, fail } from '../../src-shared/api/worker-api.ts';
import type { ApiOutcome } from '../net/api-client.ts';

export type HttpFailure = Exclude<ApiOutcome<unknown>, { ok: true }>;

/** Whether the failure ends the link session (other 404 or 400): the UI then leaves for the account or sign-in. */
export const clearsLink = (f: Failure) => f.error === 'route_expired' || f.error === 'server_message';

/** Failures that take the route away: the route view leaves with the spec's alert (or the link's). */
export const losesRoute = (f: Failure): f is Failure & { error: 'route_expired' | 'server_message' | 'link_refused' } =>
  clearsLink(f) || f.error === 'link_refused';

/** `linked`: the route was asked for with a shared link's token, which cannot be renewed: a 401 is the link's end. */
export function routeFetchFailure(outcome: HttpFailure, linked = false): Failure {
  if (outcome.kind === 'offline') return fail('fetch_failed');
  if (outcome.status === 401) return fail(linked ? 'link_refused' : 'unauthorized');
  if (outcome.status === 404 && outcome.field === 'id') return fail('route_expired');
  if (outcome.status === 404 && outcome.field === 'service') return fail('stop_not_found');
  if (outcome.status === 404 || outcome.status === 400) return fail('server_message', outcome.message);
  return fail('fetch_failed');
}

export function startFailure(outcome: HttpFailure): Failure {
  if (outcome.kind === 'offline') return fail('offline');
  if (outcome.status === 401) return fail('unauthorized');
  if (outcome.status === 404) return fail('not_found', outcome.message);
  if (outcome.status === 400) return fail('server_message', outcome.message);
  return fail('unknown');
}
