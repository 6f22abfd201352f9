/** Types of chromium.mjs, for the TypeScript that imports it (playwright.config.ts, e2e specs, the benchmarks). */
export declare const CHROMIUM_PATH: string;
export interface ChromiumLaunch {
  executablePath: string;
  args: string[];
}
export declare function chromiumLaunch(options?: { webgl?: boolean; extraArgs?: string[] }): ChromiumLaunch;
