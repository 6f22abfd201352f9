/** Types of app-build.mjs, for the TypeScript that imports it (the browser tests' global setup). */
export declare const root: string;
export declare const SOURCES: string[];
export declare function newestMtime(path: string): number;
export declare function buildState(staticDir: string): 'missing' | 'stale' | null;
export declare function viteBin(): string;
export declare function runNode(
  args: string[],
  label: string,
  options?: import('node:child_process').SpawnOptions,
): Promise<number>;
export declare function buildIfStale(
  staticDir: string,
  options?: { log?: (message: string) => void; stdio?: import('node:child_process').StdioOptions },
): Promise<number>;
