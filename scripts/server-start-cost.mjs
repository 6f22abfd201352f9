#!/usr/bin/env node
/**
 * `node scripts/server-start-cost.mjs [--runs 5]`: what a start of the server costs, bundled (`npm start`'s
 * `node dist-server/main.js`) against from its sources through tsx (how `npm start` ran it before issue 48): the time
 * from spawning the process to the first 200 of GET /app-config.json, and the process's resident memory then. Both
 * run on one SQLite database seeded beforehand (a restart, not the first start's seeding), in alternating order;
 * prints a Markdown table of the medians with the range. tsx's compile cache is warm after the first run of it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './app-build.mjs';
import { buildServerIfStale, serverCommand } from './server-build.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const PORT = 18000 + Math.floor(Math.random() * 1000);
const KINDS = {
  'bundled (node dist-server/main.js)': serverCommand('main'),
  'from sources (node --import tsx)': ['--import', 'tsx', join(root, 'src-server/main.ts')],
};

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function startOnce(args, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((done) => child.on('exit', done));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/app-config.json`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, rss: rssMb(child.pid) };
      await new Promise((wait) => setTimeout(wait, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cell = (xs, digits) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

await buildServerIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'droplane-start-cost-'));
try {
  await startOnce(KINDS['bundled (node dist-server/main.js)'], dataDir); // seeds the demo
  await startOnce(KINDS['from sources (node --import tsx)'], dataDir); // fills tsx's cache
  const samples = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, []]));
  for (let i = 0; i < runs; i++)
    for (const [kind, args] of Object.entries(KINDS)) samples[kind].push(await startOnce(args, dataDir));
  console.log(`Node ${process.version}, ${runs} runs each, median (range)\n`);
  console.log('| Server start | To the first 200, ms | Resident memory then, MB |');
  console.log('| --- | --- | --- |');
  for (const [kind, list] of Object.entries(samples))
    console.log(
      `| ${kind} | ${cell(
        list.map((s) => s.ms),
        0,
      )} | ${cell(
        list.map((s) => s.rss),
        1,
      )} |`,
    );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
