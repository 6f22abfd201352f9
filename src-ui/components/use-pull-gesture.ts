import { type RefObject, useEffect, useRef } from 'react';
import { pullDistance } from './pull-distance.ts';

/** Finger travel before a gesture counts as a pull (or as a scroll the pull leaves alone). */
const SLOP_PX = 8;

export interface PullGestureOptions {
  /** The element the gesture starts on. */
  rootRef: RefObject<HTMLElement | null>;
  enabled: boolean;
  threshold: number;
  maxPull: number;
  /** Each move while pulling, with the distance after resistance (write it to the DOM, not to state). */
  onPull: (distance: number) => void;
  /** The finger is up: `armed` when the distance reached the threshold. */
  onRelease: (armed: boolean) => void;
}

/** The element whose scroll position decides "at the top": the nearest scrolling ancestor, else the page. */
function scrollParent(start: HTMLElement): Element {
  for (let el = start.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * Pull-to-refresh's gesture: touch events for fingers (non-passive, so the page does not scroll while pulling)
 * and pointer events for a mouse or pen. It starts only when the list is scrolled to the top and the first
 * movement goes down; a click that would end a mouse pull is swallowed.
 */
export function usePullGesture(options: PullGestureOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const root = options.rootRef.current;
    if (!root) return;
    let tracking = false;
    let pulling = false;
    let startY = 0;
    let startX = 0;
    let originY = 0;
    let distance = 0;
    let swallowClick = false;

    const begin = (x: number, y: number) => {
      tracking = latest.current.enabled && scrollParent(root).scrollTop <= 0;
      pulling = false;
      startX = x;
      startY = y;
      distance = 0;
    };
    /** True when the move belongs to the pull (the caller then prevents the default). */
    const move = (x: number, y: number): boolean => {
      if (!tracking) return false;
      const dy = y - startY;
      if (!pulling) {
        if (Math.abs(dy) < SLOP_PX && Math.abs(x - startX) < SLOP_PX) return false;
        if (dy <= 0 || Math.abs(x - startX) > dy) {
          tracking = false;
          return false;
        }
        pulling = true;
        originY = y;
      }
      const { threshold, maxPull, onPull } = latest.current;
      distance = pullDistance(y - originY, threshold, maxPull);
      onPull(distance);
      return true;
    };
    const end = () => {
      if (pulling) {
        swallowClick = true;
        setTimeout(() => {
          swallowClick = false;
        }, 0);
        latest.current.onRelease(distance >= latest.current.threshold);
      }
      tracking = false;
      pulling = false;
    };

    const onTouchStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (e.touches.length === 1 && touch) begin(touch.clientX, touch.clientY);
      else tracking = false;
    };
    const onTouchMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (touch && move(touch.clientX, touch.clientY) && e.cancelable) e.preventDefault();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (e.pointerType === 'touch' || e.button !== 0) return;
      begin(e.clientX, e.clientY);
    };
    const onPointerMove = (e: PointerEvent) => {
      if (e.pointerType === 'touch') return;
      const wasPulling = pulling;
      if (!move(e.clientX, e.clientY)) return;
      e.preventDefault();
      if (!wasPulling) root.setPointerCapture?.(e.pointerId);
    };
    const onPointerEnd = (e: PointerEvent) => {
      if (e.pointerType !== 'touch') end();
    };
    const onClick = (e: MouseEvent) => {
      if (!swallowClick) return;
      e.preventDefault();
      e.stopPropagation();
    };

    root.addEventListener('touchstart', onTouchStart, { passive: true });
    root.addEventListener('touchmove', onTouchMove, { passive: false });
    root.addEventListener('touchend', end);
    root.addEventListener('touchcancel', end);
    root.addEventListener('pointerdown', onPointerDown);
    root.addEventListener('pointermove', onPointerMove);
    root.addEventListener('pointerup', onPointerEnd);
    root.addEventListener('pointercancel', onPointerEnd);
    root.addEventListener('click', onClick, true);
    return () => {
      root.removeEventListener('touchstart', onTouchStart);
      root.removeEventListener('touchmove', onTouchMove);
      root.removeEventListener('touchend', end);
      root.removeEventListener('touchcancel', end);
      root.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('pointermove', onPointerMove);
      root.removeEventListener('pointerup', onPointerEnd);
      root.removeEventListener('pointercancel', onPointerEnd);
      root.removeEventListener('click', onClick, true);
    };
  }, [options.rootRef]);
}
