/** The worker's zxing-wasm reader in Node: the same module and options, its .wasm read from node_modules. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { zxingReader } from '../../src-worker/scan/zxing-reader.ts';

const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

export const loadNodeReader = async () => {
  const bytes = readFileSync(wasmPath);
  return zxingReader({ binary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
};
