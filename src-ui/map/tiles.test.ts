import { describe, expect, it } from 'vitest';
import type { Bounds, LngLat } from './map-data.ts';
import {
  PREFETCH_BUDGET,
  PREFETCH_ZOOMS,
  prefetchTiles,
  prefetchUrls,
  tileAt,
  tileCount,
  tilesCovering,
  tileUrl,
  withMargin,
} from './tiles.ts';

describe('tileAt (slippy map tile numbers)', () => {
  it.each([
    // Known tiles: Utrecht's Dom tower, the null island corner, the antimeridian.
    [[5.1213, 52.0907], 14, { x: 8425, y: 5405 }],
    [[5.1213, 52.0907], 10, { x: 526, y: 337 }],
    [[0, 0], 1, { x: 1, y: 1 }],
    [[-180, 85.06], 3, { x: 0, y: 0 }],
    [[180, -85.06], 3, { x: 7, y: 7 }],
  ] as const)('%j at zoom %i', (at, z, xy) => {
    expect(tileAt([at[0], at[1]], z)).toEqual({ z, ...xy });
  });
});

describe('the route box', () => {
  const utrecht: Bounds = [
    [5.08, 52.06],
    [5.17, 52.12],
  ];

  it('grows by a margin, at least a few streets', () => {
    expect(withMargin(utrecht)[0][0]).toBeCloseTo(5.08 - 0.0135, 6);
    const point: Bounds = [
      [5.1, 52.1],
      [5.1, 52.1],
    ];
    withMargin(point)
      .flat()
      .forEach((v, i) => {
        expect(v).toBeCloseTo([5.09, 52.09, 5.11, 52.11][i]!, 9);
      });
  });

  it('tilesCovering lists every tile of the box, and tileCount counts them', () => {
    for (let z = 8; z <= 15; z++) {
      const tiles = tilesCovering(utrecht, z);
      expect(tiles).toHaveLength(tileCount(utrecht, z));
      expect(new Set(tiles.map((t) => `${t.x}/${t.y}`)).size).toBe(tiles.length);
    }
  });
});

describe('prefetchTiles', () => {
  const city: Bounds = [
    [5.08, 52.06],
    [5.17, 52.12],
  ];
  const stops: LngLat[] = [
    [5.08, 52.06],
    [5.12, 52.09],
    [5.17, 52.12],
  ];

  it('a city route from a source of zoom 14 at most (OpenMapTiles): every level whole, within the budget', () => {
    const tiles = prefetchTiles(city, stops, { min: PREFETCH_ZOOMS.min, max: 14 });
    const area = withMargin(city);
    let whole = 0;
    for (let z = PREFETCH_ZOOMS.min; z <= 14; z++) whole += tileCount(area, z);
    expect(whole).toBeLessThanOrEqual(PREFETCH_BUDGET);
    expect(tiles).toHaveLength(whole);
    expect(tiles[0]!.z).toBe(PREFETCH_ZOOMS.min);
  });

  it('down to zoom 16 the same city does not fit whole: the finest levels get the stops’ tiles', () => {
    const tiles = prefetchTiles(city, stops);
    expect(tiles.length).toBeLessThanOrEqual(PREFETCH_BUDGET);
    const at16 = tiles.filter((t) => t.z === 16);
    expect(at16).toEqual(stops.map((p) => tileAt(p, 16)));
  });

  it('a country-wide route: coarse levels whole, then only the stops’ tiles; never past the budget', () => {
    const country: Bounds = [
      [3.5, 50.8],
      [7.1, 53.5],
    ];
    const spread: LngLat[] = Array.from({ length: 200 }, (_, i) => [
      3.5 + (i % 20) * 0.18,
      50.8 + Math.floor(i / 20) * 0.27,
    ]);
    const tiles = prefetchTiles(country, spread);
    expect(tiles.length).toBeLessThanOrEqual(PREFETCH_BUDGET);
    expect(tiles.length).toBe(PREFETCH_BUDGET);
    // Zoom 10 is whole (the overview); at 16, only tiles holding a stop.
    expect(tiles.filter((t) => t.z === 10)).toHaveLength(tileCount(withMargin(country), 10));
    const stopTiles16 = new Set(spread.map((p) => `${tileAt(p, 16).x}/${tileAt(p, 16).y}`));
    for (const t of tiles.filter((t) => t.z === 16)) expect(stopTiles16.has(`${t.x}/${t.y}`)).toBe(true);
    expect(new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(tiles.length);
  });

  it('respects a smaller budget', () => {
    expect(prefetchTiles(city, stops, PREFETCH_ZOOMS, 5)).toHaveLength(5);
  });
});

describe('tile URLs, as maplibre makes them', () => {
  it('fills {z}/{x}/{y}, flips y for TMS, picks a template by (x + y) % n', () => {
    const t = { z: 14, x: 8425, y: 5400 };
    expect(tileUrl(['https://t.example/planet/{z}/{x}/{y}.pbf'], t)).toBe('https://t.example/planet/14/8425/5400.pbf');
    expect(tileUrl(['https://t.example/{z}/{x}/{y}.pbf'], t, 'tms')).toBe(
      `https://t.example/14/8425/${2 ** 14 - 1 - 5400}.pbf`,
    );
    expect(tileUrl(['https://a.example/{z}/{x}/{y}', 'https://b.example/{z}/{x}/{y}'], { z: 1, x: 1, y: 0 })).toBe(
      'https://b.example/1/1/0',
    );
  });

  it('gives up on templates it cannot fill (a pixel ratio, a quadkey)', () => {
    expect(tileUrl(['https://t.example/{z}/{x}/{y}{ratio}.png'], { z: 1, x: 0, y: 0 })).toBeNull();
    expect(tileUrl(['https://t.example/{quadkey}.png'], { z: 1, x: 0, y: 0 })).toBeNull();
    expect(tileUrl([], { z: 1, x: 0, y: 0 })).toBeNull();
  });

  it('per source: levels clamped to its zooms, streets first, shared budget', () => {
    const box: Bounds = [
      [5.08, 52.06],
      [5.17, 52.12],
    ];
    const urls = prefetchUrls(
      [
        { tiles: ['https://t.example/planet/{z}/{x}/{y}.pbf'], minzoom: 0, maxzoom: 14 },
        { tiles: ['https://t.example/relief/{z}/{x}/{y}.png'], minzoom: 0, maxzoom: 6, tileSize: 256 },
      ],
      box,
      [[5.12, 52.09]],
    );
    const zooms = (prefix: string) =>
      new Set(urls.filter((u) => u.includes(prefix)).map((u) => Number(u.split('/').at(-3))));
    expect(zooms('/planet/')).toEqual(new Set([10, 11, 12, 13, 14]));
    expect(zooms('/relief/')).toEqual(new Set([6]));
    expect(urls.findIndex((u) => u.includes('/relief/'))).toBeGreaterThan(
      urls.findLastIndex((u) => u.includes('/planet/')),
    );
    const source = { tiles: ['https://t.example/{z}/{x}/{y}'], minzoom: 0, maxzoom: 14 };
    expect(prefetchUrls([source], box, [[5.12, 52.09]], 3)).toHaveLength(3);
  });
});
