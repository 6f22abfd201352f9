import { ArrowDown } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { cx } from './cx.ts';
import styles from './PullToRefresh.module.css';
import { Spinner } from './Spinner.tsx';
import { usePullGesture } from './use-pull-gesture.ts';

export interface PullToRefreshProps {
  /** Runs the refresh; the spinner stays until it settles. */
  onRefresh: () => Promise<unknown>;
  /** Distance (px, after resistance) that refreshes on release: 120 on the route lists, 80 on the stop list. */
  threshold?: number;
  /** The furthest the content follows the finger: 132 on the route lists, 100 on the stop list. */
  maxPull?: number;
  /** Translated texts for the live region: `release` once a release would refresh, then `refreshing`. */
  labels: { release: string; refreshing: string };
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}

type Phase = 'idle' | 'pulling' | 'armed' | 'refreshing' | 'settling';

/** The spinner stays at least this long, so a quick answer does not flash it. */
const MIN_SPIN_MS = 400;

/**
 * Pull down at the top of a list to refresh it (touch, mouse or pen). The content follows the finger with
 * resistance (moved with a transform, so nothing else reflows), an arrow turns when a release would refresh, and a
 * spinner holds the content down until `onRefresh` settles. Keyboard users need another way in (a refresh
 * button). With reduced motion the snaps are instant.
 */
export function PullToRefresh({
  onRefresh,
  threshold = 80,
  maxPull = 100,
  labels,
  disabled = false,
  children,
  className,
}: PullToRefreshProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const indicatorRef = useRef<HTMLDivElement>(null);
  const { phase, phaseRef, go, mounted } = usePhase();
  const paint = usePullPainter({ rootRef, contentRef, indicatorRef }, threshold);
  const restDistance = () => (indicatorRef.current?.offsetHeight ?? 40) * 1.5;

  /** The spinner holds the content down until the refresh settles (and at least MIN_SPIN_MS), then it eases back. */
  const refresh = () => {
    paint(restDistance(), true);
    go('refreshing');
    const minimum = new Promise((resolve) => setTimeout(resolve, MIN_SPIN_MS));
    void Promise.allSettled([onRefresh(), minimum]).then(() => {
      if (!mounted.current) return;
      paint(0, true);
      go('settling');
      setTimeout(() => {
        if (phaseRef.current === 'settling') go('idle');
      }, MIN_SPIN_MS);
    });
  };

  usePullGesture({
    rootRef,
    enabled: !disabled && (phaseRef.current === 'idle' || phaseRef.current === 'settling'),
    threshold,
    maxPull,
    onPull: (distance) => {
      paint(distance, false);
      const next = distance >= threshold ? 'armed' : 'pulling';
      if (phaseRef.current !== next) go(next);
    },
    onRelease: (armed) => {
      if (armed) return refresh();
      paint(0, true);
      go('idle');
    },
  });

  const busy = phase === 'refreshing';
  return (
    <div ref={rootRef} className={cx(styles.root, className)} data-phase={phase}>
      <div ref={indicatorRef} className={styles.indicator} aria-hidden="true">
        {busy ? (
          <Spinner size="md" />
        ) : (
          <ArrowDown className={styles.arrow} size={24} strokeWidth={2.5} aria-hidden="true" />
        )}
      </div>
      <div ref={contentRef} className={styles.content}>
        {children}
      </div>
      <p className="visually-hidden" role="status">
        {busy ? labels.refreshing : phase === 'armed' ? labels.release : ''}
      </p>
    </div>
  );
}

/** The gesture's phase, as state for rendering and as a ref for the gesture's handlers; no update after unmount. */
function usePhase() {
  const [phase, setPhase] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const go = useCallback((next: Phase) => {
    phaseRef.current = next;
    if (mounted.current) setPhase(next);
  }, []);
  return { phase, phaseRef, go, mounted };
}

interface PullParts {
  rootRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  indicatorRef: RefObject<HTMLDivElement | null>;
}

/** Moves the content and the indicator; `animate` eases to the place (after the finger lets go). */
function usePullPainter({ rootRef, contentRef, indicatorRef }: PullParts, threshold: number) {
  return useCallback(
    (distance: number, animate: boolean) => {
      const root = rootRef.current;
      const content = contentRef.current;
      const indicator = indicatorRef.current;
      if (!root || !content || !indicator) return;
      const size = indicator.offsetHeight;
      root.toggleAttribute('data-animate', animate);
      content.style.transform = distance > 0 ? `translateY(${distance}px)` : '';
      indicator.style.transform = `translate(-50%, ${(distance - size) / 2}px)`;
      indicator.style.opacity = String(Math.min(1, distance / Math.max(1, threshold * 0.6)));
    },
    [rootRef, contentRef, indicatorRef, threshold],
  );
}
