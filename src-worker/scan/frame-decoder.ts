/**
 * The core's decodeBarcodes intent, loaded with the first camera frame (issue 19): the decoder with the browser's
 * BarcodeDetector when the worker's scope has one, else zxing-wasm from our own origin. Its own chunk, so the worker
 * starts without any of it (the critical path's budget counts the worker's start-up code).
 */
import { type BarcodeFrame, type DecodedBarcode, fail, ok, type Result } from '../../src-shared/api/worker-api.ts';
import type { WorkerDeps } from '../core/worker-deps.ts';
import { bitmapPixels, createBarcodeDecoder } from './barcode-decoder.ts';
import { nativeDetectorOf } from './native-detector.ts';

/** The barcodes in one camera frame; `unknown` when the frame could not be read. */
export type FrameDecoder = (frame: BarcodeFrame) => Promise<Result<DecodedBarcode[]>>;

export function createFrameDecoder(deps: Pick<WorkerDeps, 'barcodeScope' | 'loadBarcodeReader'>): FrameDecoder {
  const decoder = createBarcodeDecoder({
    nativeDetector: deps.barcodeScope ? nativeDetectorOf(deps.barcodeScope) : undefined,
    loadReader: deps.loadBarcodeReader ?? (() => import('./load-reader.ts').then((m) => m.loadAppReader())),
    toPixels: bitmapPixels,
  });
  return async (frame) => {
    try {
      return ok(await decoder.decode(frame));
    } catch {
      return fail('unknown');
    }
  };
}
