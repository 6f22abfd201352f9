/**
 * Lists that make room for a message (issue 45). Before a snackbar rises off its place at the bottom to clear a
 * protected block of a scrolling list (the route's active stop, "Route completed!"), the host asks the lists to
 * scroll that block up above it instead, where the whole block then shows: the message stays where messages are
 * looked for, over the list's lower rows, and never lies over the lines the driver is reading (at 200% text the
 * active stop fills most of the screen, and the lifted message hid the lines of the stop just done). A list at its
 * end gets the space at its bottom that the scroll needs; that space only grows while the list is mounted, so no
 * row ever jumps when a message goes.
 *
 * The list's side, in the route chunk; the host's side (makeRoomFor) is a small registry in the shell
 * (src-ui/components/message-room.ts), so the shell carries none of this (issue 46).
 */
import { type RefObject, useEffect, useRef } from 'react';
import { offerRoom, type RoomMaker } from '../../components/message-room.ts';
import { guardedIn } from '../../components/snackbar-guard.ts';
import { roomScroll } from './room-scroll.ts';

/**
 * The scroller makes room for messages over its protected blocks while it is mounted. Asked each time the message
 * `id` would rise (the list may come on screen, or reveal its active stop, after the message showed), until the
 * driver moves the list themselves while it shows: a list the driver scrolled is never pulled back.
 */
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
    const withdraw = offerRoom(maker);
    return () => {
      for (const event of events) scroller.removeEventListener(event, moved);
      withdraw();
    };
  }, [scrollRef]);
}
