/**
 * Where the drawer is on screen (drawer-math.ts has the numbers): its measured size, and its position written
 * straight to the DOM (transform and the carousel's and list's fades), so a drag never re-renders React.
 */
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { type DrawerState, openness, restOffset } from './drawer-math.ts';

export interface DrawerSize {
  /** The open drawer's height (px); 0 until measured. */
  height: number;
  /** The minimized drawer's visible height: the handle and the carousel. */
  peek: number;
}

export interface DrawerElements {
  panelRef: RefObject<HTMLElement | null>;
  gripRef: RefObject<HTMLElement | null>;
  peekRef: RefObject<HTMLElement | null>;
  listRef: RefObject<HTMLElement | null>;
}

/** The drawer's size, measured before the paint and again whenever the panel or the carousel resizes. */
export function useDrawerSize({ panelRef, gripRef, peekRef }: DrawerElements): DrawerSize {
  const [size, setSize] = useState({ height: 0, peek: 0 });
  // Once: the ref objects never change.
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
  }, [panelRef, gripRef, peekRef]);
  return size;
}

/**
 * `paint(offset, animate)` puts the drawer at `offset` px below open; `animate` eases there (the tokens' durations;
 * with reduced motion they are instant).
 */
export function drawerPainter({ panelRef, peekRef, listRef }: DrawerElements, travel: number) {
  return (offset: number, animate: boolean) => {
    const panel = panelRef.current;
    if (!panel) return;
    const open = openness(offset, travel);
    panel.toggleAttribute('data-dragging', !animate);
    panel.style.transform = `translateY(${offset}px)`;
    if (peekRef.current) peekRef.current.style.opacity = String(1 - open);
    if (listRef.current) listRef.current.style.opacity = String(open);
  };
}

/**
 * At rest the drawer is painted where its state says, once measured and not while a drag holds it: the first time
 * in place, later with the ease.
 */
export function useRestPosition(
  paint: ReturnType<typeof drawerPainter>,
  state: DrawerState,
  { height, travel }: { height: number; travel: number },
  dragging: () => boolean,
) {
  const painted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: paint reads the refs; it changes with travel.
  useLayoutEffect(() => {
    if (height === 0 || dragging()) return;
    paint(restOffset(state, travel), painted.current);
    painted.current = true;
  }, [state, travel, height]);
}
