/**
 * The map caches' bounds as the service worker keeps them: workbox-expiration's CacheExpiration (its
 * ExpirationPlugin's own class) with the shared names and bounds, on Workbox's bookkeeping of the entries' last
 * use. A module of its own, loaded only where Cache Storage is (workbox-expiration expects a browser's global scope).
 */
import { CacheExpiration } from 'workbox-expiration';
import { MAP_STYLE_CACHE, MAP_TILE_CACHE, type MapCacheRules } from '../../src-shared/domain/map-caches.ts';
import { createMapCache, type MapCache, type MapCaches } from './map-cache.ts';

function boundedCache(caches: CacheStorage, rules: MapCacheRules): MapCache {
  const expiration = new CacheExpiration(rules.name, {
    maxEntries: rules.maxEntries,
    maxAgeSeconds: rules.maxAgeSeconds,
  });
  return createMapCache(caches, rules, expiration);
}

export function browserMapCaches(caches: CacheStorage): MapCaches {
  return { tiles: boundedCache(caches, MAP_TILE_CACHE), styles: boundedCache(caches, MAP_STYLE_CACHE) };
}
