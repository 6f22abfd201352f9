/**
 * The deck.gl layers over the map, in groups that RouteMap memoises apart, so each change rebuilds only its own:
 * a new position rebuilds the position's two layers, a new active stop the two focus markers, a zoom level's
 * clusters the resting markers; the line only changes with the line. From bottom to top: the line (with a casing;
 * dashed when it is straight), the accuracy halo, the resting markers and clusters, the driver's dot, the next stop,
 * and the active stop with its halo. deck.gl skips a layer whose props are the same as last time, so a group that
 * did not change costs nothing per frame.
 */
import type { Layer } from '@deck.gl/core';
import { PathStyleExtension } from '@deck.gl/extensions';
import { IconLayer, type IconLayerProps, PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { type ClusterDatum, clusterText } from './declutter.ts';
import type { LngLat, MapPalette, Rgba, RoutePath } from './map-data.ts';
import { rgba } from './map-data.ts';
import { type IconKind, markerIconAtlas } from './marker-icons.ts';
import { ACTIVE_HALO_PX, type MarkerDatum, NEXT_STROKE_PX } from './markers.ts';

export interface Position {
  lat: number;
  lng: number;
  accuracy?: number;
}

/** The app's font stack (tokens.css), for the numbers. */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';
const DIGITS = '0123456789';
const STROKE_PX = 2.5;

const dashes = new PathStyleExtension({ dash: true });

/** Circles, then their numbers, then their icons. `numbers` and `icons` are parts of `data`, split by the caller. */
function markerLayers(id: string, data: MarkerDatum[], strokePx = STROKE_PX): Layer[] {
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
      getLineWidth: strokePx,
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

export function lineLayers(path: RoutePath | null, palette: MapPalette): Layer[] {
  if (!path) return [];
  const layers: Layer[] = [];
  const data = [path.path];
  if (!path.dashed) {
    layers.push(
      new PathLayer<LngLat[]>({
        id: 'line-casing',
        data,
        getPath: (p) => p,
        getColor: rgba(palette.lineCasing, 0.9),
        getWidth: 9,
        widthUnits: 'pixels',
        jointRounded: true,
        capRounded: true,
      }),
    );
  }
  layers.push(
    new PathLayer<LngLat[], object>({
      id: path.dashed ? 'line-dashed' : 'line',
      data,
      getPath: (p) => p,
      getColor: rgba(palette.line, path.dashed ? 0.8 : 0.9),
      getWidth: 5,
      widthUnits: 'pixels',
      // Rounded joints for the dashed line too: a straight line between stops turns sharply, and mitred joints
      // would draw spikes there.
      jointRounded: true,
      capRounded: true,
      ...(path.dashed ? { extensions: [dashes], getDashArray: [3, 2] as [number, number], dashJustified: true } : {}),
    }),
  );
  return layers;
}

/** The accuracy halo (under the markers) and the driver's dot (over the resting markers). */
export function positionLayers(position: Position | null, palette: MapPalette): { halo: Layer[]; dot: Layer[] } {
  if (!position) return { halo: [], dot: [] };
  const data: LngLat[] = [[position.lng, position.lat]];
  const halo =
    position.accuracy && position.accuracy > 0
      ? [
          new ScatterplotLayer<LngLat>({
            id: 'position-accuracy',
            data,
            getPosition: (p) => p,
            radiusUnits: 'meters',
            getRadius: position.accuracy,
            radiusMinPixels: 0,
            stroked: true,
            lineWidthUnits: 'pixels',
            getLineWidth: 1,
            getFillColor: rgba(palette.position, 0.14),
            getLineColor: rgba(palette.position, 0.45),
          }),
        ]
      : [];
  const dot: Rgba = rgba(palette.position);
  return {
    halo,
    dot: [
      new ScatterplotLayer<LngLat>({
        id: 'position',
        data,
        getPosition: (p) => p,
        radiusUnits: 'pixels',
        getRadius: 8,
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 3,
        getFillColor: dot,
        getLineColor: rgba(palette.positionRing),
      }),
    ],
  };
}

/**
 * A cluster's look, unlike a stop's round marker in shape, colour and label: a dark rounded badge with "+count" in
 * white and a white edge (it stands out on the light and the dark map alike), with a second badge peeking out behind
 * it like a stack of cards; greyed when all are done.
 */
const CLUSTER = {
  fill: rgba('#1f2933'),
  ink: rgba('#ffffff'),
  doneFill: rgba('#5b6472'),
  edge: rgba('#ffffff'),
  clear: [0, 0, 0, 0] as Rgba,
};
const clusterBadge = (id: string, data: ClusterDatum[], behind: boolean) =>
  new TextLayer<ClusterDatum>({
    id,
    data,
    pickable: !behind,
    characterSet: `+${DIGITS}`,
    fontFamily: FONT,
    fontWeight: 700,
    sizeUnits: 'pixels',
    getPosition: (c) => c.position,
    getText: (c) => clusterText(c.count),
    getSize: 15,
    getTextAnchor: 'middle',
    getAlignmentBaseline: 'center',
    getColor: behind ? CLUSTER.clear : CLUSTER.ink,
    getPixelOffset: behind ? [4, -4] : [0, 0],
    background: true,
    backgroundPadding: [9, 7],
    backgroundBorderRadius: 9,
    getBackgroundColor: (c) => (c.done ? CLUSTER.doneFill : CLUSTER.fill),
    getBorderColor: CLUSTER.edge,
    getBorderWidth: STROKE_PX,
  });

/** The resting markers and the clusters of one zoom level. */
export function restingLayers(markers: MarkerDatum[], clusters: ClusterDatum[]): Layer[] {
  const layers = markerLayers('stops', markers);
  if (clusters.length === 0) return layers;
  return [...layers, clusterBadge('clusters-stack', clusters, true), clusterBadge('clusters', clusters, false)];
}

/** The next stop, then the active one with its halo, over everything else. */
export function focusLayers(focus: MarkerDatum[]): Layer[] {
  const next = focus.filter((m) => m.role === 'next');
  const active = focus.filter((m) => m.role === 'active');
  const layers = next.length > 0 ? markerLayers('next-stop', next, NEXT_STROKE_PX) : [];
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
