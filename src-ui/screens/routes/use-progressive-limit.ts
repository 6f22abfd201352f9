/**
 * Long lists appear in two steps: the first cards at once (they fill the screen), the rest in a transition, which
 * React renders in slices between frames. Two hundred routes then never block the main thread in one long task.
 * Mount the list's component afresh (a `key`) to start over; a list already on screen is never cut back.
 */
import { startTransition, useEffect, useState } from 'react';

/** Enough cards to fill a phone's screen. */
const FIRST_BATCH = 6;

export function useProgressiveLimit(): number {
  const [limit, setLimit] = useState(FIRST_BATCH);
  useEffect(() => {
    startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, []);
  return limit;
}
