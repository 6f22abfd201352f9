/**
 * When a street style counts as failed (pure): the map then falls back to the built-in style, which needs no map
 * host. A style has made it as soon as one of its tiles has loaded (from the network or the service worker's
 * cache); from then on, tiles that fail (an area never seen, offline) only leave holes. Before that it has failed
 * when:
 *
 *   - the style document did not load (no network and not cached, blocked host, not a style);
 *   - a tile source's description (TileJSON) did not load, or several tiles failed and none loaded;
 *   - the style document has not arrived within FALLBACK_MS (a network that answers nothing, the dead zone's
 *     usual way);
 *   - the style arrived but no tile within TILES_TIMEOUT_MS. Longer: the first tiles wait for maplibre's workers
 *     to start, which on a slow phone (or software GL on two busy cores) takes seconds of CPU, not network.
 *
 * Sprites and glyphs do not count: without them the streets still show, only without icons or names.
 */

/** "Within a few seconds" (issue 14): long enough for a slow 4G style and first tiles, short for a driver. */
export const FALLBACK_MS = 5000;
/** With the style there, how long the first tile may take (workers starting, then the tile's own request). */
export const TILES_TIMEOUT_MS = 20_000;
/** Failed tiles, with none loaded, that condemn a style before the time is up. */
export const TILE_ERRORS_TO_FAIL = 3;

export interface StyleHealth {
  styleLoaded: boolean;
  styleFailed: boolean;
  /** A source's description failed (an error naming a source, with no tile). */
  sourceFailed: boolean;
  tilesLoaded: number;
  tileErrors: number;
}

export const FRESH: StyleHealth = {
  styleLoaded: false,
  styleFailed: false,
  sourceFailed: false,
  tilesLoaded: 0,
  tileErrors: 0,
};

export type Verdict = 'ok' | 'wait' | 'fail';

export function styleVerdict(health: StyleHealth, elapsedMs: number): Verdict {
  if (health.tilesLoaded > 0) return 'ok';
  if (health.styleFailed || health.sourceFailed || health.tileErrors >= TILE_ERRORS_TO_FAIL) return 'fail';
  if (!health.styleLoaded && elapsedMs >= FALLBACK_MS) return 'fail';
  return elapsedMs >= TILES_TIMEOUT_MS ? 'fail' : 'wait';
}
