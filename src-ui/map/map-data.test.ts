import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Stop, StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import { contrastRatio } from '../styles/contrast.ts';
import {
  builtInStyle,
  DEFAULT_CENTER,
  fitPadding,
  gridArea,
  gridLines,
  hasLocation,
  JUMP_ZOOM,
  MAX_ZOOM,
  mapLookFor,
  mapPadding,
  PALETTES,
  rgba,
  routePath,
  stopBounds,
  WATER_DATA_PATH,
  WATER_EXTENT,
} from './map-data.ts';

let seq = 0;
function stop(
  type: StopType,
  status: StopStatus = 'pending',
  at: [number, number] = [5.1, 52.1],
  extra: Partial<Stop> = {},
) {
  return {
    id: ++seq,
    type,
    status,
    address: { lng: at[0], lat: at[1] },
    information: { street: null, city: null, country: null, recipient_name: null, recipient_phone: null, notes: null },
    ...extra,
  } as Stop;
}

describe('constants (spec section 9)', () => {
  it('centre on Utrecht, zoom 10, max 20, jump 15', () => {
    expect(DEFAULT_CENTER).toEqual([5.1214, 52.0907]);
    expect(MAX_ZOOM).toBe(20);
    expect(JUMP_ZOOM).toBe(15);
  });
});

describe('hasLocation', () => {
  it.each([
    [{ lat: 52.09, lng: 5.12 }, true],
    [{ lat: -33.9, lng: 18.4 }, true],
    [{ lat: 0, lng: 0 }, false],
    [{ lat: 0, lng: 5 }, true],
    [{ lat: Number.NaN, lng: 5 }, false],
    [{ lat: 91, lng: 5 }, false],
    [{ lat: 52, lng: 181 }, false],
    [{ lat: 52, lng: Number.POSITIVE_INFINITY }, false],
  ])('%j: %s', (address, expected) => {
    expect(hasLocation(address)).toBe(expected);
  });
});

describe('stopBounds', () => {
  it.each([
    ['no stops', [], null],
    ['no located stop', [[0, 0]], null],
    [
      'one stop: a point',
      [[5.12, 52.09]],
      [
        [5.12, 52.09],
        [5.12, 52.09],
      ],
    ],
    [
      'several, 0,0 left out',
      [
        [5.2, 52.0],
        [0, 0],
        [4.9, 52.3],
        [5.05, 52.1],
      ],
      [
        [4.9, 52.0],
        [5.2, 52.3],
      ],
    ],
  ] as const)('%s', (_, points, expected) => {
    expect(stopBounds(points.map((p) => stop('delivery', 'pending', [...p])))).toEqual(expected);
  });
});

describe('routePath', () => {
  const stops = [
    stop('start', 'pending', [5, 52]),
    stop('delivery', 'pending', [0, 0]),
    stop('end', 'pending', [5.1, 52.1]),
  ];
  it.each([
    [
      'the planned line, solid',
      [
        [5, 52],
        [5.05, 52.02],
        [5.1, 52.1],
      ],
      stops,
      {
        dashed: false,
        path: [
          [5, 52],
          [5.05, 52.02],
          [5.1, 52.1],
        ],
      },
    ],
    [
      'no line: straight between located stops, dashed',
      null,
      stops,
      {
        dashed: true,
        path: [
          [5, 52],
          [5.1, 52.1],
        ],
      },
    ],
    ['a line of one point is no line', [[5, 52]], stops.slice(0, 1), null],
    ['fewer than two located stops: nothing', null, stops.slice(0, 2), null],
  ] as const)('%s', (_, line, list, expected) => {
    expect(routePath(line as [number, number][] | null, list)).toEqual(expected);
  });

  it("the server's straight fallback line (lineIsFallback) is dashed; a road line is solid and not copied", () => {
    const line: [number, number][] = [
      [5, 52],
      [5.1, 52.1],
    ];
    expect(routePath(line, stops, true)).toEqual({ path: line, dashed: true });
    const road = routePath(line, stops, false);
    expect(road).toEqual({ path: line, dashed: false });
    expect(road!.path).toBe(line);
  });
});

describe('padding', () => {
  it.each([
    // height, inset -> map padding bottom
    [844, 0, 0],
    [844, 300, 300],
    [844, 565.4, 565],
    [844, 800, 724], // at least 120 px of map stays visible
    [100, 50, 0],
    [844, -10, 0],
  ])('map padding: height %d, inset %d -> bottom %d', (height, inset, bottom) => {
    expect(mapPadding(height, inset)).toEqual({ top: 0, right: 0, bottom, left: 0 });
  });

  it.each([
    [390, 844, 0, { top: 48, right: 72, bottom: 48, left: 48 }],
    [390, 844, 565, { top: 48, right: 72, bottom: 48, left: 48 }], // 279 px visible
    [390, 844, 724, { top: 30, right: 72, bottom: 30, left: 48 }], // 120 px visible: a quarter each side
    [200, 300, 0, { top: 48, right: 50, bottom: 48, left: 48 }],
  ])('fit padding: %dx%d, inset %d', (width, height, inset, expected) => {
    expect(fitPadding(width, height, inset)).toEqual(expected);
  });
});

describe('grid', () => {
  it('covers the stops plus a margin on whole tenths, or the default centre', () => {
    expect(
      gridArea([
        [5.03, 52.01],
        [5.21, 52.14],
      ]),
    ).toEqual([
      [4.8, 51.8],
      [5.5, 52.4],
    ]);
    expect(gridArea(null)).toEqual([
      [4.9, 51.8],
      [5.4, 52.3],
    ]);
  });

  it('tags each line with its coarsest level and leaves out levels too dense to draw', () => {
    const small = gridLines([
      [5.0, 52.0],
      [5.1, 52.1],
    ]);
    const count = (fc: ReturnType<typeof gridLines>, level: number) =>
      fc.features.filter((f) => f.properties.level === level).length;
    expect([count(small, 0), count(small, 1), count(small, 2)]).toEqual([4, 18, 180]);
    const line = small.features.find((f) => f.properties.level === 1)!;
    expect(line.geometry.coordinates).toEqual([
      [5.01, 52.0],
      [5.01, 52.1],
    ]);
    const large = gridLines([
      [4.0, 51.0],
      [6.0, 53.0],
    ]);
    expect([count(large, 0), count(large, 1), count(large, 2)]).toEqual([42, 360, 0]);
  });
});

describe('builtInStyle', () => {
  it.each(['light', 'dark', 'standard', 'sunlight'] as const)(
    '%s: a style with no network but the water file',
    (theme) => {
      const style = builtInStyle(theme, 'https://app.example/map/water.json', gridArea(null));
      expect(style.version).toBe(8);
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      const urls = JSON.stringify(style).match(/https?:\/\/[^"]+/g);
      expect(urls).toEqual(['https://app.example/map/water.json']);
      expect(style.layers.some((l) => l.type === 'symbol')).toBe(false);
      const paint = (id: string) => style.layers.find((l) => l.id === id)?.paint as Record<string, string>;
      expect(paint('background')['background-color']).toBe(PALETTES[theme].land);
      expect(paint('water')['fill-color']).toBe(PALETTES[theme].water);
    },
  );

  it('the themes differ', () => {
    const colours = (['light', 'dark', 'standard', 'sunlight'] as const).map((t) => PALETTES[t].land);
    expect(new Set(colours).size).toBe(4);
  });

  it('draws the Light style in Sunlight colours in a Sunlight app, any other style as it is', () => {
    expect(mapLookFor('light', 'sunlight')).toBe('sunlight');
    expect(mapLookFor('standard', 'sunlight')).toBe('standard');
    expect(mapLookFor('dark', 'sunlight')).toBe('dark');
    expect(mapLookFor('light', 'light')).toBe('light');
  });

  it('Sunlight: the line 7:1 on the land and 4.5:1 on the sea, the grid 4.5:1 and 2 px', () => {
    const c = PALETTES.sunlight;
    expect(contrastRatio(c.line, c.land)).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(c.line, c.water)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.grid, c.land)).toBeGreaterThanOrEqual(4.5);
    expect(c.gridWidth).toBeGreaterThanOrEqual(2);
  });
});

describe('rgba', () => {
  it.each([
    ['#0052b4', 1, [0, 82, 180, 255]],
    ['#FFFFFF', 0.5, [255, 255, 255, 128]],
  ] as const)('%s at %d', (hex, alpha, expected) => {
    expect(rgba(hex, alpha)).toEqual(expected);
  });
  it('refuses other notations', () => {
    expect(() => rgba('red')).toThrow();
  });
});

describe('the shipped water (public/map/water.json)', () => {
  const file = new URL(`../../public${WATER_DATA_PATH}`, import.meta.url);
  const text = readFileSync(file, 'utf8');
  const water = JSON.parse(text) as {
    type: string;
    features: { geometry: { type: string; coordinates: [number, number][][][] } }[];
  };
  const polygons = water.features.flatMap((f) => f.geometry.coordinates);
  const inRing = ([x, y]: [number, number], ring: [number, number][]) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  const isWater = (p: [number, number]) =>
    polygons.some(([outer, ...holes]) => inRing(p, outer!) && !holes.some((h) => inRing(p, h)));

  it('is small GeoJSON inside its extent', () => {
    expect(text.length).toBeLessThan(50_000);
    expect(water.type).toBe('FeatureCollection');
    const [[w, s], [e, n]] = WATER_EXTENT;
    for (const [lng, lat] of polygons.flat(2)) {
      expect(lng).toBeGreaterThanOrEqual(w);
      expect(lng).toBeLessThanOrEqual(e);
      expect(lat).toBeGreaterThanOrEqual(s);
      expect(lat).toBeLessThanOrEqual(n);
    }
  });

  it.each([
    ['Utrecht', [5.12, 52.09], false],
    ['Amsterdam', [4.9, 52.37], false],
    ['Rotterdam', [4.48, 51.92], false],
    ['Texel', [4.8, 53.07], false],
    ['the North Sea off IJmuiden', [4.0, 52.5], true],
    ['the Wadden Sea', [5.3, 53.2], true],
    ['the Westerschelde', [3.8, 51.4], true],
  ] as const)('%s: water %s', (_, point, expected) => {
    expect(isWater([...point])).toBe(expected);
  });
});
