#!/usr/bin/env node
/**
 * Issue 48: the server runs as JavaScript bundled at build time, not through a TypeScript loader at every start.
 * esbuild bundles src-server (and the src-shared code it imports) into dist-server/: main.js (the server process) and
 * dispatch.js (the dispatcher CLI), ES modules for Node with every npm package left as an import of node_modules, so
 * native modules (better-sqlite3, argon2) and the packages' own files load as they do in development.
 *
 * `node scripts/server-build.mjs [outDir]` builds (`npm run build:server`, part of `npm run build`);
 * `npm start`, `npm run server` and `npm run dispatch` build only when the bundle is missing or older than its
 * sources (buildServerIfStale). esbuild is a development dependency, imported only when a build is needed, so a
 * deployment that built once runs without it.
 */
import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime, root } from './app-build.mjs';

const SERVER_OUT_DIR = join(root, 'dist-server');

const NO_ESBUILD = 'esbuild is not installed, so the server cannot be built: run `npm install` first.';

/** The bundle's programs: output name -> source. */
const ENTRIES = { main: 'src-server/main.ts', dispatch: 'src-server/cli/dispatch.ts' };

/** What the bundle is made from: a change to any of these makes dist-server/ stale. */
const SERVER_SOURCES = ['src-server', 'src-shared', 'scripts/server-build.mjs'];

/** 'missing' when a program of the bundle is not in outDir, 'stale' when a source is newer, null when fresh. */
function serverBuildState(outDir) {
  let builtAt = Number.POSITIVE_INFINITY;
  for (const name of Object.keys(ENTRIES)) {
    try {
      builtAt = Math.min(builtAt, statSync(join(outDir, `${name}.js`)).mtimeMs);
    } catch {
      return 'missing';
    }
  }
  const sourcesAt = Math.max(...SERVER_SOURCES.map((name) => newestMtime(join(root, name))));
  return builtAt < sourcesAt ? 'stale' : null;
}

/** Bundles the server's programs into outDir (replacing what is there); throws with esbuild's messages on an error. */
async function buildServerBundle(outDir = SERVER_OUT_DIR) {
  const esbuild = await import('esbuild').catch(() => null);
  if (!esbuild) throw new Error(NO_ESBUILD);
  const { outputFiles } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, join(root, source)])),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // npm packages stay imports, resolved from the project's node_modules at run time (outDir sits in the project).
    packages: 'external',
    // Stack traces in the log name the TypeScript files (the programs run with --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // Each file is written beside its place and renamed into it: processes started together (several `npm run
  // server` at once) may each rebuild, and none may load a half-written file.
  mkdirSync(outDir, { recursive: true });
  for (const file of outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

/**
 * Builds into outDir unless the bundle there is fresh; log says why it builds (stderr by default, so a CLI's own
 * output stays clean).
 */
export async function buildServerIfStale(outDir = SERVER_OUT_DIR, { log = console.error } = {}) {
  const state = serverBuildState(outDir);
  if (state === null) return;
  log(
    state === 'missing' ? 'Building the server (first start)...' : 'Server sources changed: rebuilding the server...',
  );
  try {
    await buildServerBundle(outDir);
  } catch (error) {
    // An install without development dependencies (npm ci --omit=dev after `npm run build`) runs the bundle it has.
    if (state !== 'stale' || !(error instanceof Error) || error.message !== NO_ESBUILD) throw error;
    log('esbuild is not installed (a production install?): running the server as last built.');
  }
}

/** The command that runs one of the bundle's programs (main or dispatch) with Node. */
export const serverCommand = (program, outDir = SERVER_OUT_DIR) => [
  '--enable-source-maps',
  join(outDir, `${program}.js`),
];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? SERVER_OUT_DIR);
  try {
    await buildServerBundle(outDir);
    console.log(`Server built into ${outDir}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
