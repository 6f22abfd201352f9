/**
 * How far above the bottom snackbars sit while a screen pins a footer (a Done button, the sign-in's Next): the
 * screen measures its footer and says so here, and the snackbar host reads it. Kept in a tiny store that only the
 * host subscribes to, not in a custom property on <body>: changing an inherited property on <body> restyles every
 * element of the page, which with a 300-stop route mounted under a stop window cost a long task per window.
 */
import { type RefObject, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { guardElement } from './snackbar-guard.ts';

let clearance: string | null = null;
const listeners = new Set<() => void>();

function setClearance(value: string | null) {
  if (value === clearance) return;
  clearance = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current clearance (a CSS length), or null when no footer is pinned. */
export function useSnackbarClearance(): string | null {
  return useSyncExternalStore(subscribe, () => clearance);
}

/**
 * Keeps snackbars clear of a pinned footer while it is mounted: `toLength` turns the footer's height in pixels
 * into the CSS length to keep free, and is called again whenever the footer changes size. The footer is a protected
 * control too (snackbar-guard.ts), for the moments its measured clearance is not in yet.
 */
export function usePinnedFooter(
  footer: RefObject<HTMLElement | null>,
  pinned: boolean,
  toLength: (px: number) => string,
) {
  // The latest formula, without re-measuring each render for a new function identity.
  const format = useRef(toLength);
  format.current = toLength;
  useLayoutEffect(() => {
    const element = footer.current;
    if (!pinned || !element) return;
    // The observer reports the size once laid out, and again on every change: reading offsetHeight here instead
    // would force a layout of the whole page in the middle of the commit.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
      setClearance(format.current(Math.round(height)));
    });
    observer.observe(element);
    const unguard = guardElement('protect', element);
    return () => {
      observer.disconnect();
      unguard();
      setClearance(null);
    };
  }, [footer, pinned]);
}
