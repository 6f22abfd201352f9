/**
 * The stop update payload of spec section 3, built from what the driver decided at a stop (StopCompletion).
 */
import type { StopCompletion } from '../../src-shared/api/worker-api.ts';
import { secondsInZone } from '../../src-shared/domain/time-zone.ts';
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
 * The stop update payload of spec section 3: a skipped stop sends only status, position and the two notes;
 * a delivered one adds its proofs (images as an indexed map) and, in the cleaning variant, the status picker.
 */
export function stopUpdateBody(completion: StopCompletion, nowMs: number, timeZone?: string): StopUpdateRequest {
  const body: StopUpdateRequest = {
    status: completion.status,
    ...coords(completion.position),
    completion_note: completion.completion_note ?? null,
    recipient_note: completion.recipient_note ?? null,
  };
  if (completion.status === 'skipped') return body;
  const proofs = completion.proofs ?? {};
  return {
    ...body,
    signature: proofs.signature ?? null,
    signature_name: proofs.signature_name ?? null,
    recipient_date_of_birth: proofs.recipient_date_of_birth ?? null,
    images: Object.fromEntries((proofs.images ?? []).map((image, i) => [String(i), image])),
    finish_time: finishTime(nowMs, timeZone),
    completed_at: new Date(nowMs).toISOString(),
    ...(completion.units ? { units: completion.units } : {}),
    ...(completion.cleaning
      ? {
          cleaning_status: completion.cleaning.status,
          cleaning_definition: completion.cleaning.definition,
          sticker: completion.cleaning.sticker,
        }
      : {}),
  };
}
