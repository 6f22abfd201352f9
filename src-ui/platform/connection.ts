/**
 * Whether fetching map tiles (and the map's code) ahead is welcome: only where the service worker controls the page
 * (its bounded cache keeps them; without it they would only fill the HTTP cache), and never when the browser says the connection is
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

export function prefetchWelcome(connection: NetworkInformationLike | undefined, controlled: boolean): boolean {
  if (!controlled) return false;
  if (connection?.saveData || connection?.metered) return false;
  return !(connection?.effectiveType && SLOW.has(connection.effectiveType));
}

/** prefetchWelcome for this browser, now: for the route's map tiles and for the map's code. */
export function mayFetchMapAhead(): boolean {
  const nav = navigator as Navigator & { connection?: NetworkInformationLike };
  return prefetchWelcome(nav.connection, Boolean(nav.serviceWorker?.controller));
}
