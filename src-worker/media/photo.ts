/**
 * Proof photos: decoded with their EXIF orientation applied, resized to at most 800 px wide with pica, and
 * encoded as JPEG, all in the worker, so the page never blocks on a 12 MP photo. pica draws through an
 * OffscreenCanvas (toolchain notes, pitfall 11) and runs without workers of its own (it already is in one).
 */
export const PHOTO_MAX_WIDTH = 800;
export const PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
const JPEG_QUALITY = 0.85;

export const isPhotoType = (type: string) => (PHOTO_TYPES as readonly string[]).includes(type.toLowerCase());

/** The size to resize to: as it is when narrow enough, else 800 wide with the aspect kept. */
export function targetSize(
  width: number,
  height: number,
  maxWidth = PHOTO_MAX_WIDTH,
): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

export interface ResizedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const size = targetSize(bitmap.width, bitmap.height);
  const source = new OffscreenCanvas(bitmap.width, bitmap.height);
  source.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  const target = new OffscreenCanvas(size.width, size.height);
  const { default: pica } = await import('pica');
  await pica({ features: ['js', 'wasm'] }).resize(source, target, { filter: 'mks2013' });
  const blob = await target.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  return { blob, ...size };
}

export { blobToDataUrl } from './data-url.ts';
