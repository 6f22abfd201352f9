/**
 * The session's intents (session.ts does the work): after a sign-in or a link, what its senders left waiting on the
 * device is sent, and the email step downloads the route code while the driver types the password.
 */
import { okVoid, type Result, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { CoreServices } from './core-services.ts';

export type SessionIntents = Pick<
  WorkerApi,
  'checkEmail' | 'signIn' | 'requestPasswordReset' | 'adoptTokens' | 'signOut' | 'openLink' | 'closeLink'
>;

export function createSessionIntents({
  session,
  routes,
  waiting,
}: Pick<CoreServices, 'session' | 'routes' | 'waiting'>): SessionIntents {
  /** A sign-in (with a password or a wrapper's tokens): what the driver left waiting on the device is sent. */
  async function signedIn<T>(signingIn: Promise<Result<T>>): Promise<Result<T>> {
    const result = await signingIn;
    if (result.ok) void waiting.sendWaiting().catch(() => {});
    return result;
  }

  return {
    async checkEmail(email) {
      const result = await session.checkEmail(email);
      // The driver types the password now: the route code the list needs downloads meanwhile, not after the tap.
      if (result.ok) void routes.get().catch(() => {});
      return result;
    },
    signIn: (email, password) => signedIn(session.signIn(email, password)),
    requestPasswordReset: (email) => session.requestPasswordReset(email),
    adoptTokens: (tokens) => signedIn(session.adopt(tokens)),
    signOut: () => session.signOut(),
    async openLink(link) {
      await session.openLink(link);
      void waiting.sendWaiting().catch(() => {});
      return okVoid;
    },
    async closeLink() {
      session.closeLink();
      return okVoid;
    },
  };
}
