/**
 * A value held still while something covers what shows it: the route's map under a stop window. The map redraws
 * (maplibre and deck.gl, every layer) whenever its data changes, and a stop's Arrived and Done change it; drawn
 * under an opaque window nobody sees, that work only delays the driver's next tap. Held, the map keeps what it last
 * showed; uncovered, it takes the latest value once the driver pauses (RELEASE_PAUSE_MS without a tap), after the
 * route view itself has painted: the tap that closed the window paints first, and a driver who taps on at once (Done,
 * then Arrived at the next door of the same building) is answered without waiting for the map's catch-up, which
 * on a slow phone is the most expensive thing the map does (a new zoom level: markers regrouped, layers rebuilt,
 * tiles drawn). The map shows where things were for that moment, as it did under the window.
 *
 * For CATCH_UP_MS after that release the map is `catchingUp`: what it is given then changed while nobody watched
 * (or is the late echo of such a change: the map draws its data deferred, useDrawnAfterCatchUp below, and React may
 * hand it an older committed value in between), so the map jumps to it rather than animating, and the driver sees where
 * things are now, at once.
 */
import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../../platform/after-paint.ts';
import { afterInputPause } from '../../platform/input-pause.ts';

/** At most this long for the uncovered frame's paint before the map takes the latest value anyway. */
const RELEASE_LATEST_MS = 1_000;
/**
 * How long the driver's hands must be off the screen before the uncovered map catches up: longer than the gap
 * between a Done and the next tap of a driver working on at once, short enough that a driver who looks at the map
 * sees it move to the next stop as they look.
 */
const RELEASE_PAUSE_MS = 700;
/**
 * How long after the release a change still counts as made under the cover: a completion's patches reach the
 * shown route within a few renders, well inside it, and a driver who watches the map for a change is slower.
 */
const CATCH_UP_MS = 1_000;

export interface Held<T> {
  value: T;
  catchingUp: boolean;
}

export function useHeldWhile<T>(value: T, covered: boolean): Held<T> {
  const held = useRef(value);
  // The covers committed so far and the last one released: a value is held from its cover's first render until the
  // release. Counted at commit (a layout effect), not in render, so a render React discards counts no cover; and the
  // cover itself sets no state: the render that shows it holds already, without a second one (issue 47: the map
  // rendered twice on Arrived).
  const covers = useRef(0);
  const [released, setReleased] = useState(0);
  // When the catch-up ends: read by the renders that come, so its end renders nothing of its own.
  const catchUpEnds = useRef(0);
  useLayoutEffect(() => {
    if (covered) covers.current++;
  }, [covered]);
  useEffect(() => {
    // Covered, or never covered yet: nothing to release.
    if (covered || covers.current === 0) return;
    const cover = covers.current;
    let cancelPause = () => {};
    const release = () => {
      // Not a transition, though its render is long: a transition's render can be set aside for a tap, and the
      // value it wrote into `held` (a ref written in render, below) would then be drawn under the window the tap
      // opened, with a flight (the benchmark's marks showed one, 2026-11-28).
      catchUpEnds.current = performance.now() + CATCH_UP_MS;
      setReleased(cover);
    };
    // After the first frame without the cover has painted (a slow phone's frame can take longer than the helper's
    // default; a hidden page paints none, hence its timer at all), and then a pause in the driver's taps.
    const cancelPaint = afterNextPaint(() => {
      cancelPause = afterInputPause(release, RELEASE_PAUSE_MS);
    }, RELEASE_LATEST_MS);
    return () => {
      cancelPaint();
      cancelPause();
    };
  }, [covered]);
  const hold = covered || released !== covers.current;
  // A ref written in render: what a render let through is the newest value there is, committed or not.
  if (!hold) held.current = value;
  // The clock read in render: a render within CATCH_UP_MS of the release still jumps, one after it animates again.
  return { value: held.current, catchingUp: !hold && performance.now() < catchUpEnds.current };
}

/** A value the map jumped to (`catchingUp`), kept until the deferred value has moved past what it was then. */
export interface CatchUpPin<T> {
  value: T;
  staleDeferred: T;
}

/**
 * What the map draws of its data: the deferred value (the map redraws after the tap's own frame), but after a
 * catch-up the value it jumped to, until the deferred value has moved on from where it was at the jump. React's
 * deferred value lags the caught-up one by a render: any urgent render in between (a patch, the drawer) would hand
 * the map the older value, and it would fly back to the previous stop and then forward again. A deferred value only
 * ever moves to a newer one, so once it has moved it is at least as new as the pinned one.
 */
export function drawnAfterCatchUp<T>(
  pin: CatchUpPin<T> | null,
  { data, deferred, catchingUp }: { data: T; deferred: T; catchingUp: boolean },
): { pin: CatchUpPin<T> | null; drawn: T } {
  if (catchingUp) return { pin: { value: data, staleDeferred: deferred }, drawn: data };
  if (pin && deferred === pin.staleDeferred) return { pin, drawn: pin.value };
  return { pin: null, drawn: deferred };
}

/** The map's data as drawnAfterCatchUp says: deferred, and never older than a value it caught up to. */
export function useDrawnAfterCatchUp<T>(data: T, catchingUp: boolean): T {
  const deferred = useDeferredValue(data);
  const pin = useRef<CatchUpPin<T> | null>(null);
  // A ref written in render, as above: a discarded render derives the same pin again from the same inputs.
  const next = drawnAfterCatchUp(pin.current, { data, deferred, catchingUp });
  pin.current = next.pin;
  return next.drawn;
}
