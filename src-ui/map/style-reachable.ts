/**
 * Whether the street style can be had now (issue 31): online, it is asked for as usual (style-health.ts watches it);
 * offline, only a style the service worker's style cache keeps can load. One that is not kept is then not asked for
 * at all: the map draws the built-in style at once, instead of waiting for the style's request to fail or, in a
 * dead zone that answers nothing, to time out (a first open with no network showed no map for seconds). Looked up in
 * Cache Storage from the page; not part of the map's chunk, so the look-up runs while that chunk loads.
 */
import { useEffect, useState } from 'react';
import { isFreshCopy, MAP_STYLE_CACHE } from '../../src-shared/domain/map-caches.ts';

/** A copy of the style the service worker would answer with (its ExpirationPlugin's freshness rule). */
export async function styleKept(url: string, storage: CacheStorage | undefined = globalThis.caches): Promise<boolean> {
  if (!storage) return false;
  try {
    const copy = await (await storage.open(MAP_STYLE_CACHE.name)).match(url);
    return !!copy && isFreshCopy(copy.headers.get('date'), Date.now(), MAP_STYLE_CACHE.maxAgeSeconds);
  } catch {
    return false;
  }
}

/**
 * true: the style may be asked for; false: offline and not kept. null only for a map that opens offline, until the
 * first look-up answers (a few ms): its first style is then the right one. Later look-ups (the signal lost with the
 * map open, another theme's style) leave the map as it is until they answer.
 */
export function useStyleReachable(url: string | null, online: boolean): boolean | null {
  const [openedOffline] = useState(!online);
  const [answer, setAnswer] = useState<{ url: string; kept: boolean } | null>(null);
  const offlineUrl = online ? null : url;
  useEffect(() => {
    if (offlineUrl === null) return;
    let live = true;
    void styleKept(offlineUrl).then((kept) => {
      if (live) setAnswer({ url: offlineUrl, kept });
    });
    return () => {
      live = false;
    };
  }, [offlineUrl]);
  if (offlineUrl === null) return true;
  if (answer?.url === offlineUrl) return answer.kept;
  return openedOffline && answer === null ? null : true;
}
