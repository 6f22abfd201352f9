/**
 * What the service worker keeps of the map hosts (vite.config.ts puts these into Workbox's runtimeCaching), so a
 * map seen online works in a dead zone: two bounded caches, each evicting its least recently used entries past
 * its count and dropping entries past their age (Workbox's ExpirationPlugin).
 *
 *   - droplane-map-tiles: vector and raster tiles ({z}/{x}/{y}.pbf and the like), cache first;
 *   - droplane-map-styles: style documents, TileJSON, sprites and glyphs, stale-while-revalidate (a style that
 *     changes is picked up on the next open).
 *
 * The matchers are written without any outside reference: Workbox copies their text into the service worker.
 * Only requests to other origins count (the app's own files are precached); the style's host is configurable, so
 * they go by what maplibre asks for: tile paths, glyph ranges, sprites, and JSON asked with maplibre's
 * `Accept: application/json` (styles and TileJSON, whatever their URL looks like).
 */

/**
 * The map's own code (its lazy chunk, its styles, maplibre's worker): not precached (with map view off it is never
 * downloaded), cached on first use or when fetched ahead (prefetch-code.ts, from the files index.html names in
 * the meta tag `meta`: scripts/map-code-meta.ts).
 */
/** The names the build gives the map's files, before their hash (`assets/RouteMap-<hash>.js`). */
const MAP_CODE_NAMES = ['RouteMap', 'maplibre-gl-worker'] as const;

export const MAP_CODE = {
  cache: 'droplane-map',
  meta: 'droplane-map-code',
  names: MAP_CODE_NAMES,
  /** An asset path of the map's code, with or without the leading slash. */
  file: new RegExp(`^/?assets/(${MAP_CODE_NAMES.join('|')})-[^/]+\\.(m?js|css)$`),
  /** A URL of the map's code, as the service worker's runtime cache matches it. */
  url: new RegExp(`/assets/(${MAP_CODE_NAMES.join('|')})-`),
} as const;

/**
 * The map caches' names and bounds, shared with the core: it keeps what it fetches ahead for a route there itself
 * while no service worker controls the page (src-shared/domain/map-caches.ts).
 */

interface MatchInput {
  url: URL;
  request: Request;
  sameOrigin: boolean;
}

/** A tile of a map host: .../{z}/{x}/{y}.pbf (or .mvt, or a raster image, @2x too). */
export function isMapTileRequest({ url, request, sameOrigin }: MatchInput): boolean {
  return (
    !sameOrigin &&
    request.method === 'GET' &&
    /\/\d{1,2}\/\d{1,7}\/\d{1,7}(@\dx)?\.(pbf|mvt|png|webp|jpe?g)$/.test(url.pathname)
  );
}

/** A style, TileJSON, sprite or glyph range of a map host. */
export function isMapStyleRequest({ url, request, sameOrigin }: MatchInput): boolean {
  if (sameOrigin || request.method !== 'GET') return false;
  if (/\/\d{1,2}\/\d{1,7}\/\d{1,7}(@\dx)?\.\w+$/.test(url.pathname)) return false;
  return (
    (request.headers.get('accept') ?? '').startsWith('application/json') ||
    /\/\d+-\d+\.pbf$/.test(url.pathname) ||
    /\/sprites?\/|sprite[^/]*\.(png|webp|json)$/.test(url.pathname)
  );
}
