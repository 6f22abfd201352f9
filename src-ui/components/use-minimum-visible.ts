import { useEffect, useRef, useState } from 'react';

/**
 * Follows `visible`, but once shown stays true for at least `minMs` (the finish flow's loading shows 2 s at least).
 * Returns what to render.
 */
export function useMinimumVisible(visible: boolean, minMs = 0): boolean {
  const [shown, setShown] = useState(visible);
  const shownAt = useRef<number | null>(visible ? Date.now() : null);
  useEffect(() => {
    if (visible) {
      if (shownAt.current === null) shownAt.current = Date.now();
      setShown(true);
      return;
    }
    if (shownAt.current === null) return;
    const remaining = minMs - (Date.now() - shownAt.current);
    const hide = () => {
      shownAt.current = null;
      setShown(false);
    };
    if (remaining <= 0) {
      hide();
      return;
    }
    const timer = setTimeout(hide, remaining);
    return () => clearTimeout(timer);
  }, [visible, minMs]);
  return shown;
}
