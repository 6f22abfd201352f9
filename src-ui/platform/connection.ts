/**
 * Whether fetching map tiles (and the map's code) ahead is welcome: only where something keeps them in a bounded
 * cache (without one they would only fill the HTTP cache), and never when the browser says the connection is
 * metered or slow (the Network Information API, Chromium's: `saveData` is how a phone's data saver, or a network
 * marked metered, reaches a web page; `effectiveType` says how fast it is; `metered` is an older draft's flag a
 * wrapper may still set). A cellular connection alone is not a reason: it is a driver's usual one, and the tiles
 * are for when it drops. A browser that says nothing (Safari, Firefox) gets the prefetch.
 */

interface NetworkInformationLike {
  saveData?: boolean;
  metered?: boolean;
  effectiveType?: string;
}

/** Effective connection types too slow to spend on tiles nobody asked for yet. */
const SLOW = new Set(['slow-2g', '2g', '3g']);

export function prefetchWelcome(connection: NetworkInformationLike | undefined, kept: boolean): boolean {
  if (!kept) return false;
  if (connection?.saveData || connection?.metered) return false;
  return !(connection?.effectiveType && SLOW.has(connection.effectiveType));
}

const connectionNow = () => (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

/**
 * prefetchWelcome for the route's map tiles, now: the service worker's tile route keeps them, or, while it does not
 * control the page yet, the core itself in the same cache (Cache Storage; WorkerApi.prefetchMapTiles).
 */
export function mayFetchTilesAhead(): boolean {
  return prefetchWelcome(connectionNow(), typeof caches !== 'undefined');
}

/**
 * prefetchWelcome for the map's code as far as the connection goes: only the service worker's map cache keeps it,
 * so its prefetch also waits for the service worker to control the page (src-ui/map/prefetch-code.ts).
 */
export function connectionWelcomesPrefetch(): boolean {
  return prefetchWelcome(connectionNow(), true);
}
