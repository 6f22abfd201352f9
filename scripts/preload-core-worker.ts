/**
 * A Vite build plugin: index.html asks for the core's worker script itself, beside the main module, so a cold
 * start downloads both at once instead of the worker's script one round trip after the main module has evaluated
 * (issue 20). The entry's `new Worker(new URL("/assets/core-….js", import.meta.url))` then finds the script in
 * the HTTP cache (our assets are immutable), or waits for the download already under way.
 *
 * `modulepreload` and not `preload as=worker`: Chromium has no preload for worker destinations; a module preload
 * fetches the same URL with the same credentials, and the document only parses it (it never runs it).
 */
import type { Plugin } from 'vite';

/** `new Worker(new URL("/assets/x.js", ...` in any of the quotes Vite writes. */
const WORKER_URL = /new\s+Worker\(\s*new\s+URL\(\s*[`'"](\/assets\/[^`'"]+\.js)[`'"]/g;

/** The worker scripts an entry chunk starts, from its code. */
export function workerScriptsIn(code: string): string[] {
  return [...new Set([...code.matchAll(WORKER_URL)].map((m) => m[1]!))];
}

export function preloadCoreWorker(): Plugin {
  return {
    name: 'droplane:preload-core-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entries = Object.values(ctx.bundle ?? {}).filter((out) => out.type === 'chunk' && out.isEntry);
        const scripts = entries.flatMap((chunk) => (chunk.type === 'chunk' ? workerScriptsIn(chunk.code) : []));
        // A build without a worker (none today) simply has nothing to preload; e2e/boot-preload.spec.ts is what
        // notices when the app's own build loses it.
        if (scripts.length === 0) console.warn('preload-core-worker: the entry starts no worker, nothing to preload');
        return scripts.map((href) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
