/**
 * Which of the page's geolocation fixes cross to the core (src-ui/platform/geolocation.ts forwards them; the core's
 * location timer sends one every 30 s, position-source.ts). A phone reports a fix every second or so; the core needs
 * the newest one when its timer fires and a move worth telling when it plans ETAs, not each fix: one message per
 * fix was about 60 for each position sent. So a fix is forwarded when it is the first, when the driver really moved
 * since the last one forwarded (and a moment has passed), or when the last one forwarded is as old as the timer's
 * interval; a change of error (or its end) always goes at once.
 */
import { haversineMetres, type LatLng } from './geo.ts';
import { LOCATION_INTERVAL_MS } from './position-source.ts';

/** A move shorter than this is GPS noise around a standing phone, not a change worth a message. */
export const FORWARD_MOVE_METRES = 15;
/** However far the driver moves, at most one fix in this long: a few per timer interval while driving. */
export const FORWARD_MIN_GAP_MS = 5_000;

/** What the page forwarded last: a fix (and when), an error, or nothing yet. */
export type LastForwarded = { kind: 'fix'; at: number; position: LatLng } | { kind: 'error'; error: string } | null;

export type Reading = { kind: 'fix'; at: number; position: LatLng } | { kind: 'error'; error: string };

/** Whether `next` (read at `next.at` for a fix) should cross to the core after `last`. */
export function shouldForward(last: LastForwarded, next: Reading): boolean {
  if (!last || last.kind !== next.kind) return true;
  if (next.kind === 'error') return last.kind === 'error' && last.error !== next.error;
  if (last.kind !== 'fix') return true;
  const elapsed = next.at - last.at;
  if (elapsed >= LOCATION_INTERVAL_MS) return true;
  return elapsed >= FORWARD_MIN_GAP_MS && haversineMetres(last.position, next.position) >= FORWARD_MOVE_METRES;
}
