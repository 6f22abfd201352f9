/**
 * The street style in the Sunlight theme (issue 45): the configured Light style (OpenFreeMap's Positron by default,
 * or any style in the OpenMapTiles schema) recoloured on the map once it has loaded: white land, streets, borders
 * and building edges as dark as the app's dividers (6:1 and more on the land), the sea a clear blue, labels black
 * in a white halo. Only paint properties change, by layer type and source layer, so the style's files, their
 * caching and the prefetch stay the Light style's; a style of another schema keeps its colours but for its
 * background, lines and labels. The built-in style has a Sunlight palette of its own (map-data.ts).
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect } from 'react';

export const SUNLIGHT_STREETS = {
  land: '#ffffff',
  water: '#8fb4e3',
  waterway: '#3f78c4',
  park: '#cfe3c4',
  landuse: '#eef1f5',
  building: '#c4cad3',
  edge: '#5b6472',
  road: '#5b6472',
  boundary: '#1f252d',
  label: '#000000',
  halo: '#ffffff',
} as const;

/** Halo around labels, px: a label stays whole over streets and the route's line. */
const LABEL_HALO_PX = 2;

interface LayerLike {
  id: string;
  type: string;
  'source-layer'?: string;
}
type PaintProperty = Parameters<maplibregl.Map['setPaintProperty']>[1];
type PaintChanges = [property: PaintProperty, value: string | number][];

/** The paint properties a style's layer takes in Sunlight ([]: it keeps its own). */
export function sunlightPaint(layer: LayerLike): PaintChanges {
  const c = SUNLIGHT_STREETS;
  const source = layer['source-layer'] ?? '';
  switch (layer.type) {
    case 'background':
      return [['background-color', c.land]];
    case 'fill':
      if (source === 'water') return [['fill-color', c.water]];
      if (source === 'building')
        return [
          ['fill-color', c.building],
          ['fill-outline-color', c.edge],
        ];
      if (source === 'park' || source === 'landcover') return [['fill-color', c.park]];
      if (source === 'landuse' || source === 'aeroway') return [['fill-color', c.landuse]];
      return [];
    case 'line':
      if (source === 'waterway') return [['line-color', c.waterway]];
      if (source === 'boundary') return [['line-color', c.boundary]];
      if (source === 'transportation' || source === 'aeroway') return [['line-color', c.road]];
      return [];
    case 'symbol':
      return [
        ['text-color', c.label],
        ['text-halo-color', c.halo],
        ['text-halo-width', LABEL_HALO_PX],
      ];
    default:
      return [];
  }
}

/**
 * While `enabled`, every street style the map loads is recoloured for Sunlight (each time a style loads: a fallback
 * and back sets it anew). The theme changes only on the Settings screen, where no map is open, so a map is drawn in
 * the look it opened with.
 */
export function useSunlightStreets(mapRef: RefObject<maplibregl.Map | null>, ready: boolean, enabled: boolean) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; `ready` says it is there.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !enabled) return;
    const recolour = () => {
      // Undefined until the style's document has loaded; the built-in style (droplane-*) has its own palette.
      const style = map.getStyle();
      if (!style || style.name?.startsWith('droplane-')) return;
      for (const layer of style.layers)
        for (const [property, value] of sunlightPaint(layer))
          if (map.getPaintProperty(layer.id, property) !== value) map.setPaintProperty(layer.id, property, value);
    };
    recolour();
    // styledata: the style loaded or changed (not the tiles); a no-op once its colours are the Sunlight ones.
    map.on('styledata', recolour);
    return () => {
      map.off('styledata', recolour);
    };
  }, [ready, enabled]);
}
