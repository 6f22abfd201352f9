/**
 * The browser's BarcodeDetector (Barcode Detection API) as the decoder's native engine, where the browser has one
 * that reads the codes parcels carry. The entry files pass their global scope: only they touch `self`. Small and
 * statically imported by the entries; the decoder itself loads with the first frame.
 */
import type { NativeDetector } from './barcode-decoder.ts';

/** The codes a parcel label carries: retail (EAN/UPC), logistics (Code 128, Code 39, ITF) and 2D (QR, Data Matrix). */
const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'qr_code', 'data_matrix'];

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
