/**
 * The style on the map: each new one (theme, URL, fallback, or the grid around other stops) is handed to maplibre,
 * which diffs a style object against the last one; a street style is watched until its tiles load, else the
 * built-in style takes over (use-map-style.ts). Returns the watcher, which the map's `created` event calls for the
 * style the map was made with.
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import type { StyleSpec } from './map-data.ts';
import type { MapStyleState } from './use-map-style.ts';

type Style = string | StyleSpec;
type Watch = (map: maplibregl.Map, style: Style) => () => void;

export function useAppliedStyle(
  mapRef: RefObject<maplibregl.Map | null>,
  appliedStyleRef: RefObject<Style | null>,
  ready: boolean,
  { style, watch }: Pick<MapStyleState, 'style'> & { watch: Watch },
) {
  const watchStyle = useStyleWatch(watch);

  // biome-ignore lint/correctness/useExhaustiveDependencies: watchStyle is made anew each render; the style decides.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    if (appliedStyleRef.current !== style) {
      appliedStyleRef.current = style;
      map.setStyle(style);
    }
    watchStyle(map, style);
  }, [ready, style]);

  return watchStyle;
}

/**
 * The street style is watched from the moment the map asks for it (style-health.ts): a host that cannot be reached
 * fails the request within milliseconds, and a watch that came only with the next render missed that and waited for
 * its timer instead (seconds of no map on a busy phone). Returns the watcher: one watch per applied style, the last
 * one stopped when the map goes.
 */
function useStyleWatch(watch: Watch) {
  const watching = useRef<{ style: Style; stop: () => void } | null>(null);
  useEffect(
    () => () => {
      watching.current?.stop();
      watching.current = null;
    },
    [],
  );
  return (map: maplibregl.Map, applied: Style) => {
    if (watching.current?.style === applied) return;
    watching.current?.stop();
    watching.current = { style: applied, stop: watch(map, applied) };
  };
}
