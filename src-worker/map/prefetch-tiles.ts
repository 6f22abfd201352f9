/**
 * Fetching a route's map tiles ahead (the UI's src-ui/map/tiles.ts picks them from the style's sources): plain GETs
 * to the map host, a few at a time, through the service worker, whose bounded tile cache keeps them
 * (src-ui/map/cache-rules.ts). Nothing is read or kept here: the point is the service worker's copy. A newer call
 * (another route, another style) stops an older one; a host that fails the first tiles is given up on.
 */

/** Requests in flight at once: enough to use the line, few enough to leave room for what the driver does. */
const CONCURRENCY = 4;
/** Failures with nothing fetched after which the host counts as unreachable. */
const GIVE_UP_AFTER = 4;
/** Matches the UI's PREFETCH_BUDGET: a call asking for more gets this many. */
export const MAX_PREFETCH_URLS = 400;

export interface PrefetchOutcome {
  fetched: number;
  failed: number;
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

/** `appOrigin()`: the app's own origin (the core's base URL), whose requests are never fetched ahead. */
export function createTilePrefetch(fetchFn: typeof fetch, appOrigin: () => string = () => '') {
  let generation = 0;
  return async function prefetch(urls: readonly string[]): Promise<PrefetchOutcome> {
    const mine = ++generation;
    // Only other hosts' tiles (the app's own API never, and its origin is not in the bounded caches anyway); no
    // credentials go along.
    const origin = appOrigin() ? new URL(appOrigin()).origin : '';
    const queue = urls.filter((url) => otherOrigin(url, origin)).slice(0, MAX_PREFETCH_URLS);
    const outcome: PrefetchOutcome = { fetched: 0, failed: 0 };
    let next = 0;
    const current = () => generation === mine && !(outcome.fetched === 0 && outcome.failed >= GIVE_UP_AFTER);
    const lane = async () => {
      while (next < queue.length && current()) {
        const url = queue[next++]!;
        try {
          const res = await fetchFn(url, { mode: 'cors', credentials: 'omit' });
          // Read to the end, so the service worker's copy is complete before the next one starts.
          await res.arrayBuffer();
          if (res.ok) outcome.fetched += 1;
          else outcome.failed += 1;
        } catch {
          outcome.failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    return outcome;
  };
}
