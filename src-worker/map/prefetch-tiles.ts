/**
 * Fetching a route's map ahead: its tiles (the UI's src-ui/map/tiles.ts picks them from the style's sources) and the
 * style's own files (document, TileJSON, sprite, glyphs: src-ui/map/prefetch.ts), into the bounded caches the service
 * worker answers from (src-shared/domain/map-caches.ts): plain GETs to the map host, a few at a time. Where the
 * service worker controls the page (and so the core), its routes keep what passes them; where it does not yet (a
 * driver's first session, before it took over) the core keeps them in those caches itself, by the same rules
 * (map-cache.ts), so the route has its streets offline either way. A copy already kept is not fetched again. A newer
 * call (another route, another style) stops an older one; a host that fails the first tiles is given up on.
 */
import type { MapCache, MapCaches } from './map-cache.ts';

/** Requests in flight at once: enough to use the line, few enough to leave room for what the driver does. */
const CONCURRENCY = 4;
/** Failures with nothing fetched after which the host counts as unreachable. */
const GIVE_UP_AFTER = 4;
/** Matches the UI's PREFETCH_BUDGET: a call asking for more gets this many. */
export const MAX_PREFETCH_URLS = 400;
/** A style's own files: its document, a TileJSON per source, a sprite's two files, a few glyph ranges. */
const MAX_STYLE_URLS = 20;
/**
 * How long one file may take, answer and body: a dead zone's request that is neither answered nor refused would
 * hold its lane, and four of them the whole prefetch, until the browser gave up (minutes). A tile is a few KB, so
 * on a slow line it takes well under this.
 */
const REQUEST_TIMEOUT_MS = 15_000;

interface PrefetchOutcome {
  /** Tiles now in the cache (fetched, or a fresh copy was there already). */
  fetched: number;
  failed: number;
}

interface PrefetchOptions {
  /** The service worker controls the page and the core: its routes keep what is fetched. */
  viaServiceWorker?: boolean;
  /** The style's own files, fetched before the tiles. */
  style?: readonly string[];
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

/**
 * A style file asked for as maplibre asks for it: JSON (a style document, TileJSON, a sprite's index) with `Accept:
 * application/json`, which is how the service worker's style route knows a style whatever its URL looks like.
 */
function styleRequest(url: string): Request {
  const binary = /\.(png|webp|jpe?g|pbf)$/.test(new URL(url).pathname);
  return new Request(url, {
    mode: 'cors',
    credentials: 'omit',
    headers: binary ? {} : { accept: 'application/json' },
  });
}

/** The core's own writers of the map caches, where the browser has Cache Storage (not in Node tests). */
async function browserCaches(): Promise<MapCaches | null> {
  if (typeof caches === 'undefined') return null;
  return (await import('./map-cache-expiration.ts')).browserMapCaches(caches);
}

/**
 * `appOrigin()`: the app's own origin (the core's base URL), whose requests are never fetched ahead. `openCaches`:
 * the core's writers of the map caches, opened on the first call (null where there are none). `requestTimeoutMs`:
 * how long one file may take before it counts as failed.
 */
/**
 * Fetches these map files into the caches, at most MAX_PREFETCH_URLS of them; a newer call stops this one. Answers
 * what it fetched, failed and skipped.
 */
export type TilePrefetch = (urls: readonly string[], options?: PrefetchOptions) => Promise<PrefetchOutcome>;

export function createTilePrefetch(
  fetchFn: typeof fetch,
  appOrigin: () => string = () => '',
  openCaches: () => Promise<MapCaches | null> = browserCaches,
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
): TilePrefetch {
  let generation = 0;
  let opened: Promise<MapCaches | null> | null = null;
  return async function prefetch(urls: readonly string[], options: PrefetchOptions = {}): Promise<PrefetchOutcome> {
    const mine = ++generation;
    // Only other hosts' files (the app's own API never, and its origin is not in the bounded caches anyway); no
    // credentials go along.
    const origin = appOrigin() ? new URL(appOrigin()).origin : '';
    const mapHost = (url: string) => otherOrigin(url, origin);
    opened ??= openCaches().catch(() => null);
    const caches = await opened;
    const keepHere = !options.viaServiceWorker;

    /** One file: a kept copy is enough; else fetched, and kept here unless the service worker does. */
    const one = async (request: Request, cache: MapCache | undefined): Promise<boolean> => {
      if (cache && (await cache.has(request))) return true;
      // The signal bounds the body's reading too: a copy kept or read to its end within the time, or a failure.
      const res = await fetchFn(request, { signal: AbortSignal.timeout(requestTimeoutMs) });
      if (cache && keepHere && res.ok) return cache.keep(request, res);
      // Read to the end, so the service worker's copy is complete before the next one starts.
      await res.arrayBuffer();
      return res.ok;
    };

    // The style's files first: without them no tile shows.
    for (const url of (options.style ?? []).filter(mapHost).slice(0, MAX_STYLE_URLS)) {
      if (generation !== mine) break;
      await one(styleRequest(url), caches?.styles).catch(() => false);
    }

    const queue = urls.filter(mapHost).slice(0, MAX_PREFETCH_URLS);
    const outcome: PrefetchOutcome = { fetched: 0, failed: 0 };
    let next = 0;
    const current = () => generation === mine && !(outcome.fetched === 0 && outcome.failed >= GIVE_UP_AFTER);
    const lane = async () => {
      while (next < queue.length && current()) {
        const request = new Request(queue[next++]!, { mode: 'cors', credentials: 'omit' });
        try {
          if (await one(request, caches?.tiles)) outcome.fetched += 1;
          else outcome.failed += 1;
        } catch {
          outcome.failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    // What the core wrote, back within the caches' bounds (the service worker's routes do this on each write).
    if (caches && keepHere) await Promise.all([caches.tiles.trim(), caches.styles.trim()]).catch(() => {});
    return outcome;
  };
}
