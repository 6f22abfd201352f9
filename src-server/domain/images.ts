/**
 * Proof images (photos and signatures) arrive as data URLs. Only real JPEG and PNG files are kept: the declared
 * type, the magic bytes, the file's structure and its dimensions must all agree, so a renamed text file, a
 * truncated upload or a PNG sent as JPEG is refused before anything is stored (OWASP upload checks).
 */
import { crc32 } from 'node:zlib';
import { imageSize } from 'image-size';
import { tooLarge, unprocessable } from './errors.ts';

/** Decoded size cap per image; the app sends photos resized to 800 px wide, far below it. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Dimension caps (issue 16, item 8): a small file may declare a huge image (a 50 KB PNG of 20000x20000 pixels would
 * take 1.6 GB to decode wherever it is shown). The app sends photos at most 800 px wide (src-worker/media/photo.ts)
 * and signatures the size of the pad at the screen's pixel ratio; the caps leave a margin above both.
 */
const IMAGE_LIMITS = {
  photo: { maxWidth: 1200, maxHeight: 4096, maxPixels: 4_000_000 },
  signature: { maxWidth: 4096, maxHeight: 4096, maxPixels: 4_000_000 },
} as const;
export type ImageKind = keyof typeof IMAGE_LIMITS;

type ImageMime = 'image/jpeg' | 'image/png';

export interface DecodedImage {
  mime: ImageMime;
  width: number;
  height: number;
  data: Buffer;
}

/** `image/jpg` is not a registered type but some cameras and browsers write it. */
const DECLARED: Record<string, ImageMime> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
};
const LABEL: Record<ImageMime, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG' };
const SIZE_TYPE: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

const DATA_URL = /^data:([^;,]*)(;base64)?,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** Signature, the IHDR chunk (length, type, 13 bytes, CRC) and the IEND chunk. */
const PNG_MIN_BYTES = 8 + 25 + 12;

export const isDataUrl = (value: string) => value.startsWith('data:');

const invalid = (field: string) => unprocessable(`${field} is not a valid JPEG or PNG image`, field);

function sniff(data: Buffer): ImageMime | null {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

/** A PNG starts with a correct IHDR chunk and ends with IEND; a JPEG ends with its end-of-image marker. */
function isWhole(data: Buffer, mime: ImageMime): boolean {
  if (mime === 'image/jpeg') return data.length > 4 && data.at(-2) === 0xff && data.at(-1) === 0xd9;
  if (data.length < PNG_MIN_BYTES || data.readUInt32BE(8) !== 13) return false;
  if (data.toString('latin1', 12, 16) !== 'IHDR') return false;
  const crcMatches = crc32(data.subarray(12, 29)) === data.readUInt32BE(29);
  return crcMatches && data.subarray(-12).equals(PNG_IEND);
}

function dimensions(data: Buffer, mime: ImageMime): { width: number; height: number } | null {
  try {
    const size = imageSize(data);
    if (size.type !== SIZE_TYPE[mime] || !(size.width > 0) || !(size.height > 0)) return null;
    return { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/**
 * Decodes a `data:image/jpeg;base64,...` or `data:image/png;base64,...` URL. `field` names the value in error
 * messages ("images.1", "signature"): 422 for anything that is not a real JPEG or PNG or is over the dimension
 * caps of its kind, 413 when too large.
 */
export function decodeImageDataUrl(value: string, field: string, kind: ImageKind): DecodedImage {
  const header = DATA_URL.exec(value);
  if (!header?.[2]) throw unprocessable(`${field} must be a base64 data URL of a JPEG or PNG image`, field);
  const declared = DECLARED[header[1]!.toLowerCase()];
  if (!declared)
    throw unprocessable(
      `${field} must be a JPEG or PNG image, not ${header[1]!.slice(0, 50) || 'untyped data'}`,
      field,
    );
  const base64 = value.slice(header[0].length);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw invalid(field);
  // Worked out from the encoded length so an oversized image is refused before it is decoded.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > MAX_IMAGE_BYTES)
    throw tooLarge(`${field} is larger than the limit of ${MAX_IMAGE_BYTES / 1024 / 1024} MiB`, field);
  const data = Buffer.from(base64, 'base64');
  const actual = sniff(data);
  if (!actual) throw invalid(field);
  if (actual !== declared)
    throw unprocessable(`${field} is declared as ${LABEL[declared]} but holds a ${LABEL[actual]} image`, field);
  const size = isWhole(data, actual) ? dimensions(data, actual) : null;
  if (!size) throw invalid(field);
  const limit = IMAGE_LIMITS[kind];
  if (size.width > limit.maxWidth || size.height > limit.maxHeight || size.width * size.height > limit.maxPixels)
    throw unprocessable(
      `${field} is ${size.width}x${size.height} pixels: at most ${limit.maxWidth} wide, ${limit.maxHeight} high and ${limit.maxPixels / 1_000_000} megapixels`,
      field,
    );
  return { mime: actual, ...size, data };
}
