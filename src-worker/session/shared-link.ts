/**
 * The shared link's session: its token (nothing renews it), the sender of its completions, and the link in the state
 * (without its token). A link the server refused (now, or at an earlier open on this device: refused-links.ts) is
 * held apart: its token is never sent again, and only its route's open asks after it (issue 45).
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
  /** `refused`: the server refused this token before; the link is held as refused, not opened. */
  open(link: LinkEntry, refused?: boolean): void;
  /** Ends the link's session; answers the link it closed (null when none was open). */
  close(): OpenLink | null;
  /** The server refused the open link: it ends, and is held as refused; answers it (null when none was open). */
  refuse(): OpenLink | null;
  /** The open link's token; null when none is open (or it was refused). */
  token(): string | null;
  /** The link's token when the link opened this route; null otherwise. */
  tokenFor(routeId: number): string | null;
  /** The link as the sender of its completions; null with no link open. */
  sender(): Sender | null;
  /** The link's sender when the link opened this route; null otherwise. */
  senderFor(routeId: number): Sender | null;
  /** The sender of this tab's link to the route when the server refused it; null otherwise. */
  refusedFor(routeId: number): string | null;
  /** This tab's refused link as the sender of what it left on the device (shown as not saved, never sent). */
  refusedSender(): Sender | null;
}

function linkOf(link: LinkEntry): OpenLink {
  const linkId = decodeJwtPayload(link.token)?.linkId;
  return { owner: `link:${typeof linkId === 'string' ? linkId : link.token.slice(-16)}`, routeId: link.routeId };
}

export function createSharedLink(store: Store): SharedLink {
  let linkToken: string | null = null;
  /** The open link's sender, from its token (the server's idempotency keys are per link, not per route). */
  let linkSender: OpenLink | null = null;
  /** The tab's link the server refused: the link session is closed, but its route's open still says why. */
  let refused: OpenLink | null = null;

  const sender = (): Sender | null => (linkSender ? { owner: linkSender.owner, auth: 'link' } : null);

  function close(): OpenLink | null {
    const closed = linkSender;
    linkToken = null;
    linkSender = null;
    store.update('session', (s) => ({ ...s, link: null }));
    return closed;
  }

  return {
    open(link, wasRefused = false) {
      refused = null;
      if (wasRefused) {
        close();
        refused = linkOf(link);
        return;
      }
      linkToken = link.token;
      linkSender = linkOf(link);
      const { token: _t, ...session } = link;
      store.update('session', (s) => ({ ...s, link: session }));
    },

    close() {
      refused = null;
      return close();
    },

    refuse() {
      const closed = close();
      if (closed) refused = closed;
      return closed;
    },

    token: () => linkToken,
    tokenFor: (routeId) => (linkToken && linkSender?.routeId === routeId ? linkToken : null),
    sender,
    senderFor: (routeId) => (linkSender?.routeId === routeId ? sender() : null),
    refusedFor: (routeId) => (refused?.routeId === routeId ? refused.owner : null),
    refusedSender: () => (refused ? { owner: refused.owner, auth: 'link' } : null),
  };
}
