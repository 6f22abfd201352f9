/**
 * The controls a snackbar must never cover, and the headers it must stay below (see snackbar-placement.ts). A
 * component marks an element with the ref callback `useSnackbarGuard()` (or `useSnackbarGuard('ceiling')` for a
 * header); the snackbar host measures the marked elements that are on screen when it places a message, and again
 * when they come and go. A tiny store, like snackbar-clearance.ts: only the host listens.
 */
import { type RefCallback, useCallback } from 'react';
import type { Box } from './snackbar-placement.ts';

export type GuardKind = 'protect' | 'ceiling';

const marked: Record<GuardKind, Set<HTMLElement>> = { protect: new Set(), ceiling: new Set() };
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Marks an element until the returned function is called. */
export function guardElement(kind: GuardKind, element: HTMLElement): () => void {
  marked[kind].add(element);
  changed();
  return () => {
    marked[kind].delete(element);
    changed();
  };
}

/** A ref callback that marks its element for as long as it is mounted. */
export function useSnackbarGuard(kind: GuardKind = 'protect'): RefCallback<HTMLElement> {
  return useCallback((element: HTMLElement | null) => (element ? guardElement(kind, element) : undefined), [kind]);
}

/** Calls `listener` whenever a marked element mounts or unmounts; returns the unsubscribe. */
export function onGuardsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The marked elements of a kind inside `container` (a list that can scroll them out of a message's way). */
export function guardedIn(kind: GuardKind, container: Element): HTMLElement[] {
  return [...marked[kind]].filter((element) => element !== container && container.contains(element));
}

/**
 * The on-screen part of each marked element of a kind, in viewport pixels. Elements under an inert layer (the route
 * view behind a stop window) or hidden are left out: the driver cannot see or tap them.
 */
export function guardBoxes(kind: GuardKind, viewport: { width: number; height: number }): Box[] {
  const boxes: Box[] = [];
  for (const element of marked[kind]) {
    if (!element.isConnected || element.closest('[inert]')) continue;
    const box = onScreenBox(element, viewport);
    if (box) boxes.push(box);
  }
  return boxes;
}

/** The part of an element inside the viewport, or null when none of it is. */
export function onScreenBox(element: Element, viewport: { width: number; height: number }): Box | null {
  const rect = element.getBoundingClientRect();
  const box = {
    top: Math.max(0, rect.top),
    bottom: Math.min(viewport.height, rect.bottom),
    left: Math.max(0, rect.left),
    right: Math.min(viewport.width, rect.right),
  };
  return box.bottom > box.top && box.right > box.left ? box : null;
}
