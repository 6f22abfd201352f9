/** Types of critical-path.mjs, for the TypeScript that imports it (tests/build/critical-path.test.ts). */
export interface CriticalPathFile {
  /** Path inside the build folder, with forward slashes: assets/index-abc123.js */
  file: string;
  /** Why it loads before the first screen. */
  kind: 'entry' | 'modulepreload' | 'import' | 'worker' | 'worker-import';
  bytes: number;
  /** Gzipped at level 9. */
  gzip: number;
}
export interface CriticalPath {
  files: CriticalPathFile[];
  totalBytes: number;
  totalGzip: number;
  /** References of index.html that are not files of the build. */
  missing: string[];
}
export declare const DEFAULT_BUDGET_KB: number;
export declare function measureCriticalPath(distDir?: string): CriticalPath;
export declare function formatTable(result: CriticalPath, budgetKb?: number): string;
