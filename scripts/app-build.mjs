/**
 * Builds the app when its build is missing or older than its sources. Shared by `npm start` (scripts/start.mjs)
 * and the browser tests' global setup (e2e/support/global-setup.ts), so both decide "stale" the same way.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummary, precompress } from './precompress.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the build is made from: a change to any of these makes dist/ stale. */
export const SOURCES = ['index.html', 'vite.config.ts', 'src-ui', 'src-shared', 'src-worker', 'public'];

/** Newest modification time under a file or folder; 0 when it does not exist. */
export function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** 'missing' when there is no build in staticDir, 'stale' when a source is newer, null when it is fresh. */
export function buildState(staticDir) {
  const builtAt = newestMtime(join(staticDir, 'index.html'));
  if (builtAt === 0) return 'missing';
  const sourcesAt = Math.max(...SOURCES.map((name) => newestMtime(join(root, name))));
  return builtAt < sourcesAt ? 'stale' : null;
}

/** The path of vite's command-line script; throws a readable error when vite is not installed. */
export function viteBin() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, 'node_modules/vite/package.json'), 'utf8'));
  } catch {
    throw new Error('vite is not installed, so the app cannot be built: run `npm install` first.');
  }
  return join(root, 'node_modules/vite', typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.vite);
}

/**
 * Runs a Node script in a child process with the terminal's output, passing SIGINT and SIGTERM on; resolves with
 * its exit code (a child killed by a signal exits as a shell would report it: 128 + the signal's number).
 */
export function runNode(args, label, options = {}) {
  return new Promise((resolveExit) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`${label} could not be started: ${error.message}`);
      resolveExit(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolveExit(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  });
}

/**
 * Builds into staticDir (`vite build --outDir staticDir`, then the brotli and gzip copies of scripts/precompress.mjs)
 * unless the build there is fresh. Resolves with vite's exit code (0 when nothing had to be done).
 */
export async function buildIfStale(staticDir, { log = console.log, stdio = 'inherit' } = {}) {
  const state = buildState(staticDir);
  if (state === null) return 0;
  log(
    state === 'missing'
      ? 'Building the app (first start)...'
      : 'Sources changed since the last build: rebuilding the app...',
  );
  const code = await runNode([viteBin(), 'build', '--outDir', staticDir], 'vite', { stdio });
  if (code === 0) log(formatSummary(await precompress(staticDir)));
  return code;
}
