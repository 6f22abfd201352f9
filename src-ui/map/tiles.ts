/**
 * Which map tiles to fetch ahead so the route's area works in a dead zone (pure: no maplibre, no DOM). The tiles
 * covering the route's box (with a margin) at the zoom levels a driver uses, from the overview down to street
 * level, at most PREFETCH_BUDGET of them: levels are taken whole from coarse to fine while they fit; finer levels
 * that do not fit get only the tiles holding a stop, in route order, until the budget is spent.
 *
 * Tile URLs are made from the style's source templates exactly as maplibre makes them ({z}/{x}/{y}, a TMS scheme
 * flips y, several templates are picked by (x + y) % n), so the requests match the service worker's cache keys.
 */
import type { Bounds, LngLat } from './map-data.ts';

/** At most this many tiles per route (about 10-20 MB of vector tiles in a city). */
export const PREFETCH_BUDGET = 400;
/** The overview of a day's route (spec's default zoom 10) down to street level (the jump zoom 15 and beyond). */
export const PREFETCH_ZOOMS = { min: 10, max: 16 } as const;
/** The route's box grows by this share of its size on each side, at least MARGIN_MIN_DEG (a few streets). */
const MARGIN_SHARE = 0.15;
const MARGIN_MIN_DEG = 0.01;
const MAX_LAT = 85.0511287798;

export interface Tile {
  z: number;
  x: number;
  y: number;
}

export interface TileSourceInfo {
  tiles: readonly string[];
  minzoom: number;
  maxzoom: number;
  scheme?: 'xyz' | 'tms';
  /** 512 for vector tiles; raster sources of 256 px tiles are asked one level deeper for the same zoom. */
  tileSize?: number;
}

/** The tile column and row holding a point at zoom z. */
export function tileAt([lng, lat]: LngLat, z: number): Tile {
  const n = 2 ** z;
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const rad = (clamped * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x: Math.max(0, Math.min(n - 1, x)), y: Math.max(0, Math.min(n - 1, y)) };
}

/** The box grown by a margin on each side (clamped to the Mercator world). */
export function withMargin([[w, s], [e, n]]: Bounds): Bounds {
  const dx = Math.max((e - w) * MARGIN_SHARE, MARGIN_MIN_DEG);
  const dy = Math.max((n - s) * MARGIN_SHARE, MARGIN_MIN_DEG);
  return [
    [Math.max(-180, w - dx), Math.max(-MAX_LAT, s - dy)],
    [Math.min(180, e + dx), Math.min(MAX_LAT, n + dy)],
  ];
}

/** Every tile covering a box at zoom z, row by row. */
export function tilesCovering([[w, s], [e, n]]: Bounds, z: number): Tile[] {
  const nw = tileAt([w, n], z);
  const se = tileAt([e, s], z);
  const tiles: Tile[] = [];
  for (let y = nw.y; y <= se.y; y++) for (let x = nw.x; x <= se.x; x++) tiles.push({ z, x, y });
  return tiles;
}

export const tileCount = ([[w, s], [e, n]]: Bounds, z: number): number => {
  const nw = tileAt([w, n], z);
  const se = tileAt([e, s], z);
  return (se.x - nw.x + 1) * (se.y - nw.y + 1);
};

/**
 * The tiles to prefetch for the route's box and its stops (route order), zoom levels min..max, at most `budget`.
 * Whole levels while they fit, then only the stops' tiles.
 */
export function prefetchTiles(
  box: Bounds,
  stops: readonly LngLat[],
  zooms: { min: number; max: number } = PREFETCH_ZOOMS,
  budget: number = PREFETCH_BUDGET,
): Tile[] {
  const area = withMargin(box);
  const chosen: Tile[] = [];
  const seen = new Set<string>();
  const add = (t: Tile) => {
    const key = `${t.z}/${t.x}/${t.y}`;
    if (chosen.length >= budget || seen.has(key)) return;
    seen.add(key);
    chosen.push(t);
  };
  let whole = true;
  for (let z = zooms.min; z <= zooms.max && chosen.length < budget; z++) {
    whole &&= chosen.length + tileCount(area, z) <= budget;
    if (whole) for (const t of tilesCovering(area, z)) add(t);
    else for (const p of stops) add(tileAt(p, z));
  }
  return chosen;
}

/** A tile's URL from a source's templates as maplibre makes it; null for templates with other placeholders. */
export function tileUrl(templates: readonly string[], { z, x, y }: Tile, scheme: 'xyz' | 'tms' = 'xyz'): string | null {
  if (templates.length === 0) return null;
  const template = templates[(x + y) % templates.length]!;
  const row = scheme === 'tms' ? 2 ** z - 1 - y : y;
  const url = template
    .replace(/\{prefix\}/g, (x % 16).toString(16) + (y % 16).toString(16))
    .replace(/\{z\}/g, String(z))
    .replace(/\{x\}/g, String(x))
    .replace(/\{y\}/g, String(row));
  return /\{[^}]*\}/.test(url) ? null : url;
}

/**
 * The URLs to prefetch for a style's tile sources (in the style's order; the first, the streets, gets the budget
 * first). A source serves each zoom from its nearest level (maplibre over-zooms past maxzoom), so a source with
 * maxzoom 14 is asked for levels 10-14 only.
 */
export function prefetchUrls(
  sources: readonly TileSourceInfo[],
  box: Bounds,
  stops: readonly LngLat[],
  budget: number = PREFETCH_BUDGET,
): string[] {
  const urls: string[] = [];
  for (const source of sources) {
    const offset = source.tileSize === 256 ? 1 : 0;
    const min = Math.max(source.minzoom, Math.min(source.maxzoom, PREFETCH_ZOOMS.min + offset));
    const max = Math.max(min, Math.min(source.maxzoom, PREFETCH_ZOOMS.max + offset));
    for (const tile of prefetchTiles(box, stops, { min, max }, budget - urls.length)) {
      const url = tileUrl(source.tiles, tile, source.scheme);
      if (url && !urls.includes(url)) urls.push(url);
    }
    if (urls.length >= budget) break;
  }
  return urls;
}
