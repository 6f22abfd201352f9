/**
 * Decoding barcodes off the main thread (issue 19). The UI's platform layer grabs a camera frame as an ImageBitmap and
 * transfers it here; this finds the codes in it with the browser's BarcodeDetector where it exists (Android, macOS,
 * ChromeOS) and otherwise with zxing-wasm, ZXing-C++ built to WebAssembly, loaded on the first frame only: neither the
 * decoder's code nor its .wasm is on the app's critical path. Dependencies are injected, so the same code decodes
 * generated images in Node (tests/core/barcode-decoder.test.ts).
 */
import type { BarcodeFrame, DecodedBarcode } from '../../src-shared/api/worker-api.ts';

/** ImageData's shape: what zxing reads. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export type ReadPixels = (pixels: Pixels) => Promise<DecodedBarcode[]>;

/** The Barcode Detection API's detector, as much of it as is used here. */
export interface NativeDetector {
  detect(source: unknown): Promise<ReadonlyArray<{ rawValue: string; format: string }>>;
}

export interface DecoderDeps {
  /** The browser's BarcodeDetector for the parcels' formats (native-detector.ts), or null where there is none (most desktop browsers). */
  nativeDetector?: () => Promise<NativeDetector | null>;
  /** zxing-wasm's reader, loaded when first needed. */
  loadReader: () => Promise<ReadPixels>;
  /** An ImageBitmap's pixels (an OffscreenCanvas in the worker); frames that are pixels already need none. */
  toPixels?: (frame: BarcodeFrame) => Pixels;
}

type DecoderEngine = 'native' | 'wasm';

export interface BarcodeDecoder {
  /** The codes in the frame (none is an empty list). An ImageBitmap is closed once read. */
  decode(frame: BarcodeFrame): Promise<DecodedBarcode[]>;
  /** Which engine decodes, once the first frame chose one. */
  engine(): DecoderEngine | null;
}

const isPixels = (frame: BarcodeFrame): frame is Pixels => 'data' in frame && frame.data !== undefined;

export function createBarcodeDecoder(deps: DecoderDeps): BarcodeDecoder {
  let chosen: Promise<{ engine: DecoderEngine; read: (frame: BarcodeFrame) => Promise<DecodedBarcode[]> }> | null =
    null;

  async function choose() {
    const native = (await deps.nativeDetector?.().catch(() => null)) ?? null;
    if (native) {
      return {
        engine: 'native' as const,
        read: async (frame: BarcodeFrame) =>
          (await native.detect(frame)).map((code) => ({ text: code.rawValue, format: code.format })),
      };
    }
    const read = await deps.loadReader();
    return {
      engine: 'wasm' as const,
      read: (frame: BarcodeFrame) => {
        if (isPixels(frame)) return read(frame);
        if (!deps.toPixels) throw new Error('No way to read this frame');
        return read(deps.toPixels(frame));
      },
    };
  }

  let engine: DecoderEngine | null = null;
  return {
    async decode(frame) {
      try {
        if (!chosen) {
          chosen = choose();
          // A failed load (no network on a first use) is tried again on the next frame.
          chosen.catch(() => {
            chosen = null;
          });
        }
        const decoder = await chosen;
        engine = decoder.engine;
        const codes = await decoder.read(frame);
        // One label read twice in a frame (a QR code's finder patterns, a code 128 seen twice) counts once.
        return codes.filter((code, i) => code.text && codes.findIndex((c) => c.text === code.text) === i);
      } finally {
        (frame as { close?: () => void }).close?.();
      }
    },
    engine: () => engine,
  };
}

/** An ImageBitmap's pixels, through an OffscreenCanvas (there is no DOM canvas in a worker). */
export function bitmapPixels(frame: BarcodeFrame): Pixels {
  const canvas = new OffscreenCanvas(frame.width, frame.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D context');
  context.drawImage(frame as unknown as ImageBitmap, 0, 0);
  return context.getImageData(0, 0, frame.width, frame.height);
}
