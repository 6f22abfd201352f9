/**
 * What RouteMap does with the map's events (use-map-instance.ts reads these through a ref, made anew each render
 * so each handler sees the latest props): a tapped marker selects its stop, a tapped cluster zooms in until it
 * splits, a pan stops tracking, a new zoom level re-declutters, a camera at rest moves the focus marks.
 */
import type * as maplibregl from 'maplibre-gl';
import type { RefObject } from 'react';
import type { ClusterDatum } from './declutter.ts';
import { mapPadding, type StyleSpec } from './map-data.ts';
import { EASE_MS, reducedMotion } from './use-map-camera.ts';
import type { MapEvents } from './use-map-instance.ts';

export interface RouteMapHandlers {
  mapRef: RefObject<maplibregl.Map | null>;
  /** The style the map is made with (the latest one asked for). */
  styleRef: RefObject<string | StyleSpec>;
  /** Watches the style the map was made with (use-applied-style.ts). */
  watchStyle(map: maplibregl.Map, style: string | StyleSpec): void;
  /** A stop's marker (or a cluster of stops on one spot) was tapped. */
  select(stopId: number): void;
  stopTracking(): void;
  setLevel(level: number): void;
  markFocus(): void;
  bottomInset: number;
}

export function routeMapEvents(handlers: RouteMapHandlers): MapEvents {
  const { mapRef, styleRef, watchStyle, select, bottomInset } = handlers;
  return {
    created: (map) => watchStyle(map, styleRef.current),
    tap(info) {
      const map = mapRef.current;
      if (!map || !info.object) return;
      if (info.layer?.id !== 'clusters') {
        select(info.object.id);
        return;
      }
      const cluster = info.object as ClusterDatum;
      // A cluster zooms in until it splits; stops on one spot (no zoom splits them) select the first.
      if (cluster.expansionZoom === null) select(cluster.stopIds[0]!);
      else
        map.easeTo({ center: cluster.position, zoom: cluster.expansionZoom, duration: reducedMotion() ? 0 : EASE_MS });
    },
    dragStart: handlers.stopTracking,
    zoomLevel: handlers.setLevel,
    moved: handlers.markFocus,
    padding: (height) => mapPadding(height, bottomInset),
  };
}
