/** How far a pull-to-refresh moves the content for a finger's travel (pure, so it is table-tested). */

/** The content follows the finger at half speed up to the threshold. */
const PULL_RESISTANCE = 0.5;

/**
 * The distance the content moves for `travel` px of finger movement: half the travel up to `threshold`, then
 * easing out towards `max`, which it never passes (so the pull feels like it stretches, then stops).
 */
export function pullDistance(travel: number, threshold: number, max: number): number {
  if (!(travel > 0)) return 0;
  const eased = travel * PULL_RESISTANCE;
  if (eased <= threshold || max <= threshold) return Math.min(eased, Math.max(max, threshold));
  const room = max - threshold;
  return threshold + room * (1 - Math.exp(-(eased - threshold) / room));
}

/** The finger travel that reaches `threshold` (tests and callers that want to simulate a pull). */
export function travelFor(distance: number): number {
  return distance / PULL_RESISTANCE;
}
