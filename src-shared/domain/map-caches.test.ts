import { describe, expect, it } from 'vitest';
import { isFreshCopy, MAP_TILE_CACHE } from './map-caches.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 24 * 3600;

describe('isFreshCopy: a kept tile the service worker would still answer with', () => {
  it.each<[string, string | null, number, boolean]>([
    ['fetched a minute ago', 'Fri, 27 Nov 2026 11:59:00 GMT', MAP_TILE_CACHE.maxAgeSeconds, true],
    ['29 days old', 'Thu, 29 Oct 2026 12:00:00 GMT', MAP_TILE_CACHE.maxAgeSeconds, true],
    ['exactly 30 days old', 'Wed, 28 Oct 2026 12:00:00 GMT', 30 * DAY, true],
    ['a second past 30 days', 'Wed, 28 Oct 2026 11:59:59 GMT', 30 * DAY, false],
    ['a year old', 'Thu, 27 Nov 2025 12:00:00 GMT', MAP_TILE_CACHE.maxAgeSeconds, false],
    ['dated in the future (a host clock ahead)', 'Sat, 28 Nov 2026 12:00:00 GMT', MAP_TILE_CACHE.maxAgeSeconds, true],
    ['no Date header', null, MAP_TILE_CACHE.maxAgeSeconds, true],
    ['a Date header that is no date', 'yesterday-ish', MAP_TILE_CACHE.maxAgeSeconds, true],
  ])('%s', (_name, date, maxAge, fresh) => {
    expect(isFreshCopy(date, NOW, maxAge)).toBe(fresh);
  });
});
