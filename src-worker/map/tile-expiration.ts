/**
 * The tile cache's bounds as the service worker keeps them: workbox-expiration's CacheExpiration (its
 * ExpirationPlugin's own class) with the shared name and bounds, on Workbox's bookkeeping of the entries' last use.
 * A module of its own, loaded only where Cache Storage is (workbox-expiration expects a browser's global scope).
 */
import { CacheExpiration } from 'workbox-expiration';
import { MAP_TILE_CACHE } from '../../src-shared/domain/map-tile-cache.ts';
import { createTileStore, type TileStore } from './tile-store.ts';

export function browserTileStore(caches: CacheStorage): TileStore {
  const expiration = new CacheExpiration(MAP_TILE_CACHE.name, {
    maxEntries: MAP_TILE_CACHE.maxEntries,
    maxAgeSeconds: MAP_TILE_CACHE.maxAgeSeconds,
  });
  return createTileStore(caches, expiration);
}
