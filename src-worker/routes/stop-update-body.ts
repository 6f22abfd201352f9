/**
 * The stop update payload of spec section 3, built from what the driver decided at a stop (StopCompletion).
 */
import type { StopCompletion } from '../../src-shared/api/worker-api.ts';
import {
  deviceTimes,
  deviceTimeWindow,
  inDeviceTimeWindow,
  withoutDeviceTimes,
} from '../../src-shared/domain/device-times.ts';
import { deliveryPlaceRecord } from '../../src-shared/domain/outcomes/record.ts';
import { withoutNul } from '../../src-shared/domain/text.ts';
import { secondsInZone } from '../../src-shared/domain/time-zone.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';

export const coords = (p: { lat: number; lng: number } | null | undefined) =>
  p ? { lat: p.lat.toFixed(7), lng: p.lng.toFixed(7) } : {};
/**
 * Seconds since midnight on the organisation's clocks when its time zone is known, else the device's, as text (the
 * stop update payload's finish_time). The server takes it from completed_at in the organisation's zone anyway;
 * this is what the stop shows until the server answers.
 */
function finishTime(ms: number, timeZone: string | undefined): string {
  if (timeZone) return String(secondsInZone(ms, timeZone));
  const d = new Date(ms);
  return String(d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds());
}

/**
 * When each new proof was captured (issue 19): the photos the core prepared, by their key in `images`, and a new
 * signature. Stored images kept on an edit have theirs from the completion that brought them. Undefined when none.
 */
function captureTimes(
  images: readonly string[],
  signatureAt: string | undefined,
  photoCapturedAt: (handle: string) => number | null,
): StopUpdateRequest['captured_at'] {
  const taken = images.flatMap((image, i) => {
    const at = photoCapturedAt(image);
    return at === null ? [] : [[String(i), new Date(at).toISOString()] as const];
  });
  if (taken.length === 0 && !signatureAt) return undefined;
  return {
    ...(taken.length > 0 ? { images: Object.fromEntries(taken) } : {}),
    ...(signatureAt ? { signature: signatureAt } : {}),
  };
}

/** Text as the driver typed or pasted it, without U+0000, which no server stores (src-shared/domain/text.ts). */
const text = <T extends string | null | undefined>(value: T): T =>
  (typeof value === 'string' ? withoutNul(value) : value) as T;

/** The images as the update's indexed map, with their capture times where the core prepared them. */
function imagesOf(images: readonly string[], photoCapturedAt: (handle: string) => number | null, signatureAt?: string) {
  const captured = captureTimes(images, signatureAt, photoCapturedAt);
  return {
    images: Object.fromEntries(images.map((image, i) => [String(i), image])),
    ...(captured ? { captured_at: captured } : {}),
  };
}

/** A skipped stop's update: status, position, the two notes, and (issue 34) its reason with the photos it asks for. */
function skippedBody(
  body: StopUpdateRequest,
  completion: StopCompletion,
  photoCapturedAt: (handle: string) => number | null,
): StopUpdateRequest {
  if (!completion.failure_reason) return body;
  const images = completion.proofs?.images ?? [];
  return {
    ...body,
    failure_reason: completion.failure_reason,
    ...(images.length > 0 ? imagesOf(images, photoCapturedAt) : {}),
  };
}

/**
 * The stop update payload of spec section 3: a skipped stop sends only status, position and the two notes (and, with
 * a failure reason, the reason and its photos); a delivered one adds its proofs (images as an indexed map, with their
 * capture times), in the cleaning variant the status picker, and its place where one was chosen. Its text holds no
 * NUL: the server would refuse it, and the completion would be parked for good.
 */
export function stopUpdateBody(
  completion: StopCompletion,
  nowMs: number,
  timeZone?: string,
  photoCapturedAt: (handle: string) => number | null = () => null,
): StopUpdateRequest {
  const body: StopUpdateRequest = {
    status: completion.status,
    ...coords(completion.position),
    completion_note: text(completion.completion_note ?? null),
    recipient_note: text(completion.recipient_note ?? null),
  };
  if (completion.status === 'skipped') return skippedBody(body, completion, photoCapturedAt);
  const proofs = completion.proofs ?? {};
  // A signature's time only with a new signature (a data URL), never with the stored one's URL kept on an edit.
  const newSignature = proofs.signature?.startsWith('data:') ? proofs.signature_captured_at : undefined;
  return {
    ...body,
    signature: proofs.signature ?? null,
    signature_name: text(proofs.signature_name ?? null),
    recipient_date_of_birth: proofs.recipient_date_of_birth ?? null,
    ...imagesOf(proofs.images ?? [], photoCapturedAt, newSignature),
    finish_time: finishTime(nowMs, timeZone),
    completed_at: new Date(nowMs).toISOString(),
    ...(completion.units ? { units: completion.units } : {}),
    // The place as the shared record keeps it (src-shared/domain/outcomes/record.ts): its own fields, without NUL.
    ...(completion.delivery_place ? { delivery_place: deliveryPlaceRecord(completion.delivery_place) } : {}),
    ...(completion.cleaning
      ? {
          cleaning_status: completion.cleaning.status,
          cleaning_definition: text(completion.cleaning.definition),
          sticker: completion.cleaning.sticker,
        }
      : {}),
  };
}

/**
 * The update without the device times that lie outside the route's time on this phone's own clock (the rule the
 * server applies, src-shared/domain/device-times.ts): a clock far behind (a phone reset to 2001) stamps times the
 * server would refuse. Left out, the server takes the time it received the completion. A clock ahead can only be
 * told by the server: the outbox leaves out a time the server refuses and sends the completion again.
 */
export function withinRouteTime(
  body: StopUpdateRequest,
  route: Pick<Route, 'date' | 'publication_settings'>,
  timeZone: string | undefined,
  nowMs: number,
): StopUpdateRequest {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const span = deviceTimeWindow({ days: [route.date, route.publication_settings.project_date] }, zone, nowMs);
  const outside = deviceTimes(body).filter(([, at]) => !inDeviceTimeWindow(at, span));
  return outside.length === 0 ? body : withoutDeviceTimes(body, new Set(outside.map(([field]) => field)));
}
