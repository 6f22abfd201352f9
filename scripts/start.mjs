#!/usr/bin/env node
/**
 * `npm start`: builds the app when dist/ is missing or older than its sources, and the server's bundle when
 * dist-server/ is (scripts/server-build.mjs), then runs the bundled server (plain Node, no TypeScript compiler) in a
 * child process, passing signals on and exiting with the server's exit code.
 */
import { resolve } from 'node:path';
import { buildIfStale, root, runNode } from './app-build.mjs';
import { buildServerIfStale, serverCommand } from './server-build.mjs';

const staticDir = resolve(root, process.env.STATIC_DIR || 'dist');

let code;
try {
  code = await buildIfStale(staticDir);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
if (code !== 0) {
  console.error('The app build failed (see above); the server was not started.');
  process.exit(code);
}

try {
  await buildServerIfStale(undefined, { log: console.log });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error('The server build failed; the server was not started.');
  process.exit(1);
}

process.exit(await runNode(serverCommand('main'), 'The server'));
