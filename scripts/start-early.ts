/**
 * A Vite build plugin: what index.html starts before the main module has run (issue 20: on the low-end profile the
 * main module's download and evaluation cost a round trip and a 100–300 ms long task, and everything the main
 * module started waited behind them).
 *
 * - The build has a second entry, src-ui/start-early.ts (vite.config.ts `input`), a few hundred bytes. The plugin
 *   puts it into the HTML as a module script ahead of the main one, so it runs first (not `async`: Chromium ran an
 *   async one only after the main module). It starts the core's worker (the main module's connect.ts then takes the
 *   same worker) and, on a route screen's path, preloads that screen's code.
 * - The worker's own script is preloaded from the HTML (`modulepreload`: Chromium has no preload for worker
 *   destinations; a module preload fetches the same URL with the same credentials and only parses it), so on a cold
 *   start it is on its way from the first round trip and `new Worker` finds it in the HTTP cache.
 * - `<meta name="droplane-screen-code">` names each route screen's files beyond those the HTML loads (its chunks,
 *   their static imports, their styles), which start-early.ts preloads for the screen the path opens.
 */
import type { Plugin, Rollup } from 'vite';
import { type RouteScreenKind, SCREEN_CODE_META, type ScreenCodeFiles } from '../src-ui/app/first-screen.ts';

/** The entry (vite.config.ts `input`) that the HTML runs first. */
export const START_EARLY_ENTRY = 'start-early';

/** `new Worker(new URL("/assets/x.js", ...` in any of the quotes Vite writes. */
const WORKER_URL = /new\s+Worker\(\s*new\s+URL\(\s*[`'"](\/assets\/[^`'"]+\.js)[`'"]/g;

/** The worker scripts a chunk starts, from its code. */
export function workerScriptsIn(code: string): string[] {
  return [...new Set([...code.matchAll(WORKER_URL)].map((m) => m[1]!))];
}

/** What the plugin needs of a chunk (a part of Rollup's OutputChunk, and Vite's record of its styles). */
export interface ChunkFacts {
  fileName: string;
  imports: readonly string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  css: readonly string[];
}

/** A chunk's file and those it imports statically, transitively. */
function closure(start: ChunkFacts, byFile: Map<string, ChunkFacts>): ChunkFacts[] {
  const seen = new Map<string, ChunkFacts>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) stack.push(next);
    }
  }
  return [...seen.values()];
}

/**
 * Per route screen (`screens`: its module's path), the root paths of the scripts and styles it needs beyond the
 * entries' own (which the HTML loads anyway).
 */
export function screenCodeFiles(
  chunks: readonly ChunkFacts[],
  screens: Record<RouteScreenKind, string>,
): ScreenCodeFiles {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => closure(c, byFile).map((f) => f.fileName)));
  const filesOf = (moduleId: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === moduleId);
    if (!chunk) return { js: [], css: [] };
    const needed = closure(chunk, byFile).filter((c) => !loaded.has(c.fileName));
    return {
      js: needed.map((c) => `/${c.fileName}`),
      css: [...new Set(needed.flatMap((c) => c.css))].map((file) => `/${file}`),
    };
  };
  return { list: filesOf(screens.list), route: filesOf(screens.route) };
}

const factsOf = (chunk: Rollup.OutputChunk): ChunkFacts => ({
  fileName: chunk.fileName,
  imports: chunk.imports,
  facadeModuleId: chunk.facadeModuleId,
  isEntry: chunk.isEntry,
  css: [...(chunk.viteMetadata?.importedCss ?? [])],
});

export function startEarly(options: { screens: Record<RouteScreenKind, string> }): Plugin {
  return {
    name: 'droplane:start-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((out) => (out.type === 'chunk' ? [out] : []));
        const start = chunks.find((chunk) => chunk.isEntry && chunk.name === START_EARLY_ENTRY);
        // The worker is started by a chunk the start entry imports (shared with the main entry's connect.ts).
        const scripts = [...new Set(chunks.flatMap((chunk) => workerScriptsIn(chunk.code)))];
        const screens = screenCodeFiles(chunks.map(factsOf), options.screens);
        // Without them the app still starts (connect.ts starts the worker, the screen loads its own code);
        // e2e/boot-preload.spec.ts is what notices when the build loses them.
        if (!start) console.warn(`start-early: no "${START_EARLY_ENTRY}" entry, the main module starts the worker`);
        if (scripts.length === 0) console.warn('start-early: no chunk starts a worker, nothing to preload');
        if (screens.list.js.length === 0) console.warn('start-early: no route list chunk, nothing to preload');
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
          {
            tag: 'meta',
            attrs: { name: SCREEN_CODE_META, content: JSON.stringify(screens) },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}
