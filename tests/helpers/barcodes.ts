/**
 * Images of real barcodes for the scanning tests (issue 19), made with bwip-js (the encoder of the Barcode Writer in
 * Pure PostScript): its raw symbol (bar and space widths of a linear code, the module matrix of a 2D one) is drawn
 * into RGBA pixels here, so no image file or canvas is needed. Rotation and blur turn them into what a shaky phone
 * camera sees. The same pixels feed the worker's decoder in Node (vitest), Chromium's fake camera (e2e) and the bench.
 */
import bwipjs from 'bwip-js/node';

export type CodeKind = 'ean13' | 'code128' | 'qrcode';

/** ImageData's shape: what the decoder reads. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

interface RawLinear {
  sbs: number[];
}
interface RawMatrix {
  pixs: number[];
  pixx: number;
  pixy: number;
}

/** A grey image, 255 = white. */
interface Grey {
  width: number;
  height: number;
  v: Uint8Array;
}

function rawSymbol(kind: CodeKind, text: string): RawLinear | RawMatrix {
  // bwip-js's raw() types its answer loosely; its shape per kind is documented in its README ("raw").
  const raw = (bwipjs as unknown as { raw(bcid: string, text: string, opts: string): unknown[] }).raw(kind, text, '');
  return raw[0] as RawLinear | RawMatrix;
}

/** The symbol drawn at `scale` pixels per module, with a quiet zone of 10 modules (4 for a QR code) around it. */
function drawSymbol(kind: CodeKind, text: string, scale: number): Grey {
  const raw = rawSymbol(kind, text);
  if ('pixs' in raw) {
    const quiet = 4 * scale;
    const width = raw.pixx * scale + 2 * quiet;
    const height = raw.pixy * scale + 2 * quiet;
    const v = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < raw.pixy; y++)
      for (let x = 0; x < raw.pixx; x++) {
        if (!raw.pixs[y * raw.pixx + x]) continue;
        for (let dy = 0; dy < scale; dy++)
          v.fill(
            0,
            (quiet + y * scale + dy) * width + quiet + x * scale,
            (quiet + y * scale + dy) * width + quiet + (x + 1) * scale,
          );
      }
    return { width, height, v };
  }
  const modules = raw.sbs.reduce((sum, w) => sum + w, 0);
  const quiet = 10 * scale;
  const width = modules * scale + 2 * quiet;
  const height = Math.round(width * 0.45);
  const row = new Uint8Array(width).fill(255);
  let x = quiet;
  raw.sbs.forEach((w, i) => {
    // Even entries are bars, odd ones spaces.
    if (i % 2 === 0) row.fill(0, x, x + w * scale);
    x += w * scale;
  });
  const v = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) v.set(row, y * width);
  return { width, height, v };
}

/** Rotated by `degrees` about its centre onto a white canvas large enough to hold it (nearest neighbour). */
function rotate(img: Grey, degrees: number): Grey {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const width = Math.ceil(Math.abs(img.width * cos) + Math.abs(img.height * sin));
  const height = Math.ceil(Math.abs(img.width * sin) + Math.abs(img.height * cos));
  const v = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const sx = Math.round(dx * cos + dy * sin + img.width / 2);
      const sy = Math.round(-dx * sin + dy * cos + img.height / 2);
      if (sx >= 0 && sy >= 0 && sx < img.width && sy < img.height) v[y * width + x] = img.v[sy * img.width + sx]!;
    }
  return { width, height, v };
}

/** A box blur of the given radius, as a slightly out-of-focus camera gives. */
function blur(img: Grey, radius: number): Grey {
  const { width, height } = img;
  const pass = (src: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = horizontal ? x + k : x;
          const yy = horizontal ? y : y + k;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += src[yy * width + xx]!;
          n++;
        }
        out[y * width + x] = Math.round(sum / n);
      }
    return out;
  };
  return { width, height, v: pass(pass(img.v, true), false) };
}

export interface CodeImageOptions {
  /** Pixels per module (default 3). */
  scale?: number;
  degrees?: number;
  blurRadius?: number;
}

function toPixels(img: Grey): Pixels {
  const data = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0; i < img.v.length; i++) data.set([img.v[i]!, img.v[i]!, img.v[i]!, 255], i * 4);
  return { width: img.width, height: img.height, data };
}

export function codeImage(kind: CodeKind, text: string, options: CodeImageOptions = {}): Pixels {
  let img = drawSymbol(kind, text, options.scale ?? 3);
  if (options.degrees) img = rotate(img, options.degrees);
  if (options.blurRadius) img = blur(img, options.blurRadius);
  return toPixels(img);
}

/** `img` centred on a white frame of the given size (the camera's picture), cut if larger. */
export function onFrame(img: Pixels, width: number, height: number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const left = Math.floor((width - img.width) / 2);
  const top = Math.floor((height - img.height) / 2);
  for (let y = 0; y < img.height; y++) {
    const ty = top + y;
    if (ty < 0 || ty >= height) continue;
    for (let x = 0; x < img.width; x++) {
      const tx = left + x;
      if (tx < 0 || tx >= width) continue;
      data.set(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4), (ty * width + tx) * 4);
    }
  }
  return { width, height, data };
}
