/**
 * The drawer's swipe on its handle and the swipe area around it (touch, mouse or pen: pointer events): it follows
 * the pointer past a small slop, and on release settles by hysteresis or a fling (drawer-math.ts). A drag's click is
 * swallowed, so only a tap (or Enter) toggles the drawer.
 */
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import {
  clampOffset,
  DRAG_SLOP_PX,
  type DragSample,
  type DrawerState,
  releaseVelocity,
  restOffset,
  settleState,
} from './drawer-math.ts';

interface Drag {
  pointer: number;
  startY: number;
  startOffset: number;
  offset: number;
  moved: boolean;
  samples: DragSample[];
}

type PointerHandler = (event: ReactPointerEvent<HTMLButtonElement>) => void;

export function useDrawerDrag(
  state: DrawerState,
  travel: number,
  paint: (offset: number, animate: boolean) => void,
  onStateChange: (state: DrawerState) => void,
) {
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown: PointerHandler = (event) => {
    if (event.button !== 0) return;
    const offset = restOffset(state, travel);
    drag.current = {
      pointer: event.pointerId,
      startY: event.clientY,
      startOffset: offset,
      offset,
      moved: false,
      samples: [{ t: event.timeStamp, y: event.clientY }],
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove: PointerHandler = (event) => {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    const dy = event.clientY - d.startY;
    if (!d.moved && Math.abs(dy) < DRAG_SLOP_PX) return;
    d.moved = true;
    d.offset = clampOffset(d.startOffset + dy, travel);
    d.samples.push({ t: event.timeStamp, y: event.clientY });
    if (d.samples.length > 12) d.samples.shift();
    paint(d.offset, false);
  };
  const onPointerEnd: PointerHandler = (event) => {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    drag.current = null;
    if (!d.moved) {
      // A tap's click toggles the drawer next; a cancelled press ends here, settled where it was.
      if (event.type === 'pointercancel') onStateChange(state);
      return;
    }
    swallowClick.current = true;
    setTimeout(() => {
      swallowClick.current = false;
    }, 0);
    // The release is a sample too: a finger that stopped before letting go has no speed left.
    d.samples.push({ t: event.timeStamp, y: event.clientY });
    const velocity = releaseVelocity(d.samples);
    const next = event.type === 'pointercancel' ? state : settleState(state, d.offset, travel, velocity);
    if (next === state) paint(restOffset(state, travel), true);
    // Every settle is reported, back where it was too: the owner learns that the press is over.
    onStateChange(next);
  };

  return {
    /** The handle's pointer handlers. */
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
    /** A drag holds the drawer: its rest position waits. */
    dragging: () => drag.current !== null,
    /** The click that ends a drag is no tap. */
    isTap: () => !swallowClick.current,
  };
}
