/**
 * data-active-at / data-next-at on the map's root: where the active and next stops' markers are on screen (px in
 * the map), for tests and the benchmark. Returns the marker the camera calls when it comes to rest; the marks also
 * follow at once when the focus markers themselves move (another active or next stop).
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { LngLat } from './map-data.ts';

export function useFocusMarks(
  mapRef: RefObject<maplibregl.Map | null>,
  rootRef: RefObject<HTMLElement | null>,
  ready: boolean,
  activeAt: LngLat | null,
  nextAt: LngLat | null,
): () => void {
  // Read when the camera comes to rest, not when the places change: the callback stays the same.
  const focusAt = useRef({ activeAt, nextAt });
  focusAt.current = { activeAt, nextAt };
  const markFocus = useCallback(() => {
    const map = mapRef.current;
    const root = rootRef.current;
    if (!map || !root) return;
    for (const [key, at] of [
      ['activeAt', focusAt.current.activeAt],
      ['nextAt', focusAt.current.nextAt],
    ] as const) {
      if (!at) delete root.dataset[key];
      else {
        const { x, y } = map.project(at);
        root.dataset[key] = `${Math.round(x)},${Math.round(y)}`;
      }
    }
  }, [mapRef, rootRef]);

  // The focus markers moved (another active or next stop): data-active-at and data-next-at follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: markFocus reads the new places through refs.
  useEffect(() => {
    if (ready) markFocus();
  }, [ready, activeAt, nextAt, markFocus]);

  return markFocus;
}
