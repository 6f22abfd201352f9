/**
 * Captured on the phone vs received by the server (issue 19): a completion queued offline reaches the server late,
 * and a dispatcher must not take that for a late delivery. The completed stop shows both times when they are apart.
 */

/** Apart by more than this: a send's ordinary delay (and the two clocks' drift) stays below it. */
const SYNC_DELAY_SHOWN_MS = 60_000;

/** Whether the stop shows "Saved on the phone 14:02, received 14:37". */
export function syncDelayed(completedAt: string | null, receivedAt: string | null): boolean {
  if (!completedAt || !receivedAt) return false;
  const delay = Date.parse(receivedAt) - Date.parse(completedAt);
  return Number.isFinite(delay) && Math.abs(delay) > SYNC_DELAY_SHOWN_MS;
}
