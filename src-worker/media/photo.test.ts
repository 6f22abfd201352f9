/**
 * Photo resizing in the core. Node has no createImageBitmap, OffscreenCanvas or canvas for pica, so the pixel work
 * runs behind `Imaging` and is simulated here the way the browser does it: the decoder applies the EXIF
 * orientation ('from-image'), so orientations 5 to 8 come out with width and height swapped. What is tested is
 * resizePhoto's own part: the size it picks from the upright photo, the encoding, and freeing the decoded bitmap.
 * The browser's pixels (upright, resized, JPEG) are checked by e2e/proofs-more.spec.ts's format table.
 */
import { describe, expect, it } from 'vitest';
import { blobToDataUrl } from './data-url.ts';
import {
  type DecodedPhoto,
  type Imaging,
  isPhotoType,
  PHOTO_ENCODING,
  PHOTO_MAX_WIDTH,
  resizePhoto,
  type Size,
  targetSize,
} from './photo.ts';

describe('target size', () => {
  it.each([
    [4000, 3000, 800, 600],
    [3000, 4000, 800, 1067],
    [801, 600, 800, 599],
    [800, 600, 800, 600],
    [640, 480, 640, 480],
    [1, 1, 1, 1],
    [12000, 10, 800, 1],
    [10, 12000, 10, 12000],
  ])('%ix%i becomes %ix%i (never enlarged, aspect kept)', (w, h, tw, th) => {
    expect(targetSize(w, h)).toEqual({ width: tw, height: th });
  });

  it('takes another maximum width', () => {
    expect(targetSize(4000, 3000, 400)).toEqual({ width: 400, height: 300 });
    expect(PHOTO_MAX_WIDTH).toBe(800);
  });
});

describe('format choice', () => {
  it.each([
    ['image/jpeg', true],
    ['image/JPG', true],
    ['image/jpg', true],
    ['image/png', true],
    ['IMAGE/PNG', true],
    ['image/heic', false],
    ['image/webp', false],
    ['image/gif', false],
    ['image/svg+xml', false],
    ['application/pdf', false],
    ['', false],
  ])('%s accepted: %s', (type, ok) => {
    expect(isPhotoType(type)).toBe(ok);
  });

  it('encodes every photo as a JPEG of quality 0.85', () => {
    expect(PHOTO_ENCODING).toEqual({ type: 'image/jpeg', quality: 0.85 });
  });

  it('encodes a blob as a data URL, also past one chunk', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    const url = await blobToDataUrl(new Blob([bytes], { type: 'image/jpeg' }));
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const decoded = Uint8Array.from(atob(url.split(',')[1]!), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });
});

/** A file as the simulated platform reads it: the stored pixel size and the EXIF orientation tag. */
interface StoredPhoto extends Size {
  orientation: number;
}
const storedFile = (photo: StoredPhoto, type = 'image/jpeg') => new Blob([JSON.stringify(photo)], { type });

/** EXIF orientations 5 to 8 store the picture turned a quarter: shown upright, width and height swap. */
const upright = ({ width, height, orientation }: StoredPhoto): Size =>
  orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };

/** The browser's part, simulated, with a log of what resizePhoto asked of it. */
function simulatedImaging(options: { failCopy?: boolean } = {}) {
  const log: string[] = [];
  const resized: { size: Size; encoding: typeof PHOTO_ENCODING }[] = [];
  const imaging: Imaging<DecodedPhoto, Size> = {
    async decode(file) {
      let stored: StoredPhoto;
      try {
        stored = JSON.parse(await file.text()) as StoredPhoto;
      } catch {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }
      log.push('decode');
      return { ...upright(stored), close: () => log.push('close') };
    },
    copy(photo) {
      log.push('copy');
      if (options.failCopy) throw new Error('out of memory');
      return { width: photo.width, height: photo.height };
    },
    async resize(_source, size, encoding) {
      log.push('resize');
      resized.push({ size, encoding });
      return new Blob([new Uint8Array(size.width)], { type: encoding.type });
    },
  };
  return { imaging, log, resized };
}

describe('resizePhoto', () => {
  it.each([
    [1, 800, 600],
    [2, 800, 600],
    [3, 800, 600],
    [4, 800, 600],
    [5, 800, 1067],
    [6, 800, 1067],
    [7, 800, 1067],
    [8, 800, 1067],
  ])('sizes a 4000x3000 JPEG with EXIF orientation %i as it is shown: %ix%i', async (orientation, width, height) => {
    const { imaging, resized } = simulatedImaging();
    const photo = await resizePhoto(storedFile({ width: 4000, height: 3000, orientation }), imaging);
    expect(photo).toMatchObject({ width, height });
    expect(resized).toEqual([{ size: { width, height }, encoding: PHOTO_ENCODING }]);
    expect(photo.blob.type).toBe('image/jpeg');
  });

  it('keeps a small PNG at its size and turns it into a JPEG', async () => {
    const { imaging, resized } = simulatedImaging();
    const photo = await resizePhoto(storedFile({ width: 640, height: 480, orientation: 1 }, 'image/png'), imaging);
    expect(photo).toMatchObject({ width: 640, height: 480 });
    expect(resized[0]?.encoding.type).toBe('image/jpeg');
  });

  it('frees the decoded bitmap before resizing, and also when copying it fails', async () => {
    const ok = simulatedImaging();
    await resizePhoto(storedFile({ width: 4000, height: 3000, orientation: 6 }), ok.imaging);
    expect(ok.log).toEqual(['decode', 'copy', 'close', 'resize']);

    const failing = simulatedImaging({ failCopy: true });
    await expect(
      resizePhoto(storedFile({ width: 4000, height: 3000, orientation: 1 }), failing.imaging),
    ).rejects.toThrow('out of memory');
    expect(failing.log).toEqual(['decode', 'copy', 'close']);
  });

  it('rejects a file the platform cannot decode, and resizes nothing', async () => {
    const { imaging, log } = simulatedImaging();
    await expect(resizePhoto(new Blob(['not an image'], { type: 'image/jpeg' }), imaging)).rejects.toThrow(
      /could not be decoded/,
    );
    expect(log).toEqual([]);
  });
});
