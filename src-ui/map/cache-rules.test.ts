import { describe, expect, it } from 'vitest';
import { MAP_STYLE_CACHE, MAP_TILE_CACHE } from '../../src-shared/domain/map-caches.ts';
import { isMapStyleRequest, isMapTileRequest } from './cache-rules.ts';
import { PREFETCH_BUDGET } from './tiles.ts';

const input = (href: string, accept: string | null = null, method = 'GET') => {
  const url = new URL(href);
  const headers = new Headers(accept ? { accept } : {});
  return { url, request: new Request(url, { method, headers }), sameOrigin: url.origin === 'https://app.example' };
};

describe('which requests the service worker keeps for the map', () => {
  it.each([
    [
      'an OpenFreeMap vector tile',
      'https://tiles.openfreemap.org/planet/20250101_001001_pt/14/8425/5405.pbf',
      null,
      'tile',
    ],
    ['a raster tile', 'https://tiles.openfreemap.org/natural_earth/ne2sr/6/33/21.png', null, 'tile'],
    ['a @2x raster tile', 'https://tiles.example/osm/3/4/2@2x.webp', null, 'tile'],
    ['a style asked as JSON', 'https://tiles.openfreemap.org/styles/liberty', 'application/json', 'style'],
    ['a TileJSON asked as JSON', 'https://tiles.openfreemap.org/planet', 'application/json', 'style'],
    ['a glyph range', 'https://tiles.openfreemap.org/fonts/Noto%20Sans%20Regular/0-255.pbf', null, 'style'],
    ['a sprite sheet', 'https://tiles.openfreemap.org/sprites/ofm_f384/ofm@2x.png', 'image/webp,*/*', 'style'],
    ['another provider’s sprite', 'https://maps.example/sprite@2x.png', null, 'style'],
    ['the app’s own files', 'https://app.example/assets/index.js', null, null],
    ['the app’s own API, even as JSON', 'https://app.example/v1/projects/routes', 'application/json', null],
    ['the country lookup', 'https://trace.example/cdn-cgi/trace', null, null],
    ['a page of another site', 'https://www.openstreetmap.org/copyright', 'text/html', null],
  ] as const)('%s', (_, href, accept, kind) => {
    const request = input(href, accept);
    expect(isMapTileRequest(request) ? 'tile' : isMapStyleRequest(request) ? 'style' : null).toBe(kind);
  });

  it('never a POST', () => {
    expect(isMapTileRequest(input('https://t.example/1/2/3.pbf', null, 'POST'))).toBe(false);
    expect(isMapStyleRequest(input('https://t.example/style.json', 'application/json', 'POST'))).toBe(false);
  });

  it('the matchers use nothing from outside (Workbox copies their text into the service worker)', () => {
    for (const fn of [isMapTileRequest, isMapStyleRequest]) {
      const copy = new Function(`return (${fn.toString()})`)() as typeof fn;
      expect(copy(input('https://t.example/planet/1/0/0.pbf'))).toBe(fn(input('https://t.example/planet/1/0/0.pbf')));
    }
  });

  it('the tile cache holds two routes’ prefetch; both caches expire entries', () => {
    expect(MAP_TILE_CACHE.maxEntries).toBeGreaterThanOrEqual(2 * PREFETCH_BUDGET);
    expect(MAP_TILE_CACHE.maxAgeSeconds).toBeGreaterThan(0);
    expect(MAP_STYLE_CACHE.maxEntries).toBeGreaterThan(0);
  });
});
