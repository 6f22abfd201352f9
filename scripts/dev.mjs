#!/usr/bin/env node
/**
 * `npm run dev`: the API server (restarted by tsx when server code changes) and vite's dev server together.
 * Ctrl+C stops both; when either stops on its own, the other is stopped too.
 *
 * `npm run dev -- --wrapper android` (or ios): the page runs inside a simulated native wrapper, with its message
 * log on screen (scripts/simulated-wrapper, docs/native-bridge.md).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT || '8080';
const devUrl = 'http://localhost:5173';

function wrapperArgument(argv) {
  const at = argv.findIndex((arg) => arg === '--wrapper' || arg.startsWith('--wrapper='));
  if (at === -1) return undefined;
  const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  if (value !== 'android' && value !== 'ios') {
    console.error(`--wrapper takes android or ios, not "${value ?? ''}"`);
    process.exit(2);
  }
  return value;
}
const wrapper = wrapperArgument(process.argv.slice(2));

function bin(pkg, name) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  return join(root, 'node_modules', pkg, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name]);
}

function start(args, env) {
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    // Own process groups: a terminal's Ctrl+C then reaches only this script, which passes it on once. tsx watch
    // takes a second signal as "kill -9 the server", which would skip its clean shutdown. No stdin: a process
    // outside the terminal's foreground group that reads from it is stopped by the system.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const children = [
  start([bin('tsx', 'tsx'), 'watch', '--clear-screen=false', 'src-server/main.ts'], {
    PORT: apiPort,
    // The app is opened through vite's server, so printed links point there (and its origin may open the socket).
    PUBLIC_URL: process.env.PUBLIC_URL || devUrl,
  }),
  start([bin('vite', 'vite'), '--port', '5173', '--strictPort'], {
    API_URL: `http://localhost:${apiPort}`,
    ...(wrapper ? { DROPLANE_WRAPPER: wrapper } : {}),
  }),
];

const running = () => children.filter((child) => child.exitCode === null && child.signalCode === null);
let stopping = false;
let exitCode = 0;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of running()) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
// Detached children outlive this script unless told: whatever way it ends, they end too.
process.on('exit', () => {
  for (const child of running()) child.kill('SIGTERM');
});

for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping && code !== 0) exitCode = code ?? 1;
    stopAll('SIGTERM');
    if (running().length === 0) process.exit(exitCode);
  });
}
