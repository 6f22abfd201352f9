#!/usr/bin/env node
/**
 * `npm start`: builds the app when dist/ is missing or older than its sources, then runs the server in a child
 * process (Node with tsx's loader), passing signals on and exiting with the server's exit code.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = resolve(root, process.env.STATIC_DIR || 'dist');
const SOURCES = ['index.html', 'vite.config.ts', 'src-ui', 'src-shared', 'src-worker', 'public'];

/** Newest modification time under a file or folder; 0 when it does not exist. */
function newestMtime(path) {
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

function run(args, label) {
  return new Promise((resolveExit) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
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
      // A child killed by a signal exits as a shell would report it: 128 + the signal's number.
      resolveExit(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  });
}

const builtAt = newestMtime(join(staticDir, 'index.html'));
const sourcesAt = Math.max(...SOURCES.map((name) => newestMtime(join(root, name))));
if (builtAt === 0 || builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? 'Building the app (first start)...' : 'Sources changed since the last build: rebuilding the app...',
  );
  let vite;
  try {
    vite = JSON.parse(readFileSync(join(root, 'node_modules/vite/package.json'), 'utf8'));
  } catch {
    console.error('vite is not installed, so the app cannot be built: run `npm install` first.');
    process.exit(1);
  }
  const code = await run([join(root, 'node_modules/vite', vite.bin.vite), 'build', '--outDir', staticDir], 'vite');
  if (code !== 0) {
    console.error('The app build failed (see above); the server was not started.');
    process.exit(code);
  }
}

process.exit(await run(['--import', 'tsx', join(root, 'src-server/main.ts')], 'The server'));
