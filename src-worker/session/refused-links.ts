/**
 * The shared links the server refused on this device (issue 45), remembered so that every later open of one says
 * "This link no longer works" with or without a network, never "Oops" for a route copy the refusal took away.
 *
 * One `device` record per refused link token (app-db.ts: kept across sign-outs, as the revoke calls are), keyed by
 * the token's SHA-256 and not by the token itself: the device keeps no usable credential, and another link (another
 * token, even of the same route) is a different key, so it opens as usual. A refusal is never forgotten: the server
 * refuses a link token for good (revoked stays revoked, an expired token stays expired; docs/server.md "Tokens"), and
 * the outbox treats the refusal as final too (the link's items are parked for good).
 */
import type { AppStorage } from '../storage/app-db.ts';

const REFUSED_PREFIX = 'link-refused:';

async function refusedKey(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return REFUSED_PREFIX + Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface RefusedLinks {
  /** Whether the server refused this link token on this device before; false when the device cannot tell. */
  isRefused(token: string): Promise<boolean>;
  /** Remembers the server's refusal of this link token (for the route it opened). */
  remember(token: string, routeId: number): Promise<void>;
}

export function createRefusedLinks(storage: () => Promise<AppStorage>): RefusedLinks {
  return {
    async isRefused(token) {
      try {
        return (await (await storage()).getDevice(await refusedKey(token))) !== undefined;
      } catch {
        // No storage (a private window that refuses IndexedDB): the server will say it again when asked.
        return false;
      }
    },
    async remember(token, routeId) {
      // One record in one transaction, the whole change, strict as the outbox's writes (a power cut after it keeps
      // it). Written before anything acts on the refusal (session.ts), so a tab closed right after it still knows,
      // and what follows (the link's items parked, the route's copy dropped) is done again at the next open of the
      // link, each step idempotent. Nothing reads and writes it in two steps: two tabs refusing at once write the
      // same record.
      try {
        const key = await refusedKey(token);
        const { db } = await storage();
        // The key is made before the transaction: an await on anything but its own requests would end it.
        const tx = db.transaction('device', 'readwrite', { durability: 'strict' });
        await Promise.all([tx.store.put({ routeId }, key), tx.done]);
      } catch {
        // No storage: the refusal holds for this session; the server says it again at the next open online.
      }
    },
  };
}
