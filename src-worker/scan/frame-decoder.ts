/**
 * The core's decodeBarcodes intent, loaded with the first camera frame (issue 19): the decoder with the browser's
 * BarcodeDetector when the worker's scope has one, else zxing-wasm from our own origin. Its own chunk, so the worker
 * starts without any of it (the critical path's budget counts the worker's start-up code).
 */
import { type BarcodeFrame, type DecodedBarcode, fail, ok, type Result } from '../../src-shared/api/worker-api.ts';
import { bitmapPixels, createBarcodeDecoder, type ReadPixels } from './barcode-decoder.ts';
import { nativeDetectorOf } from './native-detector.ts';

export interface FrameDecoderDeps {
  /** The worker's global scope, where the browser's BarcodeDetector lives if it has one. */
  barcodeScope?: object;
  /** zxing-wasm's reader (its bytes from a file in Node tests); the app's own asset when not given. */
  loadBarcodeReader?: () => Promise<ReadPixels>;
}

export function createFrameDecoder(deps: FrameDecoderDeps) {
  const decoder = createBarcodeDecoder({
    nativeDetector: deps.barcodeScope ? nativeDetectorOf(deps.barcodeScope) : undefined,
    loadReader: deps.loadBarcodeReader ?? (() => import('./load-reader.ts').then((m) => m.loadAppReader())),
    toPixels: bitmapPixels,
  });
  return async (frame: BarcodeFrame): Promise<Result<DecodedBarcode[]>> => {
    try {
      return ok(await decoder.decode(frame));
    } catch {
      return fail('unknown');
    }
  };
}
