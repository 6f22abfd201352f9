/**
 * The deck.gl layers on the map's overlay, each group rebuilt only when its own data changes (layers.ts), and
 * stacked so the position's dot lies over the resting markers and the focus markers over everything.
 */
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { type RefObject, useEffect, useMemo } from 'react';
import type { Decluttered } from './declutter.ts';
import { focusLayers, lineLayers, type Position, positionLayers, restingLayers } from './layers.ts';
import type { MapPalette, RoutePath } from './map-data.ts';
import type { MarkerDatum } from './markers.ts';

export interface OverlayData {
  path: RoutePath | null;
  position: Position | null;
  palette: MapPalette;
  decluttered: Decluttered;
  focus: MarkerDatum[];
}

export function useOverlayLayers(
  overlayRef: RefObject<MapLibreOverlay | null>,
  ready: boolean,
  { path, position, palette, decluttered, focus }: OverlayData,
) {
  const lineGroup = useMemo(() => lineLayers(path, palette), [path, palette]);
  const positionGroup = useMemo(() => positionLayers(position, palette), [position, palette]);
  const restingGroup = useMemo(() => restingLayers(decluttered.markers, decluttered.clusters), [decluttered]);
  const focusGroup = useMemo(() => focusLayers(focus), [focus]);
  useEffect(() => {
    if (!ready) return;
    overlayRef.current?.setProps({
      layers: [...lineGroup, ...positionGroup.halo, ...restingGroup, ...positionGroup.dot, ...focusGroup],
    });
  }, [ready, overlayRef, lineGroup, positionGroup, restingGroup, focusGroup]);
}
