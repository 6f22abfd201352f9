/**
 * Focus is never hidden (WCAG 2.4.11): when a keyboard moves it onto an element that something else covers (the
 * stop windows' pinned action bar, the sticky header, the drawer over the map, a snackbar), the element is scrolled
 * to the middle of its scroller. The browser's own scrolling only brings it inside the scroller's edges, which lie
 * under those bars. Nor is it lost: when the focused element goes away (the carousel card of a stop just completed
 * or started, a dialog's button), the screen's heading takes it instead of the page body. Mounted by the route
 * view, whose screens have all of these.
 */
import { useEffect } from 'react';
import { focusScreenHeading } from '../../components/index.ts';

/** Something else is at the element's centre. */
function covered(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && hit !== element && !element.contains(hit);
}

export function useFocusInView(): void {
  useEffect(() => {
    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      cancelAnimationFrame(frame);
      // After the browser's own scroll into view.
      frame = requestAnimationFrame(() => {
        // Only the keyboard's focus (:focus-visible): a tap that focuses a button lands where the finger is, and a
        // scroll then would move the screen under the finger (a drawer's toggle tapped mid-slide scrolled the whole
        // route view up, its header out of sight, at 200% text).
        if (target === document.activeElement && target.matches(':focus-visible') && covered(target)) {
          target.scrollIntoView({ block: 'center' });
        }
      });
    };
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget !== null || !(left instanceof HTMLElement)) return;
      setTimeout(() => {
        if (!left.isConnected && document.activeElement === document.body) focusScreenHeading();
      }, 0);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
}
