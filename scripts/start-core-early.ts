/**
 * A Vite build plugin: index.html starts the core's worker itself, beside the main module, instead of the main
 * module starting it once React and the first screen have downloaded and evaluated (issue 20: on the low-end
 * profile that was a round trip and a 100–300 ms long task later).
 *
 * - The build has a second entry, src-ui/start-core.ts (vite.config.ts `input`): a few hundred bytes that start
 *   the worker. The plugin puts it into the HTML as a module script ahead of the main one, so it runs first, before
 *   the main module's 100–300 ms evaluation (not `async`: Chromium ran an async one only after the main module); the
 *   main module's connect.ts then takes the same worker (src-ui/bridge/core-worker.ts).
 * - The worker's own script is preloaded from the HTML too (`modulepreload`: Chromium has no preload for worker
 *   destinations; a module preload fetches the same URL with the same credentials and only parses it), so it is
 *   on its way from the first round trip and `new Worker` finds it in the HTTP cache or the download under way.
 */
import type { Plugin } from 'vite';

/** The entry (vite.config.ts `input`) that starts the worker. */
export const START_CORE_ENTRY = 'start-core';

/** `new Worker(new URL("/assets/x.js", ...` in any of the quotes Vite writes. */
const WORKER_URL = /new\s+Worker\(\s*new\s+URL\(\s*[`'"](\/assets\/[^`'"]+\.js)[`'"]/g;

/** The worker scripts a chunk starts, from its code. */
export function workerScriptsIn(code: string): string[] {
  return [...new Set([...code.matchAll(WORKER_URL)].map((m) => m[1]!))];
}

export function startCoreEarly(): Plugin {
  return {
    name: 'droplane:start-core-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((out) => (out.type === 'chunk' ? [out] : []));
        const start = chunks.find((chunk) => chunk.isEntry && chunk.name === START_CORE_ENTRY);
        // The worker is started by a chunk the start entry imports (shared with the main entry's connect.ts).
        const scripts = [...new Set(chunks.flatMap((chunk) => workerScriptsIn(chunk.code)))];
        // Without them the app still starts (connect.ts starts the worker); e2e/boot-preload.spec.ts is what
        // notices when the build loses the early start.
        if (!start) console.warn(`start-core-early: no "${START_CORE_ENTRY}" entry, the main module starts the worker`);
        if (scripts.length === 0) console.warn('start-core-early: no chunk starts a worker, nothing to preload');
        return [
          ...(start
            ? [
                {
                  tag: 'script',
                  attrs: { type: 'module', crossorigin: true, src: `/${start.fileName}` },
                  injectTo: 'head-prepend' as const,
                },
                // Vite preloads what the main entry shares with it; what it does not, this does.
                ...start.imports
                  .filter((file) => !html.includes(`/${file}"`))
                  .map((file) => ({
                    tag: 'link',
                    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
                    injectTo: 'head-prepend' as const,
                  })),
              ]
            : []),
          ...scripts.map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
