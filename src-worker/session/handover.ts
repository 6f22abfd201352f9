/**
 * Tokens a native wrapper handed over (docs/native-bridge.md), taken into the session: loaded only when a wrapper
 * hands some over, so a browser's start never downloads it.
 *
 * The device's own pair of the same driver is kept when it is as new or newer: the app refreshed it since the
 * wrapper last heard, refresh tokens rotate, and the server revokes a family whose used token comes back. Another
 * driver's session ends first: its caches go, its unsent work stays on the device for its next session.
 */
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { StoredDriver } from '../storage/app-db.ts';
import { profileFromToken } from './jwt.ts';
import type { SessionDeps } from './session.ts';

/** Inside a wrapper, the driver's current pair in `session.tokens` (null signed out), for the page to hand over. */
export function tokenMirror(store: SessionDeps['store']) {
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
  deps: Pick<SessionDeps, 'storage'> & {
    /** Ends the stored driver's session on this device as a sign-out does (session.ts). */
    forgetDriver(): Promise<void>;
  },
): Promise<StoredDriver | null> {
  const named = profileFromToken(tokens.accessToken, '');
  if (!named) return null;
  const storage = await deps.storage();
  const stored = current ?? (await storage.getDriver()) ?? null;
  if (stored && stored.id === named.id && stored.expiresAt >= tokens.expiresAt) return stored;
  if (stored && stored.id !== named.id) await deps.forgetDriver();
  const driver = { ...named, ...(stored?.id === named.id ? { email: stored.email } : {}), ...tokens };
  await storage.putDriver(driver);
  return driver;
}
