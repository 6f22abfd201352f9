/**
 * The route's area for offline use (prefetch.ts): fetched ahead once the street style shows, and again for another
 * style or route. Waits for the view's own tiles first: they are what the driver looks at now.
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import type { Bounds, LngLat } from './map-data.ts';
import { routeStyleUrls, routeTileUrls } from './prefetch.ts';
import type { RouteMapProps } from './types.ts';

export interface PrefetchInput {
  /** The street style's first tiles have loaded (use-map-style.ts). */
  streetsLoaded: boolean;
  styleUrl: string | null;
  bounds: Bounds | null;
  stopPoints: LngLat[];
  onPrefetch: RouteMapProps['onPrefetch'];
}

export function useRoutePrefetch(
  mapRef: RefObject<maplibregl.Map | null>,
  ready: boolean,
  { streetsLoaded, styleUrl, bounds, stopPoints, onPrefetch }: PrefetchInput,
) {
  const prefetchedRef = useRef('');
  // The latest handler, read when the map is idle: a new closure is no reason to fetch again.
  const prefetch = useRef(onPrefetch);
  prefetch.current = onPrefetch;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !streetsLoaded || !styleUrl || !bounds || !prefetch.current) return;
    const key = `${styleUrl} ${bounds.flat().join(',')}`;
    if (prefetchedRef.current === key) return;
    const run = () => {
      prefetchedRef.current = key;
      const urls = routeTileUrls(map, bounds, stopPoints);
      if (urls.length > 0) prefetch.current?.(urls, routeStyleUrls(map, styleUrl));
    };
    // After the view's own tiles: they come first. A map already at rest fires no 'idle' until it moves again.
    if (map.loaded() && !map.isMoving()) {
      run();
      return;
    }
    map.once('idle', run);
    return () => {
      map.off('idle', run);
    };
  }, [mapRef, ready, streetsLoaded, styleUrl, bounds, stopPoints]);
}
