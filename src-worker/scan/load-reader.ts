/// <reference path="./wasm-url.d.ts" />
/**
 * The app's zxing-wasm reader: the module and its .wasm come from our own origin (a hashed asset the service worker
 * precaches, so scanning works offline), loaded when the first frame needs them.
 */
import type { ReadPixels } from './barcode-decoder.ts';

export async function loadAppReader(): Promise<ReadPixels> {
  const [{ zxingReader }, { default: url }] = await Promise.all([
    import('./zxing-reader.ts'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  return zxingReader({ url });
}
