/**
 * A typed delivery code tried online before the completion is queued (issue 34, docs/delivery-outcomes.md): a wrong
 * code is then answered at the door and the driver types again, instead of the completion coming back refused later.
 * Without an answer (offline, the server unreachable) the code is not known to be right or wrong: the completion is
 * queued with it all the same and the server checks it when it is sent, as the screen told the driver it would.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { DeliveryCodeAnswer, DeliveryCodeRequest } from '../../src-shared/protocol/http.ts';
import type { ApiClient } from '../net/api-client.ts';

/** Right, wrong (with the wrong tries the stop still takes; 0: locked), or not checked now. */
export type CodeTry = { kind: 'right' } | { kind: 'wrong'; triesLeft: number } | { kind: 'unchecked' };

/** How long a driver at the door waits for the answer before the code is left for the server to check on sending. */
const CODE_TRY_TIMEOUT_MS = 8_000;

export async function tryDeliveryCode(
  api: ApiClient,
  route: Pick<Route, 'id' | 'project_id'>,
  stopId: number,
  code: string,
  /** The core's connectivity (AppState.connectivity.online): whether a request may get an answer now. */
  online: boolean,
): Promise<CodeTry> {
  // Known offline (the platform said so, or a request just went unanswered): a try would only keep the driver
  // waiting at the door for the timeout; the server checks the queued code when the completion is sent.
  if (!online) return { kind: 'unchecked' };
  const body: DeliveryCodeRequest = { code };
  const res = await api.request<DeliveryCodeAnswer>(
    'POST',
    `/v1/projects/${route.project_id}/routes/${route.id}/services/${stopId}/delivery-code`,
    { auth: 'route', body, timeoutMs: CODE_TRY_TIMEOUT_MS },
  );
  // Any refusal of the try itself (the stop lost its code, the route changed hands) leaves the verdict to the
  // completion's own send, which the server checks under the route's lock.
  if (!res.ok) return { kind: 'unchecked' };
  return res.data.right ? { kind: 'right' } : { kind: 'wrong', triesLeft: res.data.tries_left };
}
