/**
 * Photos the core has resized and keeps for the complete screen until they are queued (issue 21): the page gets a
 * handle ("photo:<id>") and shows the photo through loadImage, so the resized JPEG never travels worker -> page ->
 * worker. A completion names its new photos by handle; the outbox stores their Blobs.
 *
 * Memory only and bounded: a draft holds at most three photos, so the newest few dozen cover every screen a driver
 * can have open, and a photo still on screen after its stop was queued stays showable.
 */

const PREFIX = 'photo:';
/** About 40 KB each: under 1 MB in all. */
const KEPT = 24;

export const isPhotoHandle = (value: string): boolean => value.startsWith(PREFIX);

export interface PreparedPhotos {
  /** Keeps a resized photo taken at `capturedAt` (ms, the core's clock); returns its handle. */
  put(blob: Blob, capturedAt: number): string;
  /** The photo behind a handle, or null when it is unknown (never made here, or long since dropped). */
  get(handle: string): Blob | null;
  /** When the photo behind a handle was taken (ms), or null when the handle is unknown. */
  capturedAt(handle: string): number | null;
  /** Sign-out: another driver on this phone must not see them. */
  clear(): void;
}

export function createPreparedPhotos(newId: () => string, kept = KEPT): PreparedPhotos {
  const photos = new Map<string, { blob: Blob; capturedAt: number }>();
  return {
    put(blob, capturedAt) {
      const handle = PREFIX + newId();
      photos.set(handle, { blob, capturedAt });
      // Oldest first out: a Map iterates in insertion order.
      while (photos.size > kept) photos.delete(photos.keys().next().value!);
      return handle;
    },
    get: (handle) => photos.get(handle)?.blob ?? null,
    capturedAt: (handle) => photos.get(handle)?.capturedAt ?? null,
    clear: () => photos.clear(),
  };
}
