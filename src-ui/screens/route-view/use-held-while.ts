/**
 * A value held still while something covers what shows it: the route's map under a stop window. The map redraws
 * (maplibre and deck.gl, every layer) whenever its data changes, and a stop's Arrived and Done change it; drawn
 * under an opaque window nobody sees, that work only delays the driver's next tap. Held, the map keeps what it last
 * showed; uncovered, it takes the latest value one frame later, after the route view itself has painted, so the
 * tap that closed the window paints first.
 *
 * `caughtUp` is true in the render that takes a value which changed under the cover: nobody watched it change, so
 * the map jumps to it rather than animating (the driver sees where things are now, at once).
 */
import { useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../../platform/after-paint.ts';

/** At most this long for the uncovered frame's paint before the map takes the latest value anyway. */
const RELEASE_LATEST_MS = 1_000;

export interface Held<T> {
  value: T;
  caughtUp: boolean;
}

export function useHeldWhile<T>(value: T, covered: boolean): Held<T> {
  const held = useRef(value);
  const holding = useRef(covered);
  const [released, setReleased] = useState(!covered);
  useEffect(() => {
    if (covered) {
      setReleased(false);
      return;
    }
    // After the first frame without the cover has painted (a slow phone's frame can take longer than the helper's
    // default; a hidden page paints none, hence its timer at all).
    return afterNextPaint(() => setReleased(true), RELEASE_LATEST_MS);
  }, [covered]);
  const hold = covered || !released;
  const caughtUp = holding.current && !hold && held.current !== value;
  // Refs written in render: the last render committed decides, and a discarded one only re-derives the same.
  holding.current = hold;
  if (!hold) held.current = value;
  return { value: held.current, caughtUp };
}

/**
 * Whether a stop window still covers the map, for what the map shows: from the window's opening until the route
 * as shown (deferred: use-shown-route.ts) has caught up with the core's after it closed. Done closes the window as
 * the core's patch arrives, but the shown route takes that patch in a transition after the close: counted as
 * uncovered then, the next stop would become active in front of the driver and the camera would fly to it (800 ms
 * of frames that the next tap lands in), though it changed while nobody watched (use-held-while.ts's jump).
 */
export function useCoveredUntilShown(windowOpen: boolean, shownCaughtUp: boolean): boolean {
  const lingering = useRef(windowOpen);
  // A ref written in render: the last render committed decides, and a discarded one derives the same again.
  if (windowOpen) lingering.current = true;
  else if (shownCaughtUp) lingering.current = false;
  return windowOpen || lingering.current;
}
