#!/usr/bin/env node
/**
 * `npm start`: builds the app when dist/ is missing or older than its sources, then runs the server in a child
 * process (Node with tsx's loader), passing signals on and exiting with the server's exit code.
 */
import { join, resolve } from 'node:path';
import { buildIfStale, root, runNode } from './app-build.mjs';

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

process.exit(await runNode(['--import', 'tsx', join(root, 'src-server/main.ts')], 'The server'));
