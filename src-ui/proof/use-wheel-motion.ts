/**
 * A date wheel column's motion (WheelColumn.tsx): it is brought to its value (at once when it opens, smoothly after a
 * key, a tap or a clamp), and a scroll by the driver picks the centre item once it settles (not while a finger still
 * holds it). Snapping is off while the wheel moves itself: only 12 items exist, so the target may not be rendered yet.
 * `choose` picks the item at an index (clamped) when it is another than the value. Returns the index of the item in
 * the centre now (while moving, not yet the value), whether the wheel moves, and the viewport's handlers.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { WHEEL_ITEM_HEIGHT as H } from './age.ts';

/** No scroll event for this long: the wheel has settled and its centre item becomes the value. */
const SETTLE_MS = 120;
/** A jump that never scrolled (nothing to do) gives snapping back after this. */
const JUMP_MS = 600;

export function useWheelMotion(
  ref: RefObject<HTMLDivElement | null>,
  index: number,
  choose: (index: number) => void,
  clampIndex: (index: number) => number,
) {
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const jumpEnd = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touching = useRef(false);
  const placed = useRef(false);
  const jumping = useRef(false);
  const [centre, setCentre] = useState(index);
  // Moving (scrolling or jumping): its value may still change, which aria-busy tells assistive tech and tests.
  const [moving, setMoving] = useState(false);

  const endJump = useCallback(() => {
    jumping.current = false;
    setMoving(false);
    ref.current?.style.removeProperty('scroll-snap-type');
  }, [ref]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const top = index * H;
    const smooth = placed.current && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    placed.current = true;
    setCentre(index);
    if (Math.abs(el.scrollTop - top) >= 1) {
      jumping.current = true;
      setMoving(true);
      el.style.scrollSnapType = 'none';
      el.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' });
    }
    // Normally the scroll's settling ends the jump; this covers a jump that never scrolled.
    clearTimeout(jumpEnd.current);
    if (jumping.current) jumpEnd.current = setTimeout(endJump, JUMP_MS);
  }, [ref, index, endJump]);

  useEffect(
    () => () => {
      clearTimeout(settle.current);
      clearTimeout(jumpEnd.current);
    },
    [],
  );

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    setCentre(clampIndex(Math.round(el.scrollTop / H)));
    setMoving(true);
    clearTimeout(settle.current);
    clearTimeout(jumpEnd.current);
    settle.current = setTimeout(() => {
      if (jumping.current) endJump();
      if (!touching.current) {
        choose(Math.round(el.scrollTop / H));
        setMoving(false);
      }
    }, SETTLE_MS);
  };

  const onTouchStart = () => {
    touching.current = true;
    if (jumping.current) endJump();
  };
  const onTouchEnd = () => {
    touching.current = false;
    onScroll();
  };
  return { centre, moving, handlers: { onScroll, onTouchStart, onTouchEnd } };
}
