/**
 * A Vite build plugin: what index.html starts before any module has run (issue 20: on the low-end profile the main
 * module's download and evaluation cost a round trip and a 100–300 ms long task, and everything it started waited
 * behind them).
 *
 * - An early classic script, inline and first in the head: src-ui/platform/early-start.ts serialised with this
 *   build's facts (the worker's script, each route screen's files, each language's route strings). It starts the
 *   core's worker and, on a route screen's path, preloads that screen's code and strings. Classic because Chromium
 *   runs that at once; a module script waited for the main module (early-start.ts says more). Inline (about 2 KB,
 *   under 1 KB compressed) because as a file of its own it held the parser for a round trip on every cold load, and
 *   the first paint with it (issue 32). The server's Content-Security-Policy allows it by its hash
 *   (src-server/http/page-scripts.ts).
 * - The worker's own script is preloaded from the HTML (`modulepreload`: Chromium has no preload for worker
 *   destinations; a module preload fetches the same URL with the same credentials and only parses it), so on a cold
 *   start it is on its way from the first round trip and `new Worker` finds it in the HTTP cache.
 */
import type { Plugin, Rollup } from 'vite';
import { CORE_WORKER_NAMES } from '../src-shared/api/core-worker-name.ts';
import { LANGUAGES, type Language } from '../src-shared/domain/settings.ts';
import {
  EARLY_SUBMIT_LISTENER,
  EARLY_SUBMIT_PRESSED,
  FIRST_PAINT_ATTRIBUTE,
} from '../src-shared/protocol/first-paint.ts';
import type { RouteScreenKind, ScreenCodeFiles } from '../src-ui/app/first-screen.ts';
import { PATHS } from '../src-ui/app/paths.ts';
import { settingCookieName } from '../src-ui/platform/cookies.ts';
import { earlyStartScript } from '../src-ui/platform/early-start.ts';

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
 * Per module (`modules`: a name for each module's path), the root paths of the scripts and styles it needs beyond
 * the entries' own (which the HTML loads anyway).
 */
function codeFilesFor<K extends string>(
  chunks: readonly ChunkFacts[],
  modules: Record<K, string>,
): Record<K, { js: string[]; css: string[] }> {
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
  const names = Object.keys(modules) as K[];
  return Object.fromEntries(names.map((name) => [name, filesOf(modules[name])])) as Record<
    K,
    { js: string[]; css: string[] }
  >;
}

/** Per route screen (`screens`: its module's path), its files beyond the entries' own. */
export function screenCodeFiles(
  chunks: readonly ChunkFacts[],
  screens: Record<RouteScreenKind, string>,
): ScreenCodeFiles {
  return codeFilesFor(chunks, screens);
}

const factsOf = (chunk: Rollup.OutputChunk): ChunkFacts => ({
  fileName: chunk.fileName,
  imports: chunk.imports,
  facadeModuleId: chunk.facadeModuleId,
  isEntry: chunk.isEntry,
  css: [...(chunk.viteMetadata?.importedCss ?? [])],
});

interface EarlyScript {
  source: string;
  workers: string[];
}

/** index.html's charset declaration, which the early script follows. */
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/** The early script of a bundle. */
function earlyScriptOf(bundle: Rollup.OutputBundle, options: StartEarlyOptions): EarlyScript | null {
  const chunks = Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [out] : []));
  const workers = [...new Set(chunks.flatMap((chunk) => workerScriptsIn(chunk.code)))];
  const worker = workers.find((href) => /\/core-[\w-]+\.js$/.test(href));
  if (!worker) return null;
  const facts = chunks.map(factsOf);
  const strings = codeFilesFor(facts, options.routeStrings);
  const source = earlyStartScript({
    worker,
    workerNames: CORE_WORKER_NAMES,
    inlineBuild: process.env.VITE_CORE === 'inline',
    paths: { routes: PATHS.routes, routesClosed: PATHS.routesClosed },
    screens: screenCodeFiles(facts, options.screens),
    routeStrings: Object.fromEntries(LANGUAGES.map((language) => [language, strings[language].js])) as Record<
      Language,
      string[]
    >,
    languageCookie: settingCookieName('language'),
    themeCookie: settingCookieName('theme'),
    visibilityCookie: settingCookieName('highVisibility'),
    firstPaint: {
      attribute: FIRST_PAINT_ATTRIBUTE,
      pressedGlobal: EARLY_SUBMIT_PRESSED,
      listenerGlobal: EARLY_SUBMIT_LISTENER,
    },
  });
  return { source, workers };
}

export interface StartEarlyOptions {
  /** Each route screen's module. */
  screens: Record<RouteScreenKind, string>;
  /** Each language's route strings module (src-ui/i18n/<language>-route.ts), which every route screen waits for. */
  routeStrings: Record<Language, string>;
}

export function startEarly(options: StartEarlyOptions): Plugin {
  return {
    name: 'droplane:start-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const early = ctx.bundle ? earlyScriptOf(ctx.bundle, options) : null;
        // Without it the app still starts (connect.ts starts the worker, the screen loads its own code);
        // e2e/boot-preload.spec.ts is what notices when the build loses it.
        if (!early) {
          console.warn('start-early: no chunk starts the core worker, nothing to start early');
          return html;
        }
        // Right after the charset (which must stay within the first 1024 bytes): run before the parser reaches
        // anything else, with no request of its own.
        const withScript = html.replace(CHARSET, (meta) => `${meta}\n    <script>${early.source}</script>`);
        if (withScript === html)
          throw new Error('start-early: index.html has no <meta charset> to put the script after');
        return {
          html: withScript,
          tags: early.workers.map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}
