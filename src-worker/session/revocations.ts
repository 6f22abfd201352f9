/**
 * The revoke call of a session the driver ended (`POST /v1/token/revoke` with its refresh token, docs/server.md
 * "Tokens"): the server then refuses that session's tokens and closes its sockets, so a copy taken before the
 * sign-out (a shared phone) is worth nothing.
 *
 * A sign-out never waits on the network: the token is kept on the device (app-db.ts, the `device` store, written in
 * the sign-out's own transaction) and sent at once, then again at every start of the app and every return of the
 * network until the server answers, whether or not anyone signs in again. The call is idempotent on the server, so two
 * tabs sending the same one, or a send whose answer was lost, do no harm.
 */
import type { CoreContext } from '../core-context.ts';
import type { ApiClient } from '../net/api-client.ts';

const REVOKE_PATH = '/v1/token/revoke';

/** An answer that settles the call: 200, or a refusal the same token would get again (never a server's trouble). */
const settled = (outcome: Awaited<ReturnType<ApiClient['request']>>) =>
  outcome.ok || (outcome.kind === 'http' && outcome.status < 500 && outcome.status !== 408 && outcome.status !== 429);

export interface Revocations {
  /** Keeps the token for its revoke call and sends what waits (not awaited by a sign-out). */
  queue(token: string): Promise<void>;
  /** Sends every waiting revoke call; resolves when done or when the network stops it. */
  send(): Promise<void>;
}

export function createRevocations(core: Pick<CoreContext, 'storage' | 'api'>): Revocations {
  let sending: Promise<void> | null = null;
  /** Asked again while a run was going: that run may have read the list before the newest was kept. */
  let again = false;

  async function sendWaiting(): Promise<void> {
    const storage = await core.storage();
    for (const token of await storage.pendingRevocations()) {
      const outcome = await core.api.request('POST', REVOKE_PATH, { auth: 'none', body: { token } });
      if (settled(outcome)) await storage.dropRevocation(token);
      // No network, or the server in trouble: the rest waits for the next start or the network's return.
      else return;
    }
  }

  function send(): Promise<void> {
    if (sending) {
      again = true;
      return sending;
    }
    sending = (async () => {
      do {
        again = false;
        await sendWaiting();
      } while (again);
    })().finally(() => {
      sending = null;
    });
    return sending;
  }

  return {
    async queue(token) {
      await (await core.storage()).queueRevocation(token);
      void send().catch(() => {});
    },
    send,
  };
}
