/**
 * The route list's request, apart from the list's code: the core sends it as soon as it knows the driver, while
 * the route features' chunk (route-list.ts among it) is still on its way, and hands the answer over to it.
 *
 * In the worker it can go out sooner still: the worker starts before the page's main module has run (index.html's
 * early script), so `earlyListRequest` sends it with the stored session's token before the page's `start` comes.
 * The answer is only used if the start then restores that very session (same driver, same token): a native
 * wrapper's tokens, a shared link, or a sign-out meanwhile make it a request nobody reads, never another driver's
 * list on screen.
 */
import type { ProjectEntry } from '../../src-shared/protocol/entities.ts';
import type { ApiClient, ApiOutcome } from '../net/api-client.ts';
import type { StoredDriver } from '../storage/app-db.ts';

export type ListAnswer = Promise<ApiOutcome<ProjectEntry[]>>;

const LIST_PATH = '/v1/projects/routes';

export const requestList = (api: ApiClient): ListAnswer => api.request<ProjectEntry[]>('GET', LIST_PATH);

/** A token this close to its expiry is not used ahead: the start refreshes it first. */
const EARLY_MARGIN_MS = 30_000;

export interface EarlyList {
  driverId: number;
  token: string;
  answer: ListAnswer;
}

/**
 * The list asked for with the stored driver's own token, before any session is restored; null without a stored
 * driver or with a token about to expire. Sent without the client's auth (no refresh, no sign-out on a 401: the
 * start decides what the answer is worth).
 */
export function earlyListRequest(api: ApiClient, stored: StoredDriver | null, now: number): EarlyList | null {
  if (!stored || stored.expiresAt - now < EARLY_MARGIN_MS) return null;
  const answer = api.request<ProjectEntry[]>('GET', LIST_PATH, {
    auth: 'none',
    headers: { authorization: `Bearer ${stored.accessToken}` },
  });
  return { driverId: stored.id, token: stored.accessToken, answer };
}

/**
 * The early answer if it was asked for the session now restored, else a request of its own; a 401 (the token was
 * revoked meanwhile) also asks again, through the client, which refreshes or signs out as for any request.
 */
export function listAnswerFor(
  api: ApiClient,
  early: EarlyList | null,
  session: { driverId: number | null; token: string | null },
): ListAnswer {
  if (!early || early.driverId !== session.driverId || early.token !== session.token) return requestList(api);
  return early.answer.then((res) => (!res.ok && res.kind === 'http' && res.status === 401 ? requestList(api) : res));
}
