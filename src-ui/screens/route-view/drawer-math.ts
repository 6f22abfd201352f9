/**
 * The route view's drawer as numbers (spec sections 2 and 9): it covers 67 % of the screen when open (state 0)
 * and shows only its carousel when minimized (state -1). A drag settles by the swipe's speed (a fling of 400 px/s
 * or more goes its way) or else by how far it went (past 55 % of the way toggles). Pure, so it is table-tested.
 */

export type DrawerState = -1 | 0;

/** Share of the screen's height the open drawer covers. */
export const DRAWER_HEIGHT_SHARE = 0.67;
/** Share of the way between the two states a slow drag must pass to change state. */
const DRAWER_HYSTERESIS = 0.55;
/** A release at this speed (px/s) or faster settles in the swipe's direction. */
const FLING_PX_PER_S = 400;
/** Movement (px) before a press on the handle counts as a drag instead of a tap. */
export const DRAG_SLOP_PX = 6;
/** Only the last part of a drag tells its speed at release. */
const VELOCITY_WINDOW_MS = 100;

/** The drawer's translateY at rest: 0 when open, the whole travel when minimized. */
export const restOffset = (state: DrawerState, travel: number) => (state === 0 ? 0 : Math.max(0, travel));

export const clampOffset = (offset: number, travel: number) => Math.min(Math.max(0, travel), Math.max(0, offset));

/** How open the drawer is at an offset: 1 open, 0 minimized. */
export const openness = (offset: number, travel: number) =>
  travel <= 0 ? 1 : 1 - clampOffset(offset, travel) / travel;

/**
 * Where a drag that started at `from` comes to rest, released at `offset` (px down from open) moving at
 * `velocity` (px/s, positive downwards). `travel` is the distance between the two states.
 */
export function settleState(from: DrawerState, offset: number, travel: number, velocity: number): DrawerState {
  if (travel <= 0) return from;
  if (Math.abs(velocity) >= FLING_PX_PER_S) return velocity > 0 ? -1 : 0;
  const moved = from === 0 ? offset / travel : (travel - offset) / travel;
  if (moved <= DRAWER_HYSTERESIS) return from;
  return from === 0 ? -1 : 0;
}

export interface DragSample {
  /** ms */
  t: number;
  /** px */
  y: number;
}

/** The release speed in px/s (positive downwards) over the last 100 ms of samples; 0 with fewer than two. */
export function releaseVelocity(samples: readonly DragSample[]): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find((s) => last.t - s.t <= VELOCITY_WINDOW_MS) ?? last;
  const dt = last.t - first.t;
  return dt > 0 ? ((last.y - first.y) / dt) * 1000 : 0;
}
