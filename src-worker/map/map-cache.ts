/**
 * The core's own writes into the map hosts' bounded caches (src-shared/domain/map-caches.ts), for what it fetches
 * ahead for a route while no service worker controls the page: in a driver's first session its fetches (and the
 * map's own, before the service worker took over) pass the service worker by, so its routes keep none of them
 * (issue 31). The same caches by the same rules as those routes: a fresh copy is not fetched again (and counts as
 * used now), complete answers only, and the bounds kept by workbox-expiration's CacheExpiration, the class behind
 * the service worker's ExpirationPlugin, on its bookkeeping (an IndexedDB of each entry's last use, shared by both
 * writers). Whichever of the two writes, a cache keeps its most recently used entries up to its count, none older
 * than its age, and a full disk empties it.
 */
import { isFreshCopy, type MapCacheRules } from '../../src-shared/domain/map-caches.ts';

/** The part of workbox-expiration's CacheExpiration used here (map-cache-expiration.ts makes the real one). */
export interface Expiration {
  /** Records the entry's use now (its place in the least-recently-used order). */
  updateTimestamp(url: string): Promise<void>;
  /** Deletes the entries past the count (least recently used first) and past the age. */
  expireEntries(): Promise<void>;
  /** Deletes the cache and its bookkeeping. */
  delete(): Promise<void>;
}

export interface MapCache {
  /** Whether a copy the service worker would answer with is kept; if so it counts as used now. */
  has(request: Request): Promise<boolean>;
  /** Keeps an answer, reading it to its end; false when it is not one to keep or could not be written. */
  keep(request: Request, response: Response): Promise<boolean>;
  /** Brings the cache back within its bounds. */
  trim(): Promise<void>;
}

/** The tiles' cache and the styles' (style documents, TileJSON, sprites, glyphs). */
export interface MapCaches {
  tiles: MapCache;
  styles: MapCache;
}

const isQuotaError = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

export function createMapCache(
  caches: CacheStorage,
  rules: MapCacheRules,
  expiration: Expiration,
  now: () => number = Date.now,
): MapCache {
  const open = () => caches.open(rules.name);
  return {
    async has(request) {
      const copy = await (await open()).match(request);
      if (!copy || !isFreshCopy(copy.headers.get('date'), now(), rules.maxAgeSeconds)) return false;
      await expiration.updateTimestamp(request.url);
      return true;
    },
    async keep(request, response) {
      if (!rules.statuses.includes(response.status)) {
        await response.arrayBuffer();
        return false;
      }
      try {
        await (await open()).put(request, response);
      } catch (error) {
        // As the service worker's purgeOnQuotaError: a cache that cannot grow starts again empty.
        if (rules.purgeOnQuotaError && isQuotaError(error)) await expiration.delete();
        return false;
      }
      await expiration.updateTimestamp(request.url);
      return true;
    },
    trim: () => expiration.expireEntries(),
  };
}
