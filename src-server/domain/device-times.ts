/**
 * A phone's clock times must lie in the route's time (src-shared/domain/device-times.ts): a completion's
 * (completed_at, captured_at, scanned_at) and an arrival's `arrived_at`. A phone whose clock is far off is refused
 * with a 400 naming the time, not believed. The app then sends the completion again without that time
 * (src-worker/outbox), and the server takes the time it received it; an arrival it drops (it is no proof).
 */
import {
  type DeviceTimed,
  type DeviceTimeWindow,
  deviceTimeOutside,
  deviceTimeWindow,
  inDeviceTimeWindow,
  type RouteDays,
} from '../../src-shared/domain/device-times.ts';
import { badRequest } from './errors.ts';

const iso = (ms: number) => new Date(ms).toISOString();

const outsideWindow = (field: string, span: DeviceTimeWindow) =>
  badRequest(
    `${field} must lie in the route's time, from ${iso(span.from)} to ${iso(span.to)}: is the device's clock right?`,
    field,
  );

/** Throws a 400 naming the first device time of `body` outside the route's window at `receivedAt`. */
export function assertDeviceTimes(body: DeviceTimed, route: RouteDays, timeZone: string, receivedAt: number): void {
  const span = deviceTimeWindow(route, timeZone, receivedAt);
  const outside = deviceTimeOutside(body, span);
  if (outside) throw outsideWindow(outside[0], span);
}

/** Throws the same 400 when the one device time `instant`, sent as `field`, lies outside the route's window. */
export function assertDeviceTime(
  field: string,
  instant: string,
  route: RouteDays,
  timeZone: string,
  receivedAt: number,
): void {
  const span = deviceTimeWindow(route, timeZone, receivedAt);
  if (!inDeviceTimeWindow(instant, span)) throw outsideWindow(field, span);
}
