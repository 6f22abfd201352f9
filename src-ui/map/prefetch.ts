/**
 * The route's area for offline use: once the street style shows, the URLs of the tiles covering the route (tiles.ts)
 * are made from the style's own tile sources, as maplibre resolved them (TileJSON included), and handed to the
 * caller with the style's own files (style-files.ts), which asks the core to fetch them (WorkerApi.prefetchMapTiles)
 * when the connection allows.
 */
import type * as maplibregl from 'maplibre-gl';
import type { Bounds, LngLat } from './map-data.ts';
import { type StyleFilesOf, styleFileUrls } from './style-files.ts';
import { prefetchUrls, type TileSourceInfo } from './tiles.ts';

interface TiledSource {
  type: string;
  tiles?: string[];
  minzoom?: number;
  maxzoom?: number;
  scheme?: 'xyz' | 'tms';
  tileSize?: number;
}

/** The style's vector and raster tile sources, streets first (the style's order), as maplibre resolved them. */
function tileSources(map: maplibregl.Map): TileSourceInfo[] {
  const style = map.getStyle();
  const sources: TileSourceInfo[] = [];
  for (const id of Object.keys(style?.sources ?? {})) {
    const source = map.getSource(id) as TiledSource | undefined;
    if (!source?.tiles?.length || (source.type !== 'vector' && source.type !== 'raster')) continue;
    sources.push({
      tiles: source.tiles,
      minzoom: source.minzoom ?? 0,
      maxzoom: source.maxzoom ?? 22,
      scheme: source.scheme,
      tileSize: source.tileSize,
    });
  }
  // Vector sources (the streets) before raster ones (relief, at low zoom only).
  return sources.sort((a, b) => Number(b.tileSize !== 256) - Number(a.tileSize !== 256));
}

/** The tile URLs to fetch ahead for a route's box and its stops, from the map's current style. */
export function routeTileUrls(map: maplibregl.Map, box: Bounds, stops: readonly LngLat[]): string[] {
  return prefetchUrls(tileSources(map), box, stops);
}

/** The street style's own files (document, TileJSON, sprite, glyphs) as this map asks for them. */
export function routeStyleUrls(map: maplibregl.Map, styleUrl: string): string[] {
  return styleFileUrls(styleUrl, map.getStyle() as StyleFilesOf | undefined, map.getPixelRatio());
}
