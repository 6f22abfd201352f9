/**
 * The stop list's drawer over the map (spec sections 2 and 9): 67 % of the screen high when open (state 0); when
 * minimized (state -1) only its handle and the carousel show. It moves by a swipe on the handle and the swipe area
 * around it (touch, mouse or pen: pointer events) and settles by hysteresis 0.55 or a 400 px/s fling; a tap on
 * the handle (or Enter) toggles it. The carousel fades into the list as it opens. Positions are written straight
 * to the DOM while dragging, so a drag never re-renders React. With reduced motion the moves are instant (tokens).
 */
import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import styles from './drawer.module.css';
import {
  clampOffset,
  DRAG_SLOP_PX,
  DRAWER_HEIGHT_SHARE,
  type DragSample,
  type DrawerState,
  openness,
  releaseVelocity,
  restOffset,
  settleState,
} from './drawer-math.ts';

export interface DrawerProps {
  state: DrawerState;
  onStateChange: (state: DrawerState) => void;
  /** The settled height the drawer covers (px), for the map's padding. */
  onInsetChange: (px: number) => void;
  /** The minimized content: the carousel. */
  peek: ReactNode;
  /** The open content: the stop list. */
  children: ReactNode;
  /** Translated name of the handle ("Resize the stop list"). */
  handleLabel: string;
  listId: string;
}

interface Drag {
  pointer: number;
  startY: number;
  startOffset: number;
  offset: number;
  moved: boolean;
  samples: DragSample[];
}

export function Drawer({ state, onStateChange, onInsetChange, peek, children, handleLabel, listId }: DrawerProps) {
  const panelRef = useRef<HTMLElement | null>(null);
  // Snackbars sit above the drawer, never over its handle, the stops and their actions (snackbar-guard.ts).
  const guard = useSnackbarGuard();
  const panel = useCallback(
    (element: HTMLElement | null) => {
      panelRef.current = element;
      return guard(element);
    },
    [guard],
  );
  const gripRef = useRef<HTMLButtonElement>(null);
  const peekRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ height: 0, peek: 0 });
  const travel = Math.max(0, size.height - size.peek);
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const painted = useRef(false);

  /** Puts the drawer at `offset` px below open; `animate` eases there (the tokens' durations). */
  const paint = (offset: number, animate: boolean) => {
    const panel = panelRef.current;
    if (!panel) return;
    const open = openness(offset, travel);
    panel.toggleAttribute('data-dragging', !animate);
    panel.style.transform = `translateY(${offset}px)`;
    if (peekRef.current) peekRef.current.style.opacity = String(1 - open);
    if (listRef.current) listRef.current.style.opacity = String(open);
  };

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const grip = gripRef.current;
    const minimized = peekRef.current;
    if (!panel || !grip || !minimized) return;
    const measure = () =>
      setSize((s) => {
        const next = { height: panel.offsetHeight, peek: grip.offsetHeight + minimized.offsetHeight };
        return s.height === next.height && s.peek === next.peek ? s : next;
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    observer.observe(minimized);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: paint reads the refs; it changes with travel.
  useLayoutEffect(() => {
    if (size.height === 0 || drag.current) return;
    paint(restOffset(state, travel), painted.current);
    painted.current = true;
  }, [state, travel, size.height]);

  useEffect(() => {
    if (size.height > 0) onInsetChange(state === 0 ? size.height : size.peek);
  }, [state, size, onInsetChange]);

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
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
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
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
  const onPointerEnd = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    swallowClick.current = true;
    setTimeout(() => {
      swallowClick.current = false;
    }, 0);
    // The release is a sample too: a finger that stopped before letting go has no speed left.
    d.samples.push({ t: event.timeStamp, y: event.clientY });
    const velocity = releaseVelocity(d.samples);
    const next = event.type === 'pointercancel' ? state : settleState(state, d.offset, travel, velocity);
    if (next === state) paint(restOffset(state, travel), true);
    else onStateChange(next);
  };

  const open = state === 0;
  return (
    <section
      ref={panel}
      className={styles.drawer}
      style={{ height: `${DRAWER_HEIGHT_SHARE * 100}dvh`, visibility: size.height === 0 ? 'hidden' : undefined }}
    >
      <button
        ref={gripRef}
        type="button"
        className={styles.grip}
        aria-label={handleLabel}
        aria-expanded={open}
        aria-controls={listId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClick={() => {
          if (!swallowClick.current) onStateChange(open ? -1 : 0);
        }}
      >
        <span className={styles.handle} aria-hidden="true" />
      </button>
      <div className={styles.body}>
        <div ref={listRef} id={listId} className={styles.list} inert={!open} aria-hidden={!open || undefined}>
          {children}
        </div>
        <div ref={peekRef} className={styles.peek} inert={open} aria-hidden={open || undefined}>
          {peek}
        </div>
      </div>
    </section>
  );
}
