/**
 * The route map's pure logic (no maplibre, no deck.gl, no DOM): the map constants of spec section 9, the stops'
 * bounds, the line, the padding of a fit, and the built-in style per theme (the markers: markers.ts).
 *
 * The built-in style needs no network beyond the app's own origin (where the service worker precaches it): a land
 * background, the sea around the Netherlands from public/map/water.json (WATER_EXTENT less Natural Earth's 1:10m land,
 * public domain; Natural Earth counts the IJsselmeer and the rivers as land, so only the sea is water; should the
 * file not load, all is land), and a light grid of degrees so that panning over plain land still shows movement.
 * No glyphs or sprites: the stop numbers are drawn by deck.gl.
 */
import type { MapOptions } from 'maplibre-gl';
import type { AppTheme, MapTheme } from '../../src-shared/domain/settings.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';

/** A maplibre style document (type only: this module never loads maplibre). */
export type StyleSpec = Exclude<MapOptions['style'], string | undefined>;

export type LngLat = [lng: number, lat: number];
/** [[west, south], [east, north]]. */
export type Bounds = [LngLat, LngLat];
/** 0-255 each, as deck.gl takes colours. */
export type Rgba = [number, number, number, number];

/** Spec section 9: default centre near a fixed Dutch city (Utrecht), zoom 10, max zoom 20, jump zoom 15. */
export const DEFAULT_CENTER: LngLat = [5.1214, 52.0907];
export const DEFAULT_ZOOM = 10;
export const MAX_ZOOM = 20;
export const JUMP_ZOOM = 15;

/** Pixels around a tap that still hit a marker: big enough for gloves. */
export const PICK_RADIUS_PX = 24;

/** The built-in style's water (public/map/; .json so the service worker precaches it), and the area it covers. */
export const WATER_DATA_PATH = '/map/water.json';
export const WATER_EXTENT: Bounds = [
  [-1, 49.5],
  [10, 56.5],
];

/** A stop is drawn only where it has a real location: finite, in range, and not the 0,0 of a failed geocode. */
export function hasLocation({ lat, lng }: { lat: number; lng: number }): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}

/** The smallest box holding every located stop; null when none has a location. */
export function stopBounds(stops: readonly Pick<Stop, 'address'>[]): Bounds | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { address } of stops) {
    if (!hasLocation(address)) continue;
    west = Math.min(west, address.lng);
    east = Math.max(east, address.lng);
    south = Math.min(south, address.lat);
    north = Math.max(north, address.lat);
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}

/** '#rrggbb' and an opacity (0-1) to deck.gl's [r, g, b, a]. */
export function rgba(hex: string, alpha = 1): Rgba {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16), Math.round(alpha * 255)];
}

export interface RoutePath {
  path: LngLat[];
  /** Straight between the stops (no road geometry): drawn dashed so it is not taken for the road. */
  dashed: boolean;
}

/**
 * The path to draw: the planned line (solid when it follows the roads; dashed when the server said it is its
 * straight fallback, `lineIsFallback`), or without one straight segments between the located stops, dashed.
 * The line is used as it is (never copied: it can hold thousands of points).
 */
export function routePath(
  line: readonly LngLat[] | null,
  stops: readonly Pick<Stop, 'address'>[],
  lineIsFallback = false,
): RoutePath | null {
  if (line && line.length >= 2) return { path: line as LngLat[], dashed: lineIsFallback };
  const path = stops.filter((s) => hasLocation(s.address)).map((s): LngLat => [s.address.lng, s.address.lat]);
  return path.length >= 2 ? { path, dashed: true } : null;
}

/** Never leave less than this many px of map above the drawer. */
const MIN_VISIBLE_PX = 120;
/** px kept free around the stops on a fit, and on the right where the controls sit. */
const FIT_MARGIN_PX = 48;
const CONTROLS_GUTTER_PX = 72;

export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The map's own padding: the part under the drawer, leaving at least MIN_VISIBLE_PX (when there is that much). */
export function mapPadding(height: number, bottomInset: number): Padding {
  const limit = Math.max(0, height - MIN_VISIBLE_PX);
  const bottom = Math.round(Math.min(Math.max(0, bottomInset), limit));
  return { top: 0, right: 0, bottom, left: 0 };
}

/**
 * The padding of a fit to the stops, on top of the map's padding (maplibre adds the two): margins that shrink on a
 * small visible area so the stops always get at least half of it.
 */
export function fitPadding(width: number, height: number, bottomInset: number): Padding {
  const visible = Math.max(0, height - mapPadding(height, bottomInset).bottom);
  const vertical = Math.floor(Math.min(FIT_MARGIN_PX, visible / 4));
  const left = Math.floor(Math.min(FIT_MARGIN_PX, width / 4));
  const right = Math.floor(Math.min(CONTROLS_GUTTER_PX, width / 4));
  return { top: vertical, right, bottom: vertical, left };
}

/**
 * How the map is drawn: a map style (the setting), or the Light style in the Sunlight app theme's high-contrast
 * colours (issue 45: the built-in style's palette below, the street style's in sunlight-streets.ts).
 */
export type MapLook = MapTheme | 'sunlight';

/** The look for a map style in an app theme: the Light style turns Sunlight in a Sunlight app. */
export function mapLookFor(theme: MapTheme, app: AppTheme): MapLook {
  return app === 'sunlight' && theme === 'light' ? 'sunlight' : theme;
}

/** Colours of everything but the markers, per look. */
export interface MapPalette {
  land: string;
  water: string;
  grid: string;
  gridMajor: string;
  /** The grid's lines, px. */
  gridWidth: number;
  line: string;
  lineCasing: string;
  position: string;
  positionRing: string;
}

export const PALETTES: Record<MapLook, MapPalette> = {
  // Light: the app's own greys and blues (tokens.css: bg, brand).
  light: {
    land: '#f3f5f8',
    water: '#d3e2f2',
    grid: '#e3e8ee',
    gridMajor: '#d5dbe3',
    gridWidth: 1,
    line: '#0052b4',
    lineCasing: '#ffffff',
    position: '#1a73e8',
    positionRing: '#ffffff',
  },
  // Standard: a classic map's warm land and blue water.
  standard: {
    land: '#f2efe9',
    water: '#aad3df',
    grid: '#e6e1d8',
    gridMajor: '#d9d2c5',
    gridWidth: 1,
    line: '#0052b4',
    lineCasing: '#ffffff',
    position: '#1a73e8',
    positionRing: '#ffffff',
  },
  // Dark: the inverse surface (tokens.css), the line in the inverse action blue.
  dark: {
    land: '#1b232d',
    water: '#0c131b',
    grid: '#232d39',
    gridMajor: '#2c3744',
    gridWidth: 1,
    line: '#8cc4ff',
    lineCasing: '#0c131b',
    position: '#8cc4ff',
    positionRing: '#ffffff',
  },
  // Sunlight: white land, clear blue sea, a grid as dark as the app's dividers (tokens.css, sunlight), drawn 2 px;
  // the line in the theme's brand blue (10.4:1 on the land, 4.9:1 on the sea) in a white casing.
  sunlight: {
    land: '#ffffff',
    water: '#8fb4e3',
    grid: '#5b6472',
    gridMajor: '#5b6472',
    gridWidth: 2,
    line: '#003d87',
    lineCasing: '#ffffff',
    position: '#003d87',
    positionRing: '#ffffff',
  },
};

/** Grid levels: a line every 0.1 degree from zoom 7, every 0.01 from zoom 12.5, every 0.001 from zoom 16. */
const GRID_LEVELS = [
  { every: 100, minzoom: 7 },
  { every: 10, minzoom: 12.5 },
  { every: 1, minzoom: 16 },
] as const;
/** A level is drawn only when it needs at most this many lines over the grid's area. */
const MAX_GRID_LINES = 1500;
/** Degrees the grid reaches beyond the stops. */
const GRID_MARGIN_DEG = 0.2;

/** The grid's area: the stops (or the default centre) plus a margin, on whole tenths so it rarely changes. */
export function gridArea(bounds: Bounds | null): Bounds {
  const [[w, s], [e, n]] = bounds ?? [DEFAULT_CENTER, DEFAULT_CENTER];
  const down = (v: number) => Math.floor((v - GRID_MARGIN_DEG) * 10) / 10;
  const up = (v: number) => Math.ceil((v + GRID_MARGIN_DEG) * 10) / 10;
  return [
    [Math.max(-180, down(w)), Math.max(-85, down(s))],
    [Math.min(180, up(e)), Math.min(85, up(n))],
  ];
}

export interface GridFeature {
  type: 'Feature';
  properties: { level: number };
  geometry: { type: 'LineString'; coordinates: LngLat[] };
}

/** The grid's lines over an area, each tagged with the coarsest level it belongs to; levels too dense are left out. */
export function gridLines(area: Bounds): { type: 'FeatureCollection'; features: GridFeature[] } {
  const [[w, s], [e, n]] = area;
  const features: GridFeature[] = [];
  const levels = GRID_LEVELS.map((l) => ((e - w + n - s) * 1000) / l.every <= MAX_GRID_LINES);
  const levelOf = (i: number) => GRID_LEVELS.findIndex((l) => i % l.every === 0);
  const add = (from: number, to: number, line: (v: number) => LngLat[]) => {
    for (let i = Math.ceil(from * 1000 - 1e-6); i <= Math.floor(to * 1000 + 1e-6); i++) {
      const level = levelOf(i);
      if (levels[level]) {
        features.push({
          type: 'Feature',
          properties: { level },
          geometry: { type: 'LineString', coordinates: line(i / 1000) },
        });
      }
    }
  };
  add(w, e, (lng) => [
    [lng, s],
    [lng, n],
  ]);
  add(s, n, (lat) => [
    [w, lat],
    [e, lat],
  ]);
  return { type: 'FeatureCollection', features };
}

/**
 * The built-in style for a look. waterUrl is WATER_DATA_PATH made absolute (maplibre's worker fetches it);
 * gridBounds is gridArea() of the stops.
 */
export function builtInStyle(theme: MapLook, waterUrl: string, gridBounds: Bounds): StyleSpec {
  const c = PALETTES[theme];
  return {
    version: 8,
    name: `droplane-${theme}`,
    sources: {
      water: { type: 'geojson', data: waterUrl },
      grid: { type: 'geojson', data: gridLines(gridBounds) },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': c.land } },
      { id: 'water', type: 'fill', source: 'water', paint: { 'fill-color': c.water } },
      ...GRID_LEVELS.map((level, i) => ({
        id: `grid-${i}`,
        type: 'line' as const,
        source: 'grid',
        minzoom: level.minzoom,
        filter: ['==', ['get', 'level'], i] as ['==', ['get', string], number],
        paint: { 'line-color': i === 0 ? c.gridMajor : c.grid, 'line-width': c.gridWidth },
      })),
    ],
  };
}
