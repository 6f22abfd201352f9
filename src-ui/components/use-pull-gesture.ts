import { type RefObject, useEffect, useRef } from 'react';
import { createPullTracker, type PullSettings, type PullTracker } from './pull-tracker.ts';

export interface PullGestureOptions extends PullSettings {
  /** The element the gesture starts on. */
  rootRef: RefObject<HTMLElement | null>;
}

type Listener = [type: string, handler: (e: never) => void, options?: AddEventListenerOptions | boolean];

/**
 * The events that feed the tracker: touch events for fingers (touchmove non-passive, so the page does not scroll
 * while pulling) and pointer events for a mouse or pen only (a finger would otherwise count twice); the click a
 * mouse pull ends with is swallowed in the capture phase, before any card sees it.
 */
function gestureListeners(root: HTMLElement, pull: PullTracker): Listener[] {
  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (e.touches.length === 1 && touch) pull.begin(touch.clientX, touch.clientY);
    else pull.cancel();
  };
  const onTouchMove = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (touch && pull.move(touch.clientX, touch.clientY) && e.cancelable) e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch' || e.button !== 0) return;
    pull.begin(e.clientX, e.clientY);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    const wasPulling = pull.pulling();
    if (!pull.move(e.clientX, e.clientY)) return;
    e.preventDefault();
    // Captured once the pull starts, so a mouse leaving the list still drives (and ends) it.
    if (!wasPulling) root.setPointerCapture?.(e.pointerId);
  };
  const onPointerEnd = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') pull.end();
  };
  const onClick = (e: MouseEvent) => {
    if (!pull.swallowsClick()) return;
    e.preventDefault();
    e.stopPropagation();
  };
  return [
    ['touchstart', onTouchStart, { passive: true }],
    ['touchmove', onTouchMove, { passive: false }],
    ['touchend', pull.end],
    ['touchcancel', pull.end],
    ['pointerdown', onPointerDown],
    ['pointermove', onPointerMove],
    ['pointerup', onPointerEnd],
    ['pointercancel', onPointerEnd],
    ['click', onClick, true],
  ];
}

/**
 * Pull-to-refresh's gesture: it starts only when the list is scrolled to the top and the first movement goes down
 * (pull-tracker.ts); a click that would end a mouse pull is swallowed.
 */
export function usePullGesture(options: PullGestureOptions): void {
  // The listeners stay for the element's life: they read the latest options instead of being bound again.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const root = options.rootRef.current;
    if (!root) return;
    const listeners = gestureListeners(root, createPullTracker(root, latest));
    for (const [type, handler, opts] of listeners) root.addEventListener(type, handler as EventListener, opts);
    return () => {
      for (const [type, handler, opts] of listeners) {
        root.removeEventListener(type, handler as EventListener, typeof opts === 'boolean' ? opts : undefined);
      }
    };
  }, [options.rootRef]);
}
