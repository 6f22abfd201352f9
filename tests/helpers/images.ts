/**
 * Real image files for proof-of-delivery tests, built from bytes so no binary fixture is checked in: PNGs made
 * with zlib and CRC-32 (solid or noise, any size), and a tiny baseline JPEG made with libjpeg-turbo's cjpeg.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG; `pixel` gives each pixel's colour. */
export function makePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type, 0 (none).
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Noise does not compress, so the file is about width x height x 3 bytes, like a real photo. Seeded: the same
 *  seed gives the same bytes. */
export function noisePng(width: number, height: number, seed = 1): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 0xff;
  };
  return makePng(width, height, () => [next(), next(), next()]);
}

export const TINY_PNG = makePng(1, 1, () => [200, 30, 30]);

/** A 2x2 colour baseline JPEG (`cjpeg -quality 75 -baseline -optimize` of a PPM); `djpeg` decodes it. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgy' +
    'PC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAACAAID' +
    'ASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAcEAACAgMBAQAAAAAAAAAAAAABAgADBAUGESH/xAAUAQEAAAAAAAAAAAAAAAAAAAAG' +
    '/8QAGxEAAQQDAAAAAAAAAAAAAAAAAAECM3EDBLH/2gAMAwEAAhEDEQA/AKxx+r193E6G23BxXsfXY7M7UqSxNa+knz6YiIezSutQrsTPten/2Q==',
  'base64',
);

/** A proof photo of realistic size: about 100 KB. */
export const PHOTO_PNG = noisePng(185, 185);

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
export const pngUrl = (bytes: Buffer = TINY_PNG) => dataUrl('image/png', bytes);
export const jpegUrl = (bytes: Buffer = TINY_JPEG) => dataUrl('image/jpeg', bytes);
