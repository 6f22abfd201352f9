/**
 * The instants a phone stamps on a completion from its own clock: `completed_at`, each photo's and the signature's
 * `captured_at`, each unit's `scanned_at`. They say when the work was done, so each must lie in the route's time: from
 * the start of the day before the route's first day (on the organisation's calendar) to the time the server received
 * them plus ten minutes (a clock a little fast, a request under way). A phone whose clock is far off is refused by the
 * server (400 naming the time) rather than believed; the app then leaves that time out (src-worker/outbox), so the
 * completion itself is never lost for a clock. Pure: the server and the core apply the same rule.
 */
import { addDays } from './dates.ts';
import { dateInZone, instantInZone } from './time-zone.ts';

/** How far past the time received a device time may lie. */
const DEVICE_TIME_AHEAD_MS = 10 * 60_000;

/** The instants (epoch ms, both included) a device time of a route may name. */
export interface DeviceTimeWindow {
  from: number;
  to: number;
}

export interface RouteDays {
  /** YYYY-MM-DD: the route's date and its publication settings' start date (the earlier is its first day). */
  days: readonly string[];
  /** When it was started, if it was (a dispatcher may have moved its date since). */
  startedAt?: string | null;
}

/** From the start of the day before the route's first day (in `timeZone`) to `receivedAt` plus ten minutes. */
export function deviceTimeWindow(route: RouteDays, timeZone: string, receivedAt: number): DeviceTimeWindow {
  const started = route.startedAt ? [dateInZone(Date.parse(route.startedAt), timeZone)] : [];
  const first = [...route.days, ...started].reduce((a, b) => (b < a ? b : a));
  return { from: instantInZone(addDays(first, -1), 0, timeZone).getTime(), to: receivedAt + DEVICE_TIME_AHEAD_MS };
}

export const inDeviceTimeWindow = (instant: string, span: DeviceTimeWindow) => {
  const at = Date.parse(instant);
  return at >= span.from && at <= span.to;
};

/** What of a stop update holds device times (the driver API's StopUpdateRequest, or the outbox's stored body). */
export interface DeviceTimed {
  completed_at?: string;
  finish_time?: string;
  captured_at?: { images?: Record<string, string>; signature?: string };
  units?: { scanned_at?: string | null }[];
}

/** Each device time of the update with the field the server names it by: completed_at, units.0.scanned_at, ... */
export function deviceTimes(body: DeviceTimed): [field: string, instant: string][] {
  const times: [string, string][] = [];
  if (body.completed_at !== undefined) times.push(['completed_at', body.completed_at]);
  for (const [key, at] of Object.entries(body.captured_at?.images ?? {})) times.push([`captured_at.images.${key}`, at]);
  if (body.captured_at?.signature !== undefined) times.push(['captured_at.signature', body.captured_at.signature]);
  (body.units ?? []).forEach((unit, i) => {
    if (unit.scanned_at) times.push([`units.${i}.scanned_at`, unit.scanned_at]);
  });
  return times;
}

/** The first device time outside the window, as [field, instant]; null when all lie in it. */
export const deviceTimeOutside = (body: DeviceTimed, span: DeviceTimeWindow) =>
  deviceTimes(body).find(([, at]) => !inDeviceTimeWindow(at, span)) ?? null;

/**
 * The update without the named device times: a capture time left out, a scan time null, and `completed_at` left out
 * with the `finish_time` the same clock gave (the server then takes both from the time it received the update).
 */
export function withoutDeviceTimes<T extends DeviceTimed>(body: T, fields: ReadonlySet<string>): T {
  const out: T = { ...body };
  if (fields.has('completed_at')) {
    delete out.completed_at;
    delete out.finish_time;
  }
  if (body.captured_at) {
    const images = Object.fromEntries(
      Object.entries(body.captured_at.images ?? {}).filter(([key]) => !fields.has(`captured_at.images.${key}`)),
    );
    const signature = fields.has('captured_at.signature') ? undefined : body.captured_at.signature;
    const captured = {
      ...(Object.keys(images).length > 0 ? { images } : {}),
      ...(signature !== undefined ? { signature } : {}),
    };
    if (Object.keys(captured).length > 0) out.captured_at = captured;
    else delete out.captured_at;
  }
  if (body.units)
    out.units = body.units.map((unit, i) =>
      fields.has(`units.${i}.scanned_at`) ? { ...unit, scanned_at: null } : unit,
    );
  return out;
}
