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
 *
 * The time is the device's waiting time, not the wall clock's: it is counted in ticks of TICK_MS, and a tick that
 * comes late (the phone busy starting the app, maplibre and its workers: CPU, not network) counts as at most
 * MAX_TICK_CREDIT_MS. A dead zone gives on-time ticks and falls back on time; a busy phone gets its seconds back.
 */

/** "Within a few seconds" (issue 14): long enough for a slow 4G style and first tiles, short for a driver. */
export const FALLBACK_MS = 5000;
/** With the style there, how long the first tile may take (workers starting, then the tile's own request). */
export const TILES_TIMEOUT_MS = 20_000;
/** Failed tiles, with none loaded, that condemn a style before the time is up. */
export const TILE_ERRORS_TO_FAIL = 3;

/** How often the style's health is looked at while it has not decided. */
export const TICK_MS = 250;
/** The most a single (late) tick counts for. */
export const MAX_TICK_CREDIT_MS = 2 * TICK_MS;

/** The waiting time a tick adds, from the time since the last one: a late tick was the device busy, not waiting. */
export function tickCredit(sinceLastMs: number): number {
  return Math.max(0, Math.min(sinceLastMs, MAX_TICK_CREDIT_MS));
}

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
