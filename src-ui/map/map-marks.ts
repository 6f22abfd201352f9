/**
 * The performance mark the route map sets at its first full frame (maplibre's `load`, after the style's and the
 * overlay's shaders are compiled). The benchmark measures up to it; the browser tests wait for it before they tap,
 * since a software-rendered first frame holds the main thread for seconds. No imports: Node reads it too.
 */
export const MAP_LOADED_MARK = 'droplane:map-loaded';

/**
 * The route view's mark when it starts the map (its code's evaluation, then its first frame): after the frame that
 * painted the stops (MapLayout). The benchmark holds the two in that order (issue 32).
 */
export const MAP_START_MARK = 'droplane:map-start';

/**
 * A camera move the map makes by itself (use-map-camera.ts), with `detail` saying how and why (MapMove): a trace
 * shows which frames a flight drew, and the browser tests tell a jump from a flight without timing either.
 */
export const MAP_MOVE_MARK = 'droplane:map-move';

export interface MapMove {
  how: 'fly' | 'ease' | 'jump';
  why: 'first-fit' | 'fit-all' | 'active-stop' | 'drawer' | 'tracking' | 'covered';
}

/**
 * The map's frames held or let go (frame-gate.ts), with `detail` the reasons holding them after the change: a trace
 * or the benchmark's marks show which of a tap's frames the map could have drawn in.
 */
export const MAP_HOLD_MARK = 'droplane:map-hold';

export interface MapHold {
  held: ('covered' | 'input')[];
}
