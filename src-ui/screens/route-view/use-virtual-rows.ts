/**
 * Virtualized rows in a scrolling element: only the rows in view plus an overscan are rendered, in the normal flow
 * between a top and a bottom padding that stand for the rest. Rows are measured as they render (a
 * ResizeObserver); rows not measured yet count as the average measured so far, else as the default 130 px.
 * Chromium's scroll anchoring keeps the rows on screen still when a height above them is corrected. The first
 * render draws only the rows in view; the overscan follows in a transition, so opening a long route is two short
 * tasks, not one long one. Nothing here reads the layout while React commits, which would force it into that task.
 */
import {
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DEFAULT_ROW_HEIGHT, type RowRange, revealScroll, rowOffsets, visibleRows } from './virtual-range.ts';

export interface VirtualRowsOptions {
  scrollRef: RefObject<HTMLElement | null>;
  /** One stable key per row, in order. */
  keys: readonly string[];
  /** px rendered above and below the window. */
  overscan?: number;
}

export interface VirtualRows {
  range: RowRange;
  /** px standing for the rows above and below the rendered ones. */
  before: number;
  after: number;
  /** The ref of each rendered row's element, which carries `data-row-key`. */
  measureRef: (element: HTMLElement | null) => () => void;
  /** Scrolls the row into view (its measured place once it has rendered). */
  reveal: (key: string) => void;
}

const REVEAL_MARGIN_PX = 8;
const MAX_REVEAL_STEPS = 4;

export function useVirtualRows({ scrollRef, keys, overscan: fullOverscan = 600 }: VirtualRowsOptions): VirtualRows {
  const overscan = useOpenedOverscan(fullOverscan);
  const { offsets, measureRef } = useRowHeights(keys);
  const range = useScrollWindow(scrollRef, offsets, overscan);
  const reveal = useReveal(scrollRef, keys, offsets, range);
  const total = offsets[offsets.length - 1] ?? 0;
  return {
    range,
    before: offsets[range.start] ?? 0,
    after: Math.max(0, total - (offsets[range.end] ?? total)),
    measureRef,
    reveal,
  };
}

/** The overscan: none on the first render (only the rows in view), the full one in a transition after it. */
function useOpenedOverscan(fullOverscan: number): number {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setOpened(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return opened ? fullOverscan : 0;
}

/**
 * The rows' offsets from their measured heights (a ResizeObserver on each rendered row, through `measureRef`); a row
 * not measured yet counts as the average measured so far, else as the default.
 */
function useRowHeights(keys: readonly string[]) {
  const heights = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `measured` says the heights (a ref) changed.
  const offsets = useMemo(() => {
    const known = heights.current;
    let sum = 0;
    for (const h of known.values()) sum += h;
    const average = known.size > 0 ? sum / known.size : DEFAULT_ROW_HEIGHT;
    return rowOffsets(keys.length, (i) => known.get(keys[i]!) ?? average);
  }, [keys, measured]);

  const rowObserver = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const key = (entry.target as HTMLElement).dataset.rowKey;
              const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.contentRect.height;
              if (!key || height <= 0 || heights.current.get(key) === height) continue;
              heights.current.set(key, height);
              changed = true;
            }
            if (changed) setMeasured((n) => n + 1);
          }),
    [],
  );
  useEffect(() => () => rowObserver?.disconnect(), [rowObserver]);

  const measureRef = useCallback(
    (element: HTMLElement | null) => {
      if (element) rowObserver?.observe(element);
      return () => {
        if (element) rowObserver?.unobserve(element);
      };
    },
    [rowObserver],
  );
  return { offsets, measureRef };
}

/**
 * The rows to render for the scroller's view. Scrolling re-renders only when another row comes into (or leaves) the
 * rendered window; the scroll position is read once a frame.
 */
function useScrollWindow(scrollRef: RefObject<HTMLElement | null>, offsets: number[], overscan: number): RowRange {
  const [view, setView] = useState({ top: 0, height: 0 });
  const viewport = view.height || (typeof window === 'undefined' ? 800 : window.innerHeight);
  const range = visibleRows(offsets, view.top, view.top + viewport, overscan);
  const latest = useRef({ offsets, range, overscan });
  latest.current = { offsets, range, overscan };

  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const { offsets, range, overscan } = latest.current;
      const top = scroller.scrollTop;
      const height = scroller.clientHeight;
      const next = visibleRows(offsets, top, top + height, overscan);
      setView((v) =>
        v.height === height && next.start === range.start && next.end === range.end ? v : { top, height },
      );
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(read);
    };
    schedule();
    scroller.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(scroller);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', schedule);
      resize.disconnect();
    };
  }, [scrollRef]);
  return range;
}

/**
 * Revealing: jump to the row's estimated place until it is rendered, then (in the next frame, where the layout is
 * worked out anyway) to its real one if it is not fully in view.
 */
function useReveal(
  scrollRef: RefObject<HTMLElement | null>,
  keys: readonly string[],
  offsets: number[],
  range: RowRange,
): (key: string) => void {
  const pending = useRef<{ key: string; steps: number } | null>(null);
  const [revealing, setRevealing] = useState(0);
  const reveal = useCallback((key: string) => {
    pending.current = { key, steps: 0 };
    setRevealing((n) => n + 1);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every render that may have placed the row.
  useLayoutEffect(() => {
    const job = pending.current;
    const scroller = scrollRef.current;
    if (!job || !scroller) return;
    const index = keys.indexOf(job.key);
    if (index < 0 || job.steps >= MAX_REVEAL_STEPS) {
      pending.current = null;
      return;
    }
    if (index < range.start || index >= range.end) {
      job.steps += 1;
      scroller.scrollTop = Math.max(0, offsets[index]! - REVEAL_MARGIN_PX);
      return;
    }
    const frame = requestAnimationFrame(() => {
      if (pending.current !== job) return;
      pending.current = null;
      const element = scroller.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(job.key)}"]`);
      if (!element) return;
      const top = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      const bottom = top + element.offsetHeight;
      const next = revealScroll(scroller.scrollTop, scroller.clientHeight, top, bottom, REVEAL_MARGIN_PX);
      if (next !== null) scroller.scrollTop = next;
    });
    return () => cancelAnimationFrame(frame);
  }, [revealing, range.start, range.end, keys, offsets]);
  return reveal;
}
