/**
 * Lists that make room for a message (issue 45). Before a snackbar rises off its place at the bottom to clear a
 * protected block of a scrolling list (the route's active stop, "Route completed!"), the host asks the lists to
 * scroll that block up above it instead, where the whole block then shows: the message stays where messages are
 * looked for, over the list's lower rows, and never lies over the lines the driver is reading (at 200% text the
 * active stop fills most of the screen, and the lifted message hid the lines of the stop just done). A list at its
 * end gets the space at its bottom that the scroll needs; that space only grows while the list is mounted, so no
 * row ever jumps when a message goes.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { guardedIn } from './snackbar-guard.ts';
import { type Box, roomScroll } from './snackbar-placement.ts';

/**
 * Scrolls what a message resting at `rest` would cover out of its way, below `ceiling` (the header's bottom); true
 * when it scrolled. Asked each time the message `id` would rise (the list may come on screen, or reveal its active
 * stop, after the message showed), until the driver moves the list themselves while it shows: a list the driver
 * scrolled is never pulled back.
 */
type RoomMaker = (id: string, rest: Box, ceiling: number) => boolean;

const roomMakers = new Set<RoomMaker>();

/** Asks every list to make room for the message `id` resting at `rest`; true when one scrolled. */
export function makeRoomFor(id: string, rest: Box, ceiling: number): boolean {
  let moved = false;
  for (const maker of roomMakers) moved = maker(id, rest, ceiling) || moved;
  return moved;
}

/** The scroller makes room for messages over its protected blocks while it is mounted. */
export function useMessageRoom(scrollRef: RefObject<HTMLElement | null>): void {
  // The message asked about last, and the one the driver moved the list under (touch, wheel or keys).
  const asked = useRef<string | null>(null);
  const movedUnder = useRef<string | null>(null);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const maker: RoomMaker = (id, rest, ceiling) => {
      asked.current = id;
      if (movedUnder.current === id || scroller.closest('[inert]')) return false;
      const top = Math.max(scroller.getBoundingClientRect().top, ceiling);
      const rows = guardedIn('protect', scroller).map((block) => block.getBoundingClientRect());
      const wanted = Math.max(0, ...rows.map((row) => roomScroll(row, top, rest, Number.POSITIVE_INFINITY)));
      if (wanted <= 0) return false;
      const short = wanted - (scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop);
      if (short > 0) {
        const padding = Number.parseFloat(getComputedStyle(scroller).paddingBottom) || 0;
        scroller.style.paddingBottom = `${padding + short}px`;
      }
      scroller.scrollTop += wanted;
      return true;
    };
    const moved = () => {
      movedUnder.current = asked.current;
    };
    const events = ['pointerdown', 'wheel', 'keydown'] as const;
    for (const event of events) scroller.addEventListener(event, moved, { passive: true });
    roomMakers.add(maker);
    return () => {
      for (const event of events) scroller.removeEventListener(event, moved);
      roomMakers.delete(maker);
    };
  }, [scrollRef]);
}
