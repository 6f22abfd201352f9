/**
 * When the route header shows its "N changes not sent yet" strip. The rows, the carousel and the stop window mark an
 * unsent stop at once; the header's strip waits: offline it shows at once, online only once a change has waited
 * UNSENT_GRACE_MS. A send that takes a moment is not news, and a strip that came and went with every stop would move
 * the whole screen under the driver's thumb twice per stop (and make the map redraw at its new size). Once shown, it
 * stays until nothing waits: back online, it goes when the changes have reached the server, not before.
 */
import { useEffect, useState } from 'react';

const UNSENT_GRACE_MS = 3000;

/** The count the strip shows (0: no strip); `shownBefore`: it has shown since the oldest change began waiting. */
export function shownUnsent(count: number, online: boolean, shownBefore: boolean): number {
  return count > 0 && (!online || shownBefore) ? count : 0;
}

/** shownUnsent with its memory: it starts when the first change waits (offline, or after the grace) and ends with none. */
export function useShownUnsent(count: number, online: boolean): number {
  const waiting = count > 0;
  const [shownBefore, setShownBefore] = useState(false);
  useEffect(() => {
    if (!waiting) setShownBefore(false);
    else if (!online) setShownBefore(true);
  }, [waiting, online]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setShownBefore(true), UNSENT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return shownUnsent(count, online, shownBefore);
}
