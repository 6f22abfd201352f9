/**
 * The icons of the unnumbered markers (start, break, end, and a round trip's start and end in one: the house with a
 * small flag over it), drawn once into a canvas that deck.gl's IconLayer uses as its atlas: white masks, tinted per
 * marker. The same lucide icons as the stop list's StopMarker (House, Coffee, Flag; lucide, ISC licence), from their
 * SVG path data, so nothing is fetched.
 */
import type { MarkerKind } from './markers.ts';

export type IconKind = Exclude<MarkerKind, 'number'>;

/** lucide's 24x24 path data (stroke-only icons). */
const ICON_PATHS: Record<Exclude<IconKind, 'startEnd'>, string[]> = {
  start: [
    'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8',
    'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  ],
  break: [
    'M10 2v2',
    'M14 2v2',
    'M16 8a1 1 0 0 1 1 1v8a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V9a1 1 0 0 1 1-1h14a4 4 0 1 1 0 8h-1',
    'M6 2v2',
  ],
  end: [
    'M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528',
  ],
};

const KINDS: IconKind[] = ['start', 'break', 'end', 'startEnd'];
/** One cell per icon, px; drawn at 2.5x its 24-unit grid for a sharp icon on dense screens. */
const CELL = 64;
const SCALE = 2.5;
const CENTRED = (CELL - 24 * SCALE) / 2;

/** What each cell holds: icons at a scale and an offset within the cell (px). */
const DRAWN: Record<IconKind, { icon: keyof typeof ICON_PATHS; scale: number; x: number; y: number }[]> = {
  start: [{ icon: 'start', scale: SCALE, x: CENTRED, y: CENTRED }],
  break: [{ icon: 'break', scale: SCALE, x: CENTRED, y: CENTRED }],
  end: [{ icon: 'end', scale: SCALE, x: CENTRED, y: CENTRED }],
  startEnd: [
    { icon: 'start', scale: 2, x: 2, y: 14 },
    { icon: 'end', scale: 1.3, x: 33, y: 0 },
  ],
};

export interface IconAtlas {
  canvas: HTMLCanvasElement;
  mapping: Record<IconKind, { x: number; y: number; width: number; height: number; mask: true }>;
}

let atlas: IconAtlas | null = null;

/** The atlas, drawn on first use. */
export function markerIconAtlas(): IconAtlas {
  if (atlas) return atlas;
  const canvas = document.createElement('canvas');
  canvas.width = CELL * KINDS.length;
  canvas.height = CELL;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2.25;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    KINDS.forEach((kind, i) => {
      for (const { icon, scale, x, y } of DRAWN[kind]) {
        ctx.setTransform(scale, 0, 0, scale, i * CELL + x, y);
        ctx.lineWidth = (2.25 * SCALE) / scale;
        for (const d of ICON_PATHS[icon]) ctx.stroke(new Path2D(d));
      }
    });
  }
  const mapping = Object.fromEntries(
    KINDS.map((kind, i) => [kind, { x: i * CELL, y: 0, width: CELL, height: CELL, mask: true as const }]),
  ) as IconAtlas['mapping'];
  atlas = { canvas, mapping };
  return atlas;
}
