#!/usr/bin/env node
/**
 * `npm run server` (`node scripts/run-server.mjs main`) and `npm run dispatch` (`... dispatch`): builds the server
 * bundle when it is missing or stale (scripts/server-build.mjs), then runs that program of it with the remaining
 * arguments, passing signals on and exiting with its exit code. No TypeScript is compiled at run time.
 */
import { runNode } from './app-build.mjs';
import { buildServerIfStale, serverCommand } from './server-build.mjs';

const [program, ...args] = process.argv.slice(2);
if (program !== 'main' && program !== 'dispatch') {
  console.error('usage: node scripts/run-server.mjs main|dispatch [arguments]');
  process.exit(2);
}
try {
  await buildServerIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
process.exit(await runNode([...serverCommand(program), ...args], program === 'main' ? 'The server' : 'The CLI'));
