/**
 * The simulated native wrappers' init scripts (wrapper.js), one per platform: the text to run in a page before the
 * app's own scripts. Playwright's addInitScript({content}) runs it in the e2e tests (e2e/support/native-wrapper.ts);
 * `npm run dev -- --wrapper android|ios` puts it into the dev server's index.html (simulatedWrapperPlugin).
 */
import { readFileSync } from 'node:fs';

const SOURCE = readFileSync(new URL('./wrapper.js', import.meta.url), 'utf8');

const WRAPPER_PLATFORMS = ['android', 'ios'];

/** The init script of one platform's simulated wrapper, with its config (see wrapper.js). */
export function simulatedWrapperScript(platform, options = {}) {
  if (!WRAPPER_PLATFORMS.includes(platform)) throw new Error(`No simulated wrapper for "${platform}": android or ios`);
  return `${SOURCE}\ninstallSimulatedWrapper(${JSON.stringify({ ...options, platform })});\n`;
}

/**
 * A vite plugin for the dev server only: index.html gets the simulated wrapper of `platform` (with its visible
 * message log) as its first script, so the bridge exists before the app looks for it. Never in a build.
 */
export function simulatedWrapperPlugin(platform) {
  return {
    name: 'droplane-simulated-wrapper',
    apply: 'serve',
    transformIndexHtml() {
      if (!platform) return [];
      return [
        {
          tag: 'script',
          children: simulatedWrapperScript(platform, { showLog: true }),
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
