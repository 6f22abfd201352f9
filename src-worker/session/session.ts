/**
 * The driver's session: two-step sign-in, the stored tokens, refresh (one at a time), sign-out (which revokes the
 * session on the server, revocations.ts), and the shared link's token. It is also the API client's TokenSource.
 *
 * Its parts, each with its own state: the driver's tokens (driver-tokens.ts), the driver's sign-in, start and end
 * (driver-session.ts, with the account, account.ts), the shared link (shared-link.ts), the revoke calls
 * (lazy-revocations.ts) and the sign-in screens' calls (sign-in-calls.ts). This file chooses between the driver and
 * the link: which token a call or a socket carries, and who sends a route's completions.
 */
import { type LinkEntry, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import type { TokenSource } from '../net/api-client.ts';
import { createDriverSession } from './driver-session.ts';
import { createDriverTokens } from './driver-tokens.ts';
import { createLazyRevocations } from './lazy-revocations.ts';
import { createRefusedLinks } from './refused-links.ts';
import type { Sender } from './sender.ts';
import type { SessionEvent } from './session-events.ts';
import { createSharedLink } from './shared-link.ts';
import { checkEmail, requestPasswordReset } from './sign-in-calls.ts';

export interface Session extends TokenSource {
  /** The sender of a route's completions in this session: its shared link, else the driver; null signed out. */
  senderFor(routeId: number): Sender | null;
  /**
   * Every sender this session is: the driver, the open shared link, and this tab's refused link, whose completions
   * the device keeps parked and shows as not saved. Sends go by `senderFor`, which never names a refused link.
   */
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
  /** The sign-in's first step: whether the server knows this email. */
  checkEmail(email: string): Promise<Result>;
  /** The sign-in's second step, with the password. */
  signIn(email: string, password: string): Promise<Result<DriverProfile>>;
  /** Asks the server to email a reset link. */
  requestPasswordReset(email: string): Promise<Result>;
  /** Ends the session on the device at once; the server hears of it now or when back online. */
  signOut(): Promise<Result>;
  /** Opens a shared link, unless the server refused it before on this device (then held as refused). */
  openLink(link: LinkEntry): Promise<void>;
  /** The shared link leaves the session (section 8's 404/400, or the driver left it). */
  closeLink(): void;
  /**
   * The sender of this tab's shared link to the route when the server refused it (at any earlier open too): the
   * route's open then says the link no longer works, with or without a network. Null otherwise.
   */
  refusedLinkFor(routeId: number): string | null;
  /**
   * The server withdrew the route's live channel (4403). On a channel that carried the route's shared link this is
   * the link refused, as a 401 of any of its calls is; answers whether it was (else the route's driver changed).
   */
  channelWithdrawn(routeId: number): Promise<boolean>;
}

/** `core.emit`: what the session tells the rest of the core (the root listens: core/core-reactions.ts). */
export function createSession(core: CoreContext<SessionEvent>): Session {
  const driver = createDriverTokens(core);
  const link = createSharedLink(core.store);
  const refusedLinks = createRefusedLinks(core.storage);
  /** Opens the link, or holds it as refused when the server refused its token before (refused-links.ts). */
  const openSharedLink = async (entry: LinkEntry) => link.open(entry, await refusedLinks.isRefused(entry.token));
  const revocations = createLazyRevocations(core);
  const driverSession = createDriverSession(core, driver, revocations);

  const session: Session = {
    senderFor: (routeId) => link.senderFor(routeId) ?? driver.sender(),
    senders: () => [driver.sender(), link.sender(), link.refusedSender()].filter((sender) => sender !== null),

    async liveToken(routeId, renew = false) {
      const linkToken = link.tokenFor(routeId);
      if (linkToken) {
        if (!renew) return linkToken;
        // The server ended the link's token: it expired (a revoked link closes with 4403), and nothing renews it.
        await session.expired('link');
        return null;
      }
      // A socket lives as long as its token: one about to expire is renewed first, so the socket lasts.
      // Offline: the current token is tried, and the channel waits and tries again as after any failure.
      if (driver.renewalDue(renew) && (await session.refresh()) === 'refused') {
        await session.expired('driver');
        return null;
      }
      return driver.accessToken();
    },

    sendRevocations: () => revocations.sendWaiting(),
    accessToken: () => driver.accessToken(),
    linkToken: () => link.token(),
    refresh: () => driver.refresh(),

    async expired(which) {
      if (which === 'driver') return driverSession.expire();
      const token = link.token();
      const refused = link.refuse();
      if (!refused || !token) return;
      // Remembered on the device before anything acts on it: every later open of this link says it no longer works.
      await refusedLinks.remember(token, refused.routeId);
      core.emit({ type: 'session/linkRefused', routeId: refused.routeId, owner: refused.owner });
    },

    async restore(linkEntry, handed) {
      await driverSession.readStored(handed);
      if (linkEntry) await openSharedLink(linkEntry);
      await driverSession.resume(handed);
    },

    checkEmail: (email) => checkEmail(core.api, email),
    signIn: (email, password) => driverSession.signIn(email, password),
    adopt: (tokens) => driverSession.adopt(tokens),
    requestPasswordReset: (email) => requestPasswordReset(core.api, email),

    async signOut() {
      // The device is signed out at once; the server hears of it now, or when the network is back (revocations.ts).
      await driverSession.signOut(driver.current()?.refreshToken);
      void revocations.sendWaiting().catch(() => {});
      return okVoid;
    },

    openLink: openSharedLink,
    closeLink: () => void link.close(),
    refusedLinkFor: (routeId) => link.refusedFor(routeId),

    async channelWithdrawn(routeId) {
      if (!link.tokenFor(routeId)) return false;
      await session.expired('link');
      return true;
    },
  };
  return session;
}
