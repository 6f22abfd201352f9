/** Types of precompress.mjs, for the TypeScript that imports it (the tests, the browser tests' global setup). */
export interface PrecompressTotals {
  dir: string;
  files: number;
  bytes: number;
  br: number;
  gzip: number;
}
export declare const COMPRESSIBLE: Set<string>;
export declare const MIN_BYTES: number;
export declare function precompress(dir: string): Promise<PrecompressTotals>;
export declare function formatSummary(totals: PrecompressTotals): string;
