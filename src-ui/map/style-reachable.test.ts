import { describe, expect, it } from 'vitest';
import { MAP_STYLE_CACHE } from '../../src-shared/domain/map-caches.ts';
import { styleKept } from './style-reachable.ts';

const STYLE = 'https://tiles.example/styles/positron';
const DAY_MS = 24 * 3600 * 1000;

/** Cache Storage holding one style copy in `name`, dated `date` (null: no Date header). */
function storage(name: string, date: number | null): CacheStorage {
  return {
    async open(opened: string) {
      return {
        async match(url: string) {
          if (opened !== name || url !== STYLE) return undefined;
          return new Response('{}', { headers: date === null ? {} : { date: new Date(date).toUTCString() } });
        },
      };
    },
  } as unknown as CacheStorage;
}

describe('styleKept: a street style that can load with no network', () => {
  it.each<[string, CacheStorage | undefined, boolean]>([
    ['kept yesterday in the style cache', storage(MAP_STYLE_CACHE.name, Date.now() - DAY_MS), true],
    ['kept with no Date', storage(MAP_STYLE_CACHE.name, null), true],
    [
      'kept past the cache’s age (the service worker would not use it)',
      storage(MAP_STYLE_CACHE.name, Date.now() - 40 * DAY_MS),
      false,
    ],
    ['in another cache only', storage('droplane-map-tiles', Date.now()), false],
    ['no Cache Storage (no secure context)', undefined, false],
    [
      'Cache Storage refusing (a private window)',
      { open: () => Promise.reject(new DOMException('no', 'SecurityError')) } as unknown as CacheStorage,
      false,
    ],
  ])('%s', async (_name, caches, kept) => {
    expect(await styleKept(STYLE, caches)).toBe(kept);
  });
});
