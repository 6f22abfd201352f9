/**
 * Inside a native wrapper two sources report the driver's position: the webview's own geolocation (while the page
 * is visible) and the wrapper's (docs/native-bridge.md), which keeps tracking in the background. One rule for the
 * core's location timer (src-worker/live/location-tracker.ts) and the page's map (src-ui/platform/geolocation.ts):
 * the wrapper's win while it has reported within WRAPPER_PRIORITY_MS, so neither the dispatcher nor the map jumps
 * between two fixes of different quality; a wrapper that stops reporting (after the route's end, say) hands back to
 * the page's own.
 */

/** The core's location interval (spec section 9): a position goes out every 30 s. */
export const LOCATION_INTERVAL_MS = 30_000;
/** A wrapper's report keeps the page's own out this long: two of the location intervals. */
export const WRAPPER_PRIORITY_MS = 2 * LOCATION_INTERVAL_MS;

/** Whether the wrapper's last report (epoch ms, null: never) still wins over the page's own at `now`. */
export function wrapperWins(wrapperAt: number | null, now: number): boolean {
  return wrapperAt !== null && now - wrapperAt < WRAPPER_PRIORITY_MS;
}
