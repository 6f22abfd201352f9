/**
 * The driver's session: two-step sign-in, the stored tokens, refresh (one at a time), sign-out (which revokes the
 * session on the server, revocations.ts), and the shared link's token. It is also the API client's TokenSource.
 */
import { type Failure, fail, type LinkEntry, ok, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import { EMAIL_MAX_LENGTH, type SignInStepOneAnswer, type TokenPair } from '../../src-shared/protocol/http.ts';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';
import type { Store } from '../core/store.ts';
import type { ApiClient, ApiOutcome, RefreshOutcome, TokenSource } from '../net/api-client.ts';
import type { AppStorage, StoredDriver } from '../storage/app-db.ts';
import { decodeJwtPayload, profileFromToken } from './jwt.ts';
import type { Revocations } from './revocations.ts';

/** A token with less than this left is renewed before a socket opens with it. */
const TOKEN_RENEW_MARGIN_MS = 30_000;
const ORGANISATION_CACHE = 'organisation';
/** What only a native wrapper's session needs, loaded only then. */
const handover = () => import('./handover.ts');

export interface SessionDeps {
  store: Store;
  storage: () => Promise<AppStorage>;
  /** Set once the client exists: the session both uses the client and is its token source. */
  api: () => ApiClient;
  notifyLoggedOut: () => void;
  /**
   * The server refused the shared link's token (revoked, or expired): nothing renews it. The route it opened says so
   * (a link driver never signed in, so "logged out" would be the wrong words, and the sign-in no way on), and the
   * completions the link's sender (`owner`) still holds for it are kept, parked, as not saved.
   */
  linkRefused: (routeId: number, owner: string) => void;
  /** Whatever else holds the driver's data in memory lets go of it (the route list, the open route). */
  onEnded: () => void;
  /** A sign-in just gave the driver a token: what needs only that (the route list) can start now. */
  onSignedIn?: () => void;
  now: () => number;
}

/** Who sends a route's queued completions, and with which token (src-worker/outbox). */
export interface Sender {
  owner: string;
  auth: 'driver' | 'link';
}

export interface Session extends TokenSource {
  /** The sender of a route's completions in this session: its shared link, else the driver; null signed out. */
  senderFor(routeId: number): Sender | null;
  /** Every sender this session is: the driver, and the open shared link. */
  senders(): Sender[];
  /**
   * The token a route's live channel carries (its link's, else the driver's), refreshed first when about to expire,
   * or always with `renew` (the server closed the channel because its token ended: 4401). Null when there is none:
   * a refused refresh ends the session, and a link's token, which cannot be renewed, ends the link.
   */
  liveToken(routeId: number, renew?: boolean): Promise<string | null>;
  /** Sends the revoke calls of ended sessions still waiting on the device (at start, and when back online). */
  sendRevocations(): Promise<void>;
  /**
   * The session at start: the stored driver (or the tokens a native wrapper handed over, see adopt) and the link.
   * `handed` present (a pair, or null): the app runs inside a native wrapper, and the tokens are mirrored into the
   * state for it.
   */
  restore(link: LinkEntry | null, handed?: TokenPair | null): Promise<void>;
  /**
   * Signs in with tokens a native wrapper handed over. The device's own pair of the same driver is kept when it is
   * as new or newer (the app refreshed it since the wrapper last heard: refresh tokens rotate, and the server
   * revokes a family whose old token is used again); another driver's session ends first.
   */
  adopt(tokens: TokenPair): Promise<Result<DriverProfile>>;
  checkEmail(email: string): Promise<Result>;
  signIn(email: string, password: string): Promise<Result<DriverProfile>>;
  requestPasswordReset(email: string): Promise<Result>;
  signOut(): Promise<Result>;
  openLink(link: LinkEntry): void;
  closeLink(): void;
}

/** Sign-in's rule: an unknown email is "No user found"; no answer is offline; anything else is a wrong password. */
function signInFailure(outcome: Exclude<ApiOutcome<unknown>, { ok: true }>) {
  if (outcome.kind === 'offline') return fail('offline');
  return outcome.status === 404
    ? fail('no_user', undefined, 'email')
    : fail('incorrect_password', undefined, 'password');
}

function checkEmailInput(email: string): Failure | null {
  if (email === '') return fail('empty_field', undefined, 'email');
  if (email.length > EMAIL_MAX_LENGTH) return fail('too_long', String(EMAIL_MAX_LENGTH), 'email');
  return null;
}

export function createSession(deps: SessionDeps): Session {
  const { store } = deps;
  let driver: StoredDriver | null = null;
  let linkToken: string | null = null;
  /** The open link's sender, from its token (the server's idempotency keys are per link, not per route). */
  let linkSender: (Sender & { routeId: number }) | null = null;
  const driverSender = (): Sender | null => (driver ? { owner: `driver:${driver.id}`, auth: 'driver' } : null);
  let refreshing: Promise<RefreshOutcome> | null = null;
  /** Only inside a native wrapper (handover.ts): mirrors each new pair into the state, for the page to hand over. */
  let mirrorTokens: ((current: StoredDriver | null) => void) | undefined;
  /**
   * The revoke calls' sender loads only when one is due (a sign-out, a handover, one left waiting from before): most
   * starts have none, and it is not on the start's critical path. What it sends is kept on the device first (app-db),
   * so a load that fails offline loses nothing: the next start sends it.
   */
  let revocations: Promise<Revocations> | null = null;
  const revoker = () =>
    (revocations ??= import('./revocations.ts').then((m) =>
      m.createRevocations({ storage: deps.storage, api: deps.api }),
    ));
  async function sendRevocations(): Promise<void> {
    if (!revocations && (await (await deps.storage()).pendingRevocations()).length === 0) return;
    await (await revoker()).send();
  }

  function showSignedIn(profile: DriverProfile | null) {
    store.update('session', (s) => ({ ...s, status: profile ? 'signed_in' : 'signed_out', driver: profile }));
    mirrorTokens?.(driver);
  }

  const profileOf = (stored: StoredDriver): DriverProfile => {
    const { accessToken: _a, refreshToken: _r, expiresAt: _e, ...profile } = stored;
    return profile;
  };

  /** Tokens a native wrapper handed over: the driver to go on with, or null when they name nobody (handover.ts). */
  const takeHanded = async (tokens: TokenPair) =>
    (await handover()).takeHandedTokens(driver, tokens, {
      storage: deps.storage,
      forgetDriver: () => forgetDriver(),
      revoke: async (token) => (await revoker()).queue(token),
    });

  /** Signed in as `next` (stored already): shown at once, then the account loaded. */
  async function signedInAs(next: StoredDriver): Promise<Result<DriverProfile>> {
    driver = next;
    showSignedIn(profileOf(next));
    // The list is asked for beside the account's two calls, not after them: tap to first card is two round trips.
    deps.onSignedIn?.();
    await loadAccount(next);
    return ok(store.get().session.driver ?? profileOf(next));
  }

  async function loadAccount(stored: StoredDriver): Promise<void> {
    const api = deps.api();
    const [me, org] = await Promise.all([
      api.request<Driver>('GET', `/v1/drivers/${stored.id}`),
      api.request<Organisation>('GET', '/v1/organisations'),
    ]);
    const storage = await deps.storage();
    if (me.ok && driver) {
      driver = { ...driver, first_name: me.data.first_name, last_name: me.data.last_name, email: me.data.email };
      await storage.putDriver(driver);
      showSignedIn(profileOf(driver));
    }
    if (org.ok) {
      store.set(['organisation'], org.data);
      await storage.putCache(ORGANISATION_CACHE, org.data);
    }
  }

  /**
   * What goes with a driver's session, on a sign-out and when a wrapper hands over another driver's tokens alike:
   * the caches, the organisation and what the core holds of the driver. The unsent work stays, keyed by its driver.
   * `revoke`: the refresh token whose revoke call is kept in the same transaction (a sign-out).
   */
  async function forgetDriver(revoke?: string): Promise<void> {
    await (await deps.storage()).clearExceptOutbox(revoke);
    store.set(['organisation'], null);
    deps.onEnded();
  }

  /** The state changes land in one patch, with the logged-out notice when the session expired. */
  async function endSession(expired: boolean, revoke?: string): Promise<void> {
    driver = null;
    await forgetDriver(revoke);
    showSignedIn(null);
    if (expired) deps.notifyLoggedOut();
  }

  const session: Session = {
    senderFor(routeId) {
      if (linkSender && linkSender.routeId === routeId) return { owner: linkSender.owner, auth: 'link' };
      return driverSender();
    },
    senders() {
      const link = linkSender ? [{ owner: linkSender.owner, auth: 'link' } as const] : [];
      const own = driverSender();
      return own ? [own, ...link] : link;
    },

    async liveToken(routeId, renew = false) {
      if (linkToken && linkSender?.routeId === routeId) {
        if (!renew) return linkToken;
        // The server ended the link's token: it expired (a revoked link closes with 4403), and nothing renews it.
        await session.expired('link');
        return null;
      }
      // A socket lives as long as its token: one about to expire is renewed first, so the socket lasts.
      if (driver && (renew || driver.expiresAt - deps.now() < TOKEN_RENEW_MARGIN_MS)) {
        // Offline: the current token is tried, and the channel waits and tries again as after any failure.
        if ((await session.refresh()) === 'refused') {
          await session.expired('driver');
          return null;
        }
      }
      return driver?.accessToken ?? null;
    },

    sendRevocations,

    accessToken: () => driver?.accessToken ?? null,
    linkToken: () => linkToken,

    refresh() {
      refreshing ??= (async (): Promise<RefreshOutcome> => {
        const current = driver;
        if (!current) return 'refused';
        const res = await deps.api().request<TokenPair>('POST', '/v1/token/refresh', {
          auth: 'none',
          body: { token: current.refreshToken },
        });
        if (!res.ok) return res.kind === 'offline' ? 'offline' : 'refused';
        driver = { ...current, ...res.data };
        await (await deps.storage()).putDriver(driver);
        mirrorTokens?.(driver);
        return 'ok';
      })().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    async expired(which) {
      if (which === 'link') {
        const refused = linkSender;
        session.closeLink();
        if (refused) deps.linkRefused(refused.routeId, refused.owner);
      } else if (driver) {
        await endSession(true);
      }
    },

    async restore(link, handed) {
      if (handed !== undefined) mirrorTokens = (await handover()).tokenMirror(store);
      const storage = await deps.storage();
      driver = (await storage.getDriver()) ?? null;
      if (link) session.openLink(link);
      // Tokens naming no driver are ignored: the stored session (if any) stays.
      if (handed) driver = (await takeHanded(handed)) ?? driver;
      if (!driver) return showSignedIn(null);
      showSignedIn(profileOf(driver));
      const org = await storage.getCache<Organisation>(ORGANISATION_CACHE);
      if (org) store.set(['organisation'], org);
      // Fresh copies when online; the cached ones keep an offline start working.
      void loadAccount(driver);
    },

    async checkEmail(raw) {
      const email = raw.trim();
      const invalid = checkEmailInput(email);
      if (invalid) return invalid;
      const res = await deps.api().request<SignInStepOneAnswer>('POST', '/v1/drivers/signin', {
        auth: 'none',
        body: { email },
      });
      return res.ok ? okVoid : signInFailure(res);
    },

    async signIn(raw, password) {
      const email = raw.trim();
      const invalid = checkEmailInput(email);
      if (invalid) return invalid;
      if (password === '') return fail('empty_field', undefined, 'password');
      const res = await deps.api().request<TokenPair>('POST', '/v1/drivers/signin', {
        auth: 'none',
        body: { email, password },
      });
      if (!res.ok) return signInFailure(res);
      const profile = profileFromToken(res.data.accessToken, email);
      if (!profile) return fail('unknown');
      const next = { ...profile, ...res.data };
      await (await deps.storage()).putDriver(next);
      return signedInAs(next);
    },

    async adopt(tokens) {
      const next = await takeHanded(tokens);
      return next ? signedInAs(next) : fail('unknown');
    },

    async requestPasswordReset(raw) {
      const email = raw.trim();
      const invalid = checkEmailInput(email);
      if (invalid) return invalid;
      const res = await deps
        .api()
        .request('GET', `/v1/drivers/password/forgot?email=${encodeURIComponent(email)}`, { auth: 'none' });
      if (res.ok) return okVoid;
      return res.kind === 'offline' ? fail('offline') : fail('server_message', res.message);
    },

    async signOut() {
      // The device is signed out at once; the server hears of it now, or when the network is back (revocations.ts).
      await endSession(false, driver?.refreshToken);
      void sendRevocations().catch(() => {});
      return okVoid;
    },

    openLink(link) {
      linkToken = link.token;
      const linkId = decodeJwtPayload(link.token)?.linkId;
      linkSender = {
        owner: `link:${typeof linkId === 'string' ? linkId : link.token.slice(-16)}`,
        auth: 'link',
        routeId: link.routeId,
      };
      const { token: _t, ...session } = link;
      store.update('session', (s) => ({ ...s, link: session }));
    },

    closeLink() {
      linkToken = null;
      linkSender = null;
      store.update('session', (s) => ({ ...s, link: null }));
    },
  };
  return session;
}
