/**
 * Tokens a native wrapper handed over (docs/native-bridge.md), taken into the session: loaded only when a wrapper
 * hands some over, so a browser's start never downloads it.
 *
 * The device's own pair of the same driver is kept when it is as new or newer: the app refreshed it since the
 * wrapper last heard, refresh tokens rotate, and the server revokes a family whose used token comes back. Another
 * driver's session ends first: its caches go, its unsent work stays on the device for its next session.
 *
 * Of the two pairs, the one the device does not keep is revoked on the server when it belongs to another sign-in
 * (another family: another driver, or the wrapper's own new sign-in): nothing on the device holds it any more (the
 * wrapper's keychain takes the kept pair), so it could only serve a copy taken elsewhere. It is the same sign-out as
 * the Account screen's. A newer pair of the same sign-in is the same session, and nothing is revoked.
 */
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { Store } from '../base/store.ts';
import type { AppStorage, StoredDriver } from '../storage/app-db.ts';
import { decodeJwtPayload, profileFromToken } from './jwt.ts';

/** Inside a wrapper, the driver's current pair in `session.tokens` (null signed out), for the page to hand over. */
export function tokenMirror(store: Store) {
  return (current: StoredDriver | null) => {
    const tokens = current
      ? { accessToken: current.accessToken, refreshToken: current.refreshToken, expiresAt: current.expiresAt }
      : null;
    store.update('session', (s) => ({ ...s, tokens }));
  };
}

/** The driver to go on with (the stored one, or one made of the tokens and stored), or null when they name nobody. */
export async function takeHandedTokens(
  current: StoredDriver | null,
  tokens: TokenPair,
  deps: {
    storage: () => Promise<AppStorage>;
    /** Ends the stored driver's session on this device as a sign-out does (driver-session.ts). */
    forgetDriver(): Promise<void>;
    /** Queues the revoke call of a refresh token's family (revocations.ts); never waits on the network. */
    revoke(refreshToken: string): Promise<void>;
  },
): Promise<StoredDriver | null> {
  const named = profileFromToken(tokens.accessToken, '');
  if (!named) return null;
  const storage = await deps.storage();
  const stored = current ?? (await storage.getDriver()) ?? null;
  const otherSignIn = stored !== null && isOtherSignIn(stored.refreshToken, tokens.refreshToken);
  if (stored && stored.id === named.id && stored.expiresAt >= tokens.expiresAt) {
    if (otherSignIn) await deps.revoke(tokens.refreshToken);
    return stored;
  }
  if (stored && stored.id !== named.id) await deps.forgetDriver();
  const driver = { ...named, ...(stored?.id === named.id ? { email: stored.email } : {}), ...tokens };
  await storage.putDriver(driver);
  // Only once the new pair is stored: a tab closed in between leaves a session unrevoked, never one revoked in use.
  if (stored && otherSignIn) await deps.revoke(stored.refreshToken);
  return driver;
}

/** Whether two refresh tokens belong to different sign-ins (their `fam`); not when either names none. */
function isOtherSignIn(one: string, other: string): boolean {
  const [a, b] = [one, other].map((token) => decodeJwtPayload(token)?.fam);
  return typeof a === 'string' && typeof b === 'string' && a !== b;
}
