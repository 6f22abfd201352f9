/**
 * Back from a stop window, the focus returns to what last had it in the main window (More info, Arrived), or when
 * that has gone (the stop was completed) to the route's heading. Recorded as it moves, with the returned focus
 * handler on the main window: the stop window takes the focus when it opens.
 */
import { type FocusEvent, useEffect, useRef } from 'react';
import { focusScreenHeading } from '../../components/index.ts';

export function useFocusReturn(windowOpen: boolean): (event: FocusEvent<HTMLElement>) => void {
  const lastFocus = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(windowOpen);
  useEffect(() => {
    const closed = wasOpen.current && !windowOpen;
    wasOpen.current = windowOpen;
    if (!closed) return;
    if (lastFocus.current?.isConnected) lastFocus.current.focus();
    else focusScreenHeading();
  }, [windowOpen]);
  return (event) => {
    lastFocus.current = event.target;
  };
}
