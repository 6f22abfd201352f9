/**
 * The bounded cache of the map hosts' tiles (docs/map.md, "Offline: what the service worker keeps"): one cache with
 * one set of rules for its two writers. The service worker's tile route (vite.config.ts runtimeCaching: Workbox's
 * CacheFirst with its ExpirationPlugin) keeps what the map fetches through it; the core keeps what it fetches ahead
 * when no service worker controls the page yet, a driver's first session (src-worker/map/tile-store.ts, with
 * workbox-expiration's CacheExpiration on the same bookkeeping). Both read these.
 */
export const MAP_TILE_CACHE = {
  name: 'droplane-map-tiles',
  /** Two routes' prefetch (tiles.ts: 400 each) with room for panning around. */
  maxEntries: 1000,
  maxAgeSeconds: 30 * 24 * 3600,
  /** The answers kept: complete ones only (no error page, no opaque answer of unknown status). */
  statuses: [200],
  /** A full disk empties the cache (and its bookkeeping) rather than failing every later write. */
  purgeOnQuotaError: true,
} as const;

/**
 * Whether a kept tile may still be used: its Date header is at most `maxAgeSeconds` old. The ExpirationPlugin's
 * own rule, which the service worker applies before answering from the cache (a stale copy is fetched again), so
 * the core counts a copy as kept exactly when the service worker would use it. A copy without a readable Date
 * counts as fresh, as there.
 */
export function isFreshCopy(dateHeader: string | null, nowMs: number, maxAgeSeconds: number): boolean {
  if (dateHeader === null) return true;
  const dated = new Date(dateHeader).getTime();
  if (Number.isNaN(dated)) return true;
  return dated >= nowMs - maxAgeSeconds * 1000;
}
