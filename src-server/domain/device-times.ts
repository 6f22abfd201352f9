/**
 * A completion's device times (completed_at, captured_at, scanned_at) must lie in the route's time
 * (src-shared/domain/device-times.ts): a phone whose clock is far off is refused with a 400 naming the time, not
 * believed. The app then sends the completion again without that time (src-worker/outbox), and the server takes the
 * time it received it.
 */
import {
  type DeviceTimed,
  deviceTimeOutside,
  deviceTimeWindow,
  type RouteDays,
} from '../../src-shared/domain/device-times.ts';
import { badRequest } from './errors.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Throws a 400 naming the first device time of `body` outside the route's window at `receivedAt`. */
export function assertDeviceTimes(body: DeviceTimed, route: RouteDays, timeZone: string, receivedAt: number): void {
  const span = deviceTimeWindow(route, timeZone, receivedAt);
  const outside = deviceTimeOutside(body, span);
  if (!outside) return;
  const [field] = outside;
  throw badRequest(
    `${field} must lie in the route's time, from ${iso(span.from)} to ${iso(span.to)}: is the device's clock right?`,
    field,
  );
}
