/**
 * Which card of the carousel is in place, kept in step both ways with the active stop: a new active stop from
 * elsewhere (a marker, the list, a completion) scrolls its card into place, and a swipe (native scroll snapping)
 * that comes to rest on another card selects its stop. Returns the current card's index.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';

/** Without scrollend (older WebViews), a scroll this long quiet has come to rest. */
const SETTLE_MS = 120;

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export function useCarouselPosition(
  trackRef: RefObject<HTMLElement | null>,
  /** The cards' stop ids. */
  cards: readonly number[],
  activeStopId: number | null,
  onSelect: (stopId: number) => void,
): number {
  const activeIndex = cards.indexOf(activeStopId ?? -1);
  const [current, setCurrent] = useState(Math.max(0, activeIndex));
  // The swipe's listeners go on once: they read the latest cards and handler here.
  const latest = useRef({ cards, activeStopId, onSelect });
  latest.current = { cards, activeStopId, onSelect };

  // A new active stop from elsewhere: its card comes into place.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || activeIndex < 0) return;
    setCurrent(activeIndex);
    const left = activeIndex * track.clientWidth;
    if (Math.abs(track.scrollLeft - left) > 1)
      track.scrollTo({ left, behavior: reducedMotion() || track.clientWidth === 0 ? 'instant' : 'smooth' });
  }, [trackRef, activeIndex]);

  // A swipe that comes to rest on another card selects its stop.
  // Once, for the track there at mount (the ref object never changes).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      const width = track.clientWidth;
      if (width === 0) return;
      const index = Math.round(track.scrollLeft / width);
      const { cards, activeStopId, onSelect } = latest.current;
      const card = cards[index];
      setCurrent(index);
      if (card !== undefined && card !== activeStopId) onSelect(card);
    };
    const onScroll = () => {
      const width = track.clientWidth;
      if (width > 0) setCurrent(Math.round(track.scrollLeft / width));
      clearTimeout(timer);
      if (!('onscrollend' in window)) timer = setTimeout(settled, SETTLE_MS);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    track.addEventListener('scrollend', settled);
    return () => {
      clearTimeout(timer);
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', settled);
    };
  }, [trackRef]);

  return current;
}
