/**
 * One stop completion waiting on the device to reach the server: its own IndexedDB record (outbox-store.ts), so
 * adding, sending and parking one never rewrites another. Photos and the signature wait as Blobs and become data URLs
 * only in the request body, when the item is sent.
 */
import { withoutNul } from '../../src-shared/domain/text.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ParkedCompletion, RefusalReason } from '../../src-shared/state/app-state.ts';
import { blobToDataUrl, dataUrlToBlob } from '../media/data-url.ts';

/**
 * Why the server refused an item for good (it is parked for the driver to retry or discard): not_found (404: the
 * stop removed, the route reassigned or deleted), too_large (413: the body is over the server's limit), refused (400,
 * 422 and other 4xx: the same request would be refused again), server_error (a 5xx for this item while the server
 * took the next one).
 */
export type ParkReason = RefusalReason;

export interface ParkInfo {
  reason: ParkReason;
  /** The HTTP status of the refusal. */
  status: number;
  /** The server's own words. */
  message: string;
  /** The server's error field: 'service' (the stop) or 'id' (the route) on a 404. */
  field?: string;
  /** When it was parked, epoch ms. */
  at: number;
}

/** The stop update as stored: everything but the images, which wait as Blobs (new) or URLs (stored ones kept). */
type StoredBody = Omit<StopUpdateRequest, 'images' | 'signature'>;

export interface OutboxItem {
  /** The Idempotency-Key, made when the driver completed the stop: every attempt sends the same. */
  id: string;
  /** Whose session may send it ("driver:12", "link:<linkId>"): the server's idempotency is per sender. */
  owner: string;
  routeId: number;
  projectId: number;
  stopId: number;
  /** The stop as the driver saw it (its number and name), to say which one a refusal is about. */
  stop: { number: number | null; name: string };
  /** Send order within the route: when it was made (ms), times 1000, plus a counter for the same millisecond. */
  seq: number;
  /** Epoch ms. */
  createdAt: number;
  body: StoredBody;
  /** The `images` map as a list; null when the update has none (a skip). */
  images: (Blob | string)[] | null;
  /** undefined: the update has no signature field (a skip). */
  signature: Blob | string | null | undefined;
  state: 'queued' | 'parked';
  /** Failed attempts in a row that may succeed later (offline, 5xx, 408, 429), for the back-off. */
  attempts: number;
  parked: ParkInfo | null;
}

/**
 * Splits a stop update into what the record keeps: photo handles (the core's resized photos) and data URLs become
 * Blobs, stored images' URLs stay.
 */
export function storedParts(
  request: StopUpdateRequest,
  photo: (handle: string) => Blob | null = () => null,
): Pick<OutboxItem, 'body' | 'images' | 'signature'> {
  const asStored = (value: string) => photo(value) ?? dataUrlToBlob(value) ?? value;
  const { images, signature, ...body } = request;
  return {
    body,
    images: images === undefined ? null : Object.values(images).map(asStored),
    signature: signature === undefined || signature === null ? signature : asStored(signature),
  };
}

const asSent = async (value: Blob | string) => (typeof value === 'string' ? value : blobToDataUrl(value));

/** The completion's texts the driver typed, which may hold a pasted U+0000 (the server refuses it). */
const TEXTS = ['completion_note', 'recipient_note', 'signature_name', 'cleaning_definition'] as const;

/**
 * The request body, built when the item is sent. Its texts hold no NUL: an item queued before the app dropped them
 * when a completion is made would otherwise be refused for good.
 */
export async function requestBody(item: OutboxItem): Promise<StopUpdateRequest> {
  const request: StopUpdateRequest = { ...item.body };
  for (const key of TEXTS) {
    const value = request[key];
    if (typeof value === 'string') request[key] = withoutNul(value);
  }
  if (item.images !== null) {
    const sent = await Promise.all(item.images.map(asSent));
    request.images = Object.fromEntries(sent.map((image, i) => [String(i), image]));
  }
  if (item.signature !== undefined) request.signature = item.signature === null ? null : await asSent(item.signature);
  return request;
}

/** What the UI shows of a parked item: the driver's data and the server's reason (it is never dropped unseen). */
export function parkedCompletion(item: OutboxItem): ParkedCompletion | null {
  if (item.state !== 'parked' || !item.parked) return null;
  const { body, parked } = item;
  return {
    id: item.id,
    routeId: item.routeId,
    stopId: item.stopId,
    stop: item.stop,
    status: body.status,
    completedAt: body.completed_at ?? null,
    completionNote: body.completion_note ?? null,
    recipientNote: body.recipient_note ?? null,
    photos: item.images?.length ?? 0,
    signed: item.signature !== undefined && item.signature !== null,
    signatureName: body.signature_name ?? null,
    birthDate: body.recipient_date_of_birth ?? null,
    reason: parked.reason,
    httpStatus: parked.status,
    message: parked.message,
    ...(parked.field !== undefined ? { field: parked.field } : {}),
    parkedAt: parked.at,
  };
}
