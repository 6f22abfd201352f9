/**
 * zxing-wasm's reader with the app's options. Its .wasm is never fetched from a CDN (the package's default): the
 * caller says where it is, our own origin in the app (load-reader.ts) or the file itself in Node tests.
 */
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import type { Pixels, ReadPixels } from './barcode-decoder.ts';

export const READER_OPTIONS: ReaderOptions = {
  formats: ['EAN-13', 'EAN-8', 'UPC-A', 'UPC-E', 'Code128', 'Code39', 'ITF', 'QRCode', 'DataMatrix'],
  // A label held at an angle or upside down, and a worn print: slower per frame, but a frame that reads beats two
  // that do not.
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 8,
};

export interface WasmSource {
  /** The .wasm's URL (our own origin). */
  url?: string;
  /** The .wasm's bytes (Node). */
  binary?: ArrayBuffer;
}

export function zxingReader(source: WasmSource): ReadPixels {
  prepareZXingModule({
    overrides: source.binary
      ? { wasmBinary: source.binary }
      : {
          locateFile: (path: string, prefix: string) =>
            path.endsWith('.wasm') && source.url ? source.url : prefix + path,
        },
    fireImmediately: false,
  });
  return async (pixels: Pixels) => {
    const results = await readBarcodes(pixels as unknown as ImageData, READER_OPTIONS);
    return results.filter((r) => r.isValid).map((r) => ({ text: r.text, format: r.format }));
  };
}
