/**
 * The core's own writes into the bounded tile cache (src-shared/domain/map-tile-cache.ts), for the tiles it fetches
 * ahead while no service worker controls the page: in a driver's first session its fetches pass the service worker
 * by, so the service worker's tile route keeps none of them (issue 31). The same cache by the same rules as that
 * route: cache first (a fresh copy is not fetched again, and counts as used now), complete answers only, and the
 * bounds kept by workbox-expiration's CacheExpiration, the class behind the service worker's ExpirationPlugin, on
 * its bookkeeping (an IndexedDB of each entry's last use, shared by both writers). Whichever of the two writes, the
 * cache keeps its most recently used tiles up to its count, none older than its age, and a full disk empties it.
 */
import { isFreshCopy, MAP_TILE_CACHE } from '../../src-shared/domain/map-tile-cache.ts';

/** The part of workbox-expiration's CacheExpiration used here (tile-expiration.ts makes the real one). */
export interface Expiration {
  /** Records the entry's use now (its place in the least-recently-used order). */
  updateTimestamp(url: string): Promise<void>;
  /** Deletes the entries past the count (least recently used first) and past the age. */
  expireEntries(): Promise<void>;
  /** Deletes the cache and its bookkeeping. */
  delete(): Promise<void>;
}

export interface TileStore {
  /** Whether a copy the service worker would answer with is kept; if so it counts as used now. */
  has(request: Request): Promise<boolean>;
  /** Keeps an answer, reading it to its end; false when it is not one to keep or could not be written. */
  keep(request: Request, response: Response): Promise<boolean>;
  /** Brings the cache back within its bounds. */
  trim(): Promise<void>;
}

const isQuotaError = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

export function createTileStore(caches: CacheStorage, expiration: Expiration, now: () => number = Date.now): TileStore {
  const open = () => caches.open(MAP_TILE_CACHE.name);
  const kept: readonly number[] = MAP_TILE_CACHE.statuses;
  return {
    async has(request) {
      const copy = await (await open()).match(request);
      if (!copy || !isFreshCopy(copy.headers.get('date'), now(), MAP_TILE_CACHE.maxAgeSeconds)) return false;
      await expiration.updateTimestamp(request.url);
      return true;
    },
    async keep(request, response) {
      if (!kept.includes(response.status)) {
        await response.arrayBuffer();
        return false;
      }
      try {
        await (await open()).put(request, response);
      } catch (error) {
        // As the service worker's purgeOnQuotaError: a cache that cannot grow starts again empty.
        if (MAP_TILE_CACHE.purgeOnQuotaError && isQuotaError(error)) await expiration.delete();
        return false;
      }
      await expiration.updateTimestamp(request.url);
      return true;
    },
    trim: () => expiration.expireEntries(),
  };
}
