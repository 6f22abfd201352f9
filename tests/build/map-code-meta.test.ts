/** Which files index.html names as the map's code (fetched ahead when map view is on). */
import { describe, expect, it } from 'vitest';
import { mapCodeFiles } from '../../scripts/map-code-meta.ts';

describe('mapCodeFiles', () => {
  it('names the map chunk, its styles and maplibre’s worker, as root paths', () => {
    expect(
      mapCodeFiles([
        'index.html',
        'assets/index-Ab1.js',
        'assets/RouteMap-Cd2.js',
        'assets/RouteMap-Ef3.css',
        'assets/maplibre-gl-worker-Gh4.mjs',
        'assets/RouteScreen-Ij5.js',
        'sw.js',
      ]),
    ).toEqual(['/assets/RouteMap-Cd2.js', '/assets/RouteMap-Ef3.css', '/assets/maplibre-gl-worker-Gh4.mjs']);
  });

  it.each([
    ['a source map', 'assets/RouteMap-Cd2.js.map'],
    ['a precompressed copy', 'assets/RouteMap-Cd2.js.br'],
    ['a file outside assets', 'RouteMap-Cd2.js'],
    ['another chunk that mentions the map', 'assets/map-scene-Kl6.js'],
  ])('leaves out %s', (_, name) => {
    expect(mapCodeFiles([name])).toEqual([]);
  });
});
