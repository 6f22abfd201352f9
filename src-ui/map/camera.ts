/**
 * Where the camera goes when the part of the map left visible changes (the drawer opened, minimized, or the
 * carousel grew): pure, on screen pixels. The map's padding is the part under the drawer; the active stop must sit
 * in what is left, clear of its edges. When it already does, the map keeps still (the padding changes, the picture
 * does not move); when it does not (it would hide under the drawer, or lies off screen), the camera eases to it.
 */
import type { Padding } from './map-data.ts';

/** A stop this close (px) to the visible part's edge counts as hidden: its marker would be cut or covered. */
export const EDGE_MARGIN_PX = 32;

export interface ScreenPoint {
  x: number;
  y: number;
}

/** True when a point lies inside the visible part (the map less its padding) with EDGE_MARGIN_PX to spare. */
export function isClear(point: ScreenPoint, size: { width: number; height: number }, padding: Padding): boolean {
  const margin = EDGE_MARGIN_PX;
  return (
    point.x >= padding.left + margin &&
    point.x <= size.width - padding.right - margin &&
    point.y >= padding.top + margin &&
    point.y <= size.height - padding.bottom - margin
  );
}

/**
 * The screen point that becomes the map's centre under a new padding without the picture moving: the middle of
 * the new visible part. (maplibre puts its centre in the middle of the padded area; unprojecting this point with
 * the current camera gives the centre that keeps every pixel where it is.)
 */
export function stillCentre(size: { width: number; height: number }, padding: Padding): ScreenPoint {
  return {
    x: padding.left + (size.width - padding.left - padding.right) / 2,
    y: padding.top + (size.height - padding.top - padding.bottom) / 2,
  };
}

export type InsetMove = { kind: 'ease-to-stop' } | { kind: 'keep-still' };

/**
 * What to do when the padding changes to `padding`: ease to the active stop when there is one and it would not be
 * clear (or the camera is still flying to it), else keep the picture still.
 */
export function insetMove(
  stopPoint: ScreenPoint | null,
  size: { width: number; height: number },
  padding: Padding,
  moving: boolean,
): InsetMove {
  if (stopPoint && (moving || !isClear(stopPoint, size, padding))) return { kind: 'ease-to-stop' };
  return { kind: 'keep-still' };
}

/**
 * The whole zoom level to group the markers for (declutter.ts): the camera's, unless it is about to jump to a new
 * active stop (a catch-up, or any move under reduced motion), which lands at `jumpZoom`. Grouped for where the jump
 * lands in the same render, the markers are regrouped once, not once for the old level and again at the jump's end
 * (maplibre's zoomend), on a slow phone the most expensive part of a catch-up. A flight is not foreseen: its frames
 * pass through the levels between, where the new level's groups would overlap. A stop without a place moves no camera.
 */
export function groupingLevel(
  cameraLevel: number,
  { cameraStopId, activeStopId, activeHasPlace, jumps }: GroupingAhead,
  jumpZoom: number,
): number {
  return jumps && activeHasPlace && cameraStopId !== activeStopId ? Math.floor(jumpZoom) : cameraLevel;
}

export interface GroupingAhead {
  /** The active stop the camera last went to. */
  cameraStopId: number | null;
  activeStopId: number | null;
  activeHasPlace: boolean;
  /** A new active stop is jumped to, not flown to. */
  jumps: boolean;
}
