/**
 * The deck.gl layers over the map, from bottom to top: the line (with a casing; dashed when it is the straight
 * fallback), the accuracy halo, the stop markers (circle, then number or icon), the driver's dot, and the active
 * stop's marker with its halo on top of everything.
 */
import type { Layer } from '@deck.gl/core';
import { PathStyleExtension } from '@deck.gl/extensions';
import { IconLayer, type IconLayerProps, PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { LngLat, MapPalette, MarkerDatum, Rgba } from './map-data.ts';
import { ACTIVE_HALO_PX, rgba } from './map-data.ts';
import { type IconKind, markerIconAtlas } from './marker-icons.ts';

export interface LayerInput {
  markers: MarkerDatum[];
  path: { path: LngLat[]; dashed: boolean } | null;
  position: { lat: number; lng: number; accuracy?: number } | null;
  palette: MapPalette;
}

/** The stop markers' layer ids: the ones a tap can pick. */
export const MARKER_LAYER_IDS = ['stops', 'active-halo', 'active-stop'];

/** The app's font stack (tokens.css), for the numbers. */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';
const DIGITS = '0123456789';
const STROKE_PX = 2.5;

const dashes = new PathStyleExtension({ dash: true });

function markerLayers(id: string, data: MarkerDatum[]): Layer[] {
  const numbers = data.filter((m) => m.kind === 'number');
  const icons = data.filter((m) => m.kind !== 'number');
  const atlas = markerIconAtlas();
  return [
    new ScatterplotLayer<MarkerDatum>({
      id,
      data,
      pickable: true,
      radiusUnits: 'pixels',
      lineWidthUnits: 'pixels',
      stroked: true,
      getPosition: (m) => m.position,
      getRadius: (m) => m.radius,
      getFillColor: (m) => m.fill,
      getLineColor: (m) => m.stroke,
      getLineWidth: STROKE_PX,
    }),
    new TextLayer<MarkerDatum>({
      id: `${id}-numbers`,
      data: numbers,
      characterSet: DIGITS,
      fontFamily: FONT,
      fontWeight: 700,
      sizeUnits: 'pixels',
      getPosition: (m) => m.position,
      getText: (m) => m.text,
      getColor: (m) => m.ink,
      getSize: (m) => m.inkSize,
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
    }),
    new IconLayer<MarkerDatum>({
      id: `${id}-icons`,
      data: icons,
      // deck.gl turns a canvas into a texture at run time; its type only names URLs and textures.
      iconAtlas: atlas.canvas as unknown as IconLayerProps['iconAtlas'],
      iconMapping: atlas.mapping,
      sizeUnits: 'pixels',
      getPosition: (m) => m.position,
      getIcon: (m) => m.kind as IconKind,
      getColor: (m) => m.ink,
      getSize: (m) => m.inkSize,
    }),
  ];
}

export function routeLayers({ markers, path, position, palette }: LayerInput): Layer[] {
  const rest = markers.filter((m) => !m.active && !m.covered);
  const active = markers.filter((m) => m.active);
  const at: LngLat | null = position ? [position.lng, position.lat] : null;
  const layers: Layer[] = [];

  if (path) {
    const line = rgba(palette.line, path.dashed ? 0.8 : 0.9);
    if (!path.dashed) {
      layers.push(
        new PathLayer<LngLat[]>({
          id: 'line-casing',
          data: [path.path],
          getPath: (p) => p,
          getColor: rgba(palette.lineCasing, 0.9),
          getWidth: 9,
          widthUnits: 'pixels',
          jointRounded: true,
          capRounded: true,
          updateTriggers: { getColor: palette.lineCasing },
        }),
      );
    }
    layers.push(
      new PathLayer<LngLat[], object>({
        id: path.dashed ? 'line-dashed' : 'line',
        data: [path.path],
        getPath: (p) => p,
        getColor: line,
        getWidth: 5,
        widthUnits: 'pixels',
        jointRounded: !path.dashed,
        capRounded: true,
        updateTriggers: { getColor: palette.line },
        ...(path.dashed ? { extensions: [dashes], getDashArray: [3, 2] as [number, number], dashJustified: true } : {}),
      }),
    );
  }

  if (at && position?.accuracy && position.accuracy > 0) {
    layers.push(
      new ScatterplotLayer<LngLat>({
        id: 'position-accuracy',
        data: [at],
        getPosition: (p) => p,
        radiusUnits: 'meters',
        getRadius: position.accuracy,
        radiusMinPixels: 0,
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 1,
        getFillColor: rgba(palette.position, 0.14),
        getLineColor: rgba(palette.position, 0.45),
        updateTriggers: {
          getRadius: position.accuracy,
          getFillColor: palette.position,
          getLineColor: palette.position,
        },
      }),
    );
  }

  layers.push(...markerLayers('stops', rest));

  if (at) {
    const dot: Rgba = rgba(palette.position);
    layers.push(
      new ScatterplotLayer<LngLat>({
        id: 'position',
        data: [at],
        getPosition: (p) => p,
        radiusUnits: 'pixels',
        getRadius: 8,
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 3,
        getFillColor: dot,
        getLineColor: rgba(palette.positionRing),
        updateTriggers: { getFillColor: palette.position, getLineColor: palette.positionRing },
      }),
    );
  }

  if (active.length > 0) {
    layers.push(
      new ScatterplotLayer<MarkerDatum>({
        id: 'active-halo',
        data: active,
        pickable: true,
        radiusUnits: 'pixels',
        getPosition: (m) => m.position,
        getRadius: (m) => m.radius + ACTIVE_HALO_PX,
        getFillColor: (m) => [m.fill[0], m.fill[1], m.fill[2], 64],
      }),
      ...markerLayers('active-stop', active),
    );
  }
  return layers;
}
