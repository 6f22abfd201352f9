/**
 * The signed-in driver as the device keeps it (profile and token pair): the access token the API client sends, its
 * refresh (one at a time), and the session's status in the state. Inside a native wrapper each new pair is also
 * mirrored into the state, for the page to hand over (handover.ts).
 */
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import type { RefreshOutcome } from '../net/api-client.ts';
import type { StoredDriver } from '../storage/app-db.ts';
import type { Sender } from './sender.ts';

/** A token with less than this left is renewed before a socket opens with it. */
const TOKEN_RENEW_MARGIN_MS = 30_000;

export interface DriverTokens {
  /** The driver this session is signed in as; null signed out. */
  current(): StoredDriver | null;
  /** Takes `next` as the session's driver (stored already, or null); the state shows it with `show`. */
  set(next: StoredDriver | null): void;
  /** The state's session: signed in as `profile`, or signed out (null). */
  show(profile: DriverProfile | null): void;
  /** The token the API client sends for the driver; null signed out. */
  accessToken(): string | null;
  /** The driver as the sender of its routes' completions; null signed out. */
  sender(): Sender | null;
  /**
   * Gets a new pair with the refresh token, one call at a time: 'refused' when there is none or the server said no;
   * 'offline' when no answer came or the server failed (5xx).
   */
  refresh(): Promise<RefreshOutcome>;
  /** A socket lives as long as its token: true when it is about to expire, or always with `renew` (signed in). */
  renewalDue(renew: boolean): boolean;
  /** Only inside a native wrapper (handover.ts): each new pair is mirrored into the state from now on. */
  mirrorTokens(mirror: (current: StoredDriver | null) => void): void;
}

/** An answer that is the server's failure, not its judgement of the token. */
const serverFailed = (status: number) => status >= 500 || status === 408 || status === 429;

/** The profile the state shows: the stored driver without its tokens. */
export const profileOf = (stored: StoredDriver): DriverProfile => {
  const { accessToken: _a, refreshToken: _r, expiresAt: _e, ...profile } = stored;
  return profile;
};

export function createDriverTokens(core: CoreContext): DriverTokens {
  let driver: StoredDriver | null = null;
  let refreshing: Promise<RefreshOutcome> | null = null;
  /** Only inside a native wrapper (handover.ts): mirrors each new pair into the state, for the page to hand over. */
  let mirrorTokens: ((current: StoredDriver | null) => void) | undefined;

  return {
    current: () => driver,
    set(next) {
      driver = next;
    },
    show(profile) {
      core.store.update('session', (s) => ({ ...s, status: profile ? 'signed_in' : 'signed_out', driver: profile }));
      mirrorTokens?.(driver);
    },
    accessToken: () => driver?.accessToken ?? null,
    sender: () => (driver ? { owner: `driver:${driver.id}`, auth: 'driver' } : null),

    refresh() {
      refreshing ??= (async (): Promise<RefreshOutcome> => {
        const current = driver;
        if (!current) return 'refused';
        const res = await core.api.request<TokenPair>('POST', '/v1/token/refresh', {
          auth: 'none',
          body: { token: current.refreshToken },
        });
        // Only the server's no (401, 400) ends the session; its own failure (5xx, 408, 429) says nothing of the
        // token, which is tried again later like a call with no answer (issue 46).
        if (!res.ok) return res.kind === 'offline' || serverFailed(res.status) ? 'offline' : 'refused';
        driver = { ...current, ...res.data };
        await (await core.storage()).putDriver(driver);
        mirrorTokens?.(driver);
        return 'ok';
      })().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    renewalDue: (renew) => driver !== null && (renew || driver.expiresAt - core.now() < TOKEN_RENEW_MARGIN_MS),

    mirrorTokens(mirror) {
      mirrorTokens = mirror;
    },
  };
}
