/**
 * The shared link's session: its token (nothing renews it), the sender of its completions, and the link in the state
 * (without its token).
 */
import type { LinkEntry } from '../../src-shared/api/worker-api.ts';
import type { Store } from '../base/store.ts';
import { decodeJwtPayload } from './jwt.ts';
import type { Sender } from './sender.ts';

/** The open link's sender and the route it opened. */
interface OpenLink {
  owner: string;
  routeId: number;
}

export interface SharedLink {
  open(link: LinkEntry): void;
  /** Ends the link's session; answers the link it closed (null when none was open). */
  close(): OpenLink | null;
  token(): string | null;
  /** The link's token when the link opened this route; null otherwise. */
  tokenFor(routeId: number): string | null;
  /** The link as the sender of its completions; null with no link open. */
  sender(): Sender | null;
  /** The link's sender when the link opened this route; null otherwise. */
  senderFor(routeId: number): Sender | null;
}

export function createSharedLink(store: Store): SharedLink {
  let linkToken: string | null = null;
  /** The open link's sender, from its token (the server's idempotency keys are per link, not per route). */
  let linkSender: OpenLink | null = null;

  const sender = (): Sender | null => (linkSender ? { owner: linkSender.owner, auth: 'link' } : null);

  return {
    open(link) {
      linkToken = link.token;
      const linkId = decodeJwtPayload(link.token)?.linkId;
      linkSender = {
        owner: `link:${typeof linkId === 'string' ? linkId : link.token.slice(-16)}`,
        routeId: link.routeId,
      };
      const { token: _t, ...session } = link;
      store.update('session', (s) => ({ ...s, link: session }));
    },

    close() {
      const closed = linkSender;
      linkToken = null;
      linkSender = null;
      store.update('session', (s) => ({ ...s, link: null }));
      return closed;
    },

    token: () => linkToken,
    tokenFor: (routeId) => (linkToken && linkSender?.routeId === routeId ? linkToken : null),
    sender,
    senderFor: (routeId) => (linkSender?.routeId === routeId ? sender() : null),
  };
}
