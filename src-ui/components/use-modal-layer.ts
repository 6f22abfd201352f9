import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect } from 'react';
import { focusScreenHeading } from './use-screen-title.ts';

/** Body children marked with this attribute stay usable while a modal layer is open (e.g. the snackbar host). */
export const MODAL_EXEMPT_ATTRIBUTE = 'data-modal-exempt';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside a container, in tab order (positive tabindex is not used in this app). */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
}

let scrollLocks = 0;

/**
 * While `active`, makes a modal layer out of `layerRef` (a direct child of <body>, e.g. a portal root): every other
 * body child becomes inert, the page stops scrolling and focus moves inside (to `[data-autofocus]`, else the first
 * focusable element, else the layer). When it ends, everything is restored and focus returns where it was (or, when
 * that element has gone, to the screen's heading).
 */
export function useModalLayer(active: boolean, layerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const layer = layerRef.current;
    if (!active || !layer) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const madeInert: HTMLElement[] = [];
    for (const child of document.body.children) {
      if (!(child instanceof HTMLElement) || child === layer || child.inert) continue;
      if (child.hasAttribute(MODAL_EXEMPT_ATTRIBUTE) || child.tagName === 'SCRIPT') continue;
      child.inert = true;
      madeInert.push(child);
    }
    if (scrollLocks++ === 0) document.documentElement.style.overflow = 'hidden';
    const target = layer.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(layer)[0] ?? layer;
    target.focus({ preventScroll: true });
    return () => {
      for (const child of madeInert) child.inert = false;
      if (--scrollLocks === 0) document.documentElement.style.overflow = '';
      // What had the focus may have gone meanwhile (the card of a stop the dialog started): the screen's heading.
      if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
      else focusScreenHeading();
    };
  }, [active, layerRef]);
}

/** Keeps Tab and Shift+Tab cycling inside the container. Call from the layer's onKeyDown. */
function trapTab(event: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const current = document.activeElement;
  if (event.shiftKey && (current === first || current === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && current === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A modal layer's onKeyDown: Escape closes it (and goes no further), Tab stays inside it. */
export function modalKeyDown(layerRef: RefObject<HTMLElement | null>, onEscape: () => void) {
  return (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
    }
    if (layerRef.current) trapTab(event, layerRef.current);
  };
}
