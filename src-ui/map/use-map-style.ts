/**
 * The map's style: the street style configured for the theme (app-config's mapStyles, OpenFreeMap's by default),
 * else the built-in style. A street style is watched until one of its tiles has loaded (style-health.ts); when it
 * fails, the built-in style takes over and `fellBack` says so, until the network comes back (then it is tried
 * again). The markers, line and position are deck.gl's, over whichever style: they never wait for it.
 */
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Bounds, builtInStyle, gridArea, type MapLook, type StyleSpec, WATER_DATA_PATH } from './map-data.ts';
import { FRESH, type StyleHealth, styleVerdict, TICK_MS, tickCredit } from './style-health.ts';

export interface MapStyleState {
  style: string | StyleSpec;
  /** The street style is shown (not the built-in one). */
  streets: boolean;
  /** One of the street style's tiles has loaded: the prefetch may start. */
  streetsLoaded: boolean;
  /** The street style failed and the built-in one shows instead. */
  fellBack: boolean;
}

/** What maplibre adds to an error or data event that a source sent (not in its types). */
interface FromSource {
  sourceId?: string;
  tile?: unknown;
}

export function useMapStyle(
  styleUrl: string | null,
  theme: MapLook,
  bounds: Bounds | null,
  online: boolean,
  unreachable = false,
): MapStyleState & { watch(map: maplibregl.Map, style: string | StyleSpec): () => void } {
  // A style that cannot be had (offline and not kept: style-reachable.ts) counts as failed from the start: the
  // built-in style draws at once, not after its request failed or timed out.
  const [failedUrl, setFailedUrl] = useState<string | null>(unreachable ? styleUrl : null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a style that has drawn stays; loadedUrl is no trigger.
  useEffect(() => {
    if (unreachable && styleUrl !== null && loadedUrl !== styleUrl) setFailedUrl(styleUrl);
  }, [unreachable, styleUrl]);

  // Back online: a street style that failed is tried again.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) setFailedUrl(null);
    wasOnline.current = online;
  }, [online]);

  const grid = gridArea(bounds);
  const gridKey = grid.flat().join(',');
  const streets = styleUrl !== null && styleUrl !== failedUrl;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the grid is keyed by its text, not its array identity.
  const style: string | StyleSpec = useMemo(
    () => (streets ? styleUrl : builtInStyle(theme, new URL(WATER_DATA_PATH, location.href).href, grid)),
    [streets, styleUrl, theme, gridKey],
  );

  /** Watches a street style once applied to the map: returns the listeners' cleanup. */
  const watch = (map: maplibregl.Map, applied: string | StyleSpec) =>
    typeof applied === 'string' ? watchStyleHealth(map, applied, setLoadedUrl, setFailedUrl) : () => {};

  return {
    style,
    streets,
    streetsLoaded: streets && loadedUrl === styleUrl,
    fellBack: styleUrl !== null && failedUrl === styleUrl,
    watch,
  };
}

/**
 * Watches a street style's health on the map (style-health.ts) until its verdict: `loaded(url)` once one of its tiles
 * has loaded, `failed(url)` when it cannot load. Returns the listeners' cleanup (no verdict after it).
 */
function watchStyleHealth(
  map: maplibregl.Map,
  url: string,
  loaded: (url: string) => void,
  failed: (url: string) => void,
): () => void {
  const health: StyleHealth = { ...FRESH };
  // The time waited, in ticks (style-health.ts: a late tick is the device busy, not the network).
  let waited = 0;
  let lastTick = performance.now();
  let settled = false;
  let lastError: unknown;
  const judge = () => {
    if (settled) return;
    const verdict = styleVerdict(health, waited);
    if (verdict === 'wait') return;
    settled = true;
    stop();
    if (verdict === 'ok') loaded(url);
    else {
      console.warn(
        `The map style ${url} or its tiles did not load (${Math.round(waited)} ms waited); using the built-in style.`,
        health,
        lastError,
      );
      failed(url);
    }
  };
  const onStyle = () => {
    health.styleLoaded = true;
  };
  const onError = (error: maplibregl.MapEventType['error']) => {
    const event = error as maplibregl.MapEventType['error'] & FromSource;
    lastError = event.error;
    if (event.sourceId && event.tile) health.tileErrors += 1;
    else if (event.sourceId) health.sourceFailed = true;
    else if (!health.styleLoaded) health.styleFailed = true;
    judge();
  };
  const onData = (data: maplibregl.MapEventType['data']) => {
    if (data.dataType !== 'source' || !(data as maplibregl.MapEventType['data'] & FromSource).tile) return;
    health.tilesLoaded += 1;
    judge();
  };
  const ticker = setInterval(() => {
    const now = performance.now();
    waited += tickCredit(now - lastTick);
    lastTick = now;
    judge();
  }, TICK_MS);
  map.on('style.load', onStyle);
  map.on('error', onError);
  map.on('data', onData);
  function stop() {
    clearInterval(ticker);
    map.off('style.load', onStyle);
    map.off('error', onError);
    map.off('data', onData);
  }
  return () => {
    settled = true;
    stop();
  };
}
