/**
 * Proof photos: decoded with their EXIF orientation applied, resized to at most 800 px wide with pica, and
 * encoded as JPEG, all in the worker, so the page never blocks on a 12 MP photo. pica draws through an
 * OffscreenCanvas (toolchain notes, pitfall 11) and runs without workers of its own (it already is in one).
 *
 * The decisions (which files, what size, which encoding, when the decoded bitmap is freed) are resizePhoto's; the
 * pixel work is the platform's (`Imaging`), injected so the decisions are tested in Node, where there is no
 * createImageBitmap or OffscreenCanvas. The browser's pixels are checked by the e2e format table.
 */
export const PHOTO_MAX_WIDTH = 800;
export const PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
/** Every photo leaves as a JPEG, a PNG too: a photo's size matters more than lossless pixels. */
export const PHOTO_ENCODING = { type: 'image/jpeg', quality: 0.85 } as const;

export const isPhotoType = (type: string) => (PHOTO_TYPES as readonly string[]).includes(type.toLowerCase());

export interface Size {
  width: number;
  height: number;
}

/** The size to resize to: as it is when narrow enough, else 800 wide with the aspect kept. */
export function targetSize(width: number, height: number, maxWidth = PHOTO_MAX_WIDTH): Size {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** A decoded photo, upright: its width and height are as it is shown (EXIF orientation applied). */
export interface DecodedPhoto extends Size {
  /** Frees the decoded pixels (a 12 MP photo holds about 48 MB). */
  close(): void;
}

/** The platform's pixel work. `Source` is the photo copied out of the decoded bitmap, ready to resize. */
export interface Imaging<Photo extends DecodedPhoto, Source> {
  /** Rejects a file it cannot read. */
  decode(file: Blob): Promise<Photo>;
  copy(photo: Photo): Source;
  resize(source: Source, size: Size, encoding: typeof PHOTO_ENCODING): Promise<Blob>;
}

/** The worker's: createImageBitmap applies the EXIF orientation ('from-image'), pica resizes. */
export const browserImaging: Imaging<ImageBitmap, OffscreenCanvas> = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  copy(bitmap) {
    const source = new OffscreenCanvas(bitmap.width, bitmap.height);
    source.getContext('2d')!.drawImage(bitmap, 0, 0);
    return source;
  },
  async resize(source, size, encoding) {
    const target = new OffscreenCanvas(size.width, size.height);
    const { default: pica } = await import('pica');
    await pica({ features: ['js', 'wasm'] }).resize(source, target, { filter: 'mks2013' });
    return target.convertToBlob(encoding);
  },
};

export interface ResizedPhoto extends Size {
  blob: Blob;
}

export async function resizePhoto(
  file: Blob,
  imaging: Imaging<DecodedPhoto, unknown> = browserImaging,
): Promise<ResizedPhoto> {
  const photo = await imaging.decode(file);
  let source: unknown;
  let size: Size;
  try {
    // The upright size: a portrait photo stored landscape with an orientation tag is sized as the portrait it is.
    size = targetSize(photo.width, photo.height);
    source = imaging.copy(photo);
  } finally {
    // Freed before the resize, which holds its own copy, and also when the copy fails.
    photo.close();
  }
  const blob = await imaging.resize(source, size, PHOTO_ENCODING);
  return { blob, ...size };
}
