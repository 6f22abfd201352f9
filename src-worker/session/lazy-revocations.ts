/**
 * The revoke calls' sender (revocations.ts) loads only when one is due (a sign-out, a handover, one left waiting from
 * before): most starts have none, and it is not on the start's critical path. What it sends is kept on the device
 * first (app-db), so a load that fails offline loses nothing: the next start sends it.
 */
import type { CoreContext } from '../core-context.ts';
import type { Revocations } from './revocations.ts';

export interface LazyRevocations {
  /** Keeps a refresh token for its revoke call and sends what waits (never waits on the network). */
  queue(token: string): Promise<void>;
  /** Sends the revoke calls of ended sessions still waiting on the device; loads nothing when none waits. */
  sendWaiting(): Promise<void>;
}

export function createLazyRevocations(core: CoreContext): LazyRevocations {
  let revocations: Promise<Revocations> | null = null;
  const revoker = () => (revocations ??= import('./revocations.ts').then((m) => m.createRevocations(core)));
  return {
    queue: async (token) => (await revoker()).queue(token),
    async sendWaiting() {
      if (!revocations && (await (await core.storage()).pendingRevocations()).length === 0) return;
      await (await revoker()).send();
    },
  };
}
