/**
 * The driver's side of the session: the start's stored driver (or the tokens a native wrapper handed over), signing
 * in, and the session's end (a sign-out, or a refused refresh) with what goes with it.
 */
import { fail, ok, type Result } from '../../src-shared/api/worker-api.ts';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import type { StoredDriver } from '../storage/app-db.ts';
import { createAccount } from './account.ts';
import { type DriverTokens, profileOf } from './driver-tokens.ts';
import type { LazyRevocations } from './lazy-revocations.ts';
import type { SessionEvent } from './session-events.ts';
import { signInWithPassword } from './sign-in-calls.ts';

/** What only a native wrapper's session needs, loaded only then. */
const handover = () => import('./handover.ts');

export interface DriverSession {
  /** The start, first step: the driver stored on the device (inside a wrapper, `handed` present, tokens mirrored). */
  readStored(handed: TokenPair | null | undefined): Promise<void>;
  /** The start, second step: the handed tokens taken, and a signed-in driver shown with its account. */
  resume(handed: TokenPair | null | undefined): Promise<void>;
  /** The password step: the session stored, shown, and its account loaded. */
  signIn(email: string, password: string): Promise<Result<DriverProfile>>;
  /** Signs in with tokens a native wrapper handed over (see Session.adopt). */
  adopt(tokens: TokenPair): Promise<Result<DriverProfile>>;
  /** Ends the session on the device; `revoke`: the refresh token whose revoke call is kept in the same transaction. */
  signOut(revoke: string | undefined): Promise<void>;
  /** A refused refresh ends a signed-in driver's session, with the logged-out notice. */
  expire(): Promise<void>;
}

export function createDriverSession(
  core: CoreContext<SessionEvent>,
  driver: DriverTokens,
  revocations: LazyRevocations,
): DriverSession {
  const { store, emit } = core;
  const account = createAccount(core, driver);

  /** Tokens a native wrapper handed over: the driver to go on with, or null when they name nobody (handover.ts). */
  const takeHanded = async (tokens: TokenPair) =>
    (await handover()).takeHandedTokens(driver.current(), tokens, {
      storage: core.storage,
      forgetDriver: () => forgetDriver(),
      revoke: (token) => revocations.queue(token),
    });

  /** Signed in as `next` (stored already): shown at once, then the account loaded. */
  async function signedInAs(next: StoredDriver): Promise<Result<DriverProfile>> {
    driver.set(next);
    driver.show(profileOf(next));
    // The list is asked for beside the account's two calls, not after them: tap to first card is two round trips.
    emit({ type: 'session/signedIn' });
    await account.load(next);
    return ok(store.get().session.driver ?? profileOf(next));
  }

  /**
   * What goes with a driver's session, on a sign-out and when a wrapper hands over another driver's tokens alike:
   * the caches, the organisation and what the core holds of the driver. The unsent work stays, keyed by its driver.
   * `revoke`: the refresh token whose revoke call is kept in the same transaction (a sign-out).
   */
  async function forgetDriver(revoke?: string): Promise<void> {
    await (await core.storage()).clearExceptOutbox(revoke);
    account.forget();
    emit({ type: 'session/ended' });
  }

  /** The state changes land in one patch, with the logged-out notice when the session expired. */
  async function endSession(expired: boolean, revoke?: string): Promise<void> {
    driver.set(null);
    await forgetDriver(revoke);
    driver.show(null);
    if (expired) emit({ type: 'session/loggedOutAutomatically' });
  }

  return {
    async readStored(handed) {
      if (handed !== undefined) driver.mirrorTokens((await handover()).tokenMirror(store));
      driver.set((await (await core.storage()).getDriver()) ?? null);
    },
    async resume(handed) {
      // Tokens naming no driver are ignored: the stored session (if any) stays.
      if (handed) driver.set((await takeHanded(handed)) ?? driver.current());
      const restored = driver.current();
      if (!restored) return driver.show(null);
      driver.show(profileOf(restored));
      await account.showKept();
      // Fresh copies when online; the cached ones keep an offline start working.
      void account.load(restored);
    },
    async signIn(email, password) {
      const stored = await signInWithPassword(core.api, core.storage, email, password);
      return stored.ok ? signedInAs(stored.value) : stored;
    },
    async adopt(tokens) {
      const next = await takeHanded(tokens);
      return next ? signedInAs(next) : fail('unknown');
    },
    signOut: (revoke) => endSession(false, revoke),
    async expire() {
      if (driver.current()) await endSession(true);
    },
  };
}
