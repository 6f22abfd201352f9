/**
 * Fetching a route's map tiles ahead (the UI's src-ui/map/tiles.ts picks them from the style's sources) into the
 * bounded tile cache the service worker answers from (src-shared/domain/map-tile-cache.ts): plain GETs to the map
 * host, a few at a time. Where the service worker controls the page (and so the core), its tile route keeps what
 * passes it; where it does not yet (a driver's first session, before it took over) the core keeps the tiles in that
 * cache itself, by the same rules (tile-store.ts), so the route has its streets offline either way. A newer call
 * (another route, another style) stops an older one; a host that fails the first tiles is given up on.
 */
import type { TileStore } from './tile-store.ts';

/** Requests in flight at once: enough to use the line, few enough to leave room for what the driver does. */
const CONCURRENCY = 4;
/** Failures with nothing fetched after which the host counts as unreachable. */
const GIVE_UP_AFTER = 4;
/** Matches the UI's PREFETCH_BUDGET: a call asking for more gets this many. */
export const MAX_PREFETCH_URLS = 400;

export interface PrefetchOutcome {
  /** Tiles now in the cache (fetched, or a fresh copy was there already). */
  fetched: number;
  failed: number;
}

export interface PrefetchOptions {
  /** The service worker controls the page and the core: its tile route keeps the tiles. */
  viaServiceWorker?: boolean;
}

/** An absolute http(s) URL of another origin than the app's: the only kind the service worker's map caches keep. */
function otherOrigin(url: string, appOrigin: string): boolean {
  if (!/^https?:\/\//.test(url)) return false;
  try {
    return new URL(url).origin !== appOrigin;
  } catch {
    return false;
  }
}

/** The core's own writer of the tile cache, where the browser has Cache Storage (not in Node tests). */
async function browserStore(): Promise<TileStore | null> {
  if (typeof caches === 'undefined') return null;
  return (await import('./tile-expiration.ts')).browserTileStore(caches);
}

/**
 * `appOrigin()`: the app's own origin (the core's base URL), whose requests are never fetched ahead. `openStore`:
 * the core's writer of the tile cache, opened on the first call that needs it (null where there is none).
 */
export function createTilePrefetch(
  fetchFn: typeof fetch,
  appOrigin: () => string = () => '',
  openStore: () => Promise<TileStore | null> = browserStore,
) {
  let generation = 0;
  let store: Promise<TileStore | null> | null = null;
  return async function prefetch(urls: readonly string[], options: PrefetchOptions = {}): Promise<PrefetchOutcome> {
    const mine = ++generation;
    // Only other hosts' tiles (the app's own API never, and its origin is not in the bounded caches anyway); no
    // credentials go along.
    const origin = appOrigin() ? new URL(appOrigin()).origin : '';
    const queue = urls.filter((url) => otherOrigin(url, origin)).slice(0, MAX_PREFETCH_URLS);
    let keeper: TileStore | null = null;
    if (!options.viaServiceWorker) {
      store ??= openStore().catch(() => null);
      keeper = await store;
    }
    const outcome: PrefetchOutcome = { fetched: 0, failed: 0 };
    let next = 0;
    const current = () => generation === mine && !(outcome.fetched === 0 && outcome.failed >= GIVE_UP_AFTER);
    const one = async (request: Request): Promise<boolean> => {
      if (keeper && (await keeper.has(request))) return true;
      const res = await fetchFn(request);
      if (keeper && res.ok) return keeper.keep(request, res);
      // Read to the end, so the service worker's copy is complete before the next one starts.
      await res.arrayBuffer();
      return res.ok;
    };
    const lane = async () => {
      while (next < queue.length && current()) {
        const request = new Request(queue[next++]!, { mode: 'cors', credentials: 'omit' });
        try {
          if (await one(request)) outcome.fetched += 1;
          else outcome.failed += 1;
        } catch {
          outcome.failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    // What the core wrote, back within the cache's bounds (the service worker's route does this on each write).
    if (keeper) await keeper.trim().catch(() => {});
    return outcome;
  };
}
