/**
 * The browser's BarcodeDetector (Barcode Detection API) as the decoder's native engine, where the browser has one
 * that reads the codes parcels carry. The entry files pass their global scope: only they touch `self`.
 */
import { NATIVE_FORMATS, type NativeDetector } from './barcode-decoder.ts';

interface DetectorConstructor {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** Without these three a detector is of no use for parcels, and zxing-wasm decodes instead. */
const NEEDED = ['ean_13', 'code_128', 'qr_code'];

export function nativeDetectorOf(scope: object): () => Promise<NativeDetector | null> {
  return async () => {
    const Detector = (scope as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
    if (!Detector) return null;
    const supported = await Detector.getSupportedFormats();
    if (!NEEDED.every((format) => supported.includes(format))) return null;
    return new Detector({ formats: NATIVE_FORMATS.filter((format) => supported.includes(format)) });
  };
}
