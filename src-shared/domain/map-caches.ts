/**
 * The bounded caches of the map hosts' files (docs/map.md, "Offline: what the service worker keeps"): each one cache
 * with one set of rules for its two writers. The service worker's runtime routes (vite.config.ts runtimeCaching:
 * Workbox's strategies with its ExpirationPlugin) keep what the map fetches through them; the core keeps what it
 * fetches ahead for a route while no service worker controls the page yet, a driver's first session
 * (src-worker/map/map-cache.ts, with workbox-expiration's CacheExpiration on the same bookkeeping). Both read these.
 */

export interface MapCacheRules {
  name: string;
  /** Past this count the least recently used entries go. */
  maxEntries: number;
  /** Entries older than this go, and a copy whose Date is older is not used (isFreshCopy). */
  maxAgeSeconds: number;
  /** The answers kept: complete ones only (no error page, no opaque answer of unknown status). */
  statuses: readonly number[];
  /** A full disk empties the cache (and its bookkeeping) rather than failing every later write. */
  purgeOnQuotaError: boolean;
}

/** Vector and raster tiles ({z}/{x}/{y}.pbf and the like), cache first. */
export const MAP_TILE_CACHE = {
  name: 'droplane-map-tiles',
  /** Two routes' prefetch (tiles.ts: 400 each) with room for panning around. */
  maxEntries: 1000,
  maxAgeSeconds: 30 * 24 * 3600,
  statuses: [200],
  purgeOnQuotaError: true,
} as const satisfies MapCacheRules;

/** Style documents, TileJSON, sprites and glyphs, stale-while-revalidate (a style that changes is picked up). */
export const MAP_STYLE_CACHE = {
  name: 'droplane-map-styles',
  /** Three styles, their TileJSON, sprites (1x and 2x) and a few fonts' glyph ranges. */
  maxEntries: 120,
  maxAgeSeconds: 30 * 24 * 3600,
  statuses: [200],
  purgeOnQuotaError: true,
} as const satisfies MapCacheRules;

/**
 * Whether a kept copy may still be used: its Date header is at most `maxAgeSeconds` old. The ExpirationPlugin's
 * own rule, which the service worker applies before answering from a cache (a stale copy is fetched again), so the
 * core counts a copy as kept exactly when the service worker would use it. A copy without a readable Date counts as
 * fresh, as there.
 */
export function isFreshCopy(dateHeader: string | null, nowMs: number, maxAgeSeconds: number): boolean {
  if (dateHeader === null) return true;
  const dated = new Date(dateHeader).getTime();
  if (Number.isNaN(dated)) return true;
  return dated >= nowMs - maxAgeSeconds * 1000;
}
