/**
 * The stop list's drawer over the map (spec sections 2 and 9): 67 % of the screen high when open (state 0); when
 * minimized (state -1) only its handle and the carousel show. It moves by a swipe on the handle and the swipe area
 * around it (touch, mouse or pen: pointer events) and settles by hysteresis 0.55 or a 400 px/s fling; a tap on
 * the handle (or Enter) toggles it. The carousel fades into the list as it opens. Positions are written straight
 * to the DOM while dragging, so a drag never re-renders React (use-drawer-layout.ts, use-drawer-drag.ts). With
 * reduced motion the moves are instant (tokens).
 */
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import styles from './drawer.module.css';
import { DRAWER_HEIGHT_SHARE, type DrawerState } from './drawer-math.ts';
import { useDrawerDrag } from './use-drawer-drag.ts';
import { drawerPainter, useDrawerSize, useRestPosition } from './use-drawer-layout.ts';

export interface DrawerProps {
  state: DrawerState;
  /** Where the drawer settles after each press or drag, and each tap's toggle: also when it settles where it was. */
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
  /** A finger (or pointer) is down on the handle: the drawer may start to move. */
  onHandleDown?: () => void;
}

export function Drawer(props: DrawerProps) {
  const { state, onStateChange, onInsetChange, peek, children, handleLabel, listId, onHandleDown } = props;
  const [panelRef, panel] = useGuardedPanel();
  const gripRef = useRef<HTMLButtonElement>(null);
  const peekRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const elements = { panelRef, gripRef, peekRef, listRef };
  const size = useDrawerSize(elements);
  const travel = Math.max(0, size.height - size.peek);
  const paint = drawerPainter(elements, travel);
  const drag = useDrawerDrag(state, travel, paint, onStateChange);
  useRestPosition(paint, state, { height: size.height, travel }, drag.dragging);

  useEffect(() => {
    if (size.height > 0) onInsetChange(state === 0 ? size.height : size.peek);
  }, [state, size, onInsetChange]);

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
        {...drag.handlers}
        onPointerDown={(event) => {
          onHandleDown?.();
          drag.handlers.onPointerDown(event);
        }}
        onClick={() => {
          if (drag.isTap()) onStateChange(open ? -1 : 0);
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

/**
 * The drawer's panel: a ref for painting it, and its ref callback, which also marks it for the snackbars. Snackbars
 * sit above the drawer, never over its handle, the stops and their actions (snackbar-guard.ts).
 */
function useGuardedPanel() {
  const panelRef = useRef<HTMLElement | null>(null);
  const guard = useSnackbarGuard();
  const panel = useCallback(
    (element: HTMLElement | null) => {
      panelRef.current = element;
      return guard(element);
    },
    [guard],
  );
  return [panelRef, panel] as const;
}
