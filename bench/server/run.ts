/**
 * `npm run bench:server [-- --drivers 2000 --seconds 60 --speed 1]`: starts the server in its own process on a
 * temporary database, sets up a simulated fleet, drives its traffic, and reports req/s and p50/p99 per call.
 * Writes bench/server-results.json and prints a markdown table.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { markdownTable, summarise } from '../stats.ts';
import { setUpFleet } from './fleet.ts';
import { HISTORY_ROUTES, setUpYearOldDriver, timeRouteList } from './history.ts';
import { createClient } from './http.ts';
import { runLoad } from './load.ts';
import { makePhotoPng, toDataUrl } from './photo.ts';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    speed: { type: 'string', default: '1' },
    'completion-every': { type: 'string', default: '300' },
  },
});
const drivers = Number(values.drivers);
const seconds = Number(values.seconds);
const speed = Number(values.speed);
const completionEvery = Number(values['completion-every']);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/app-config.json`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const dataDir = mkdtempSync(join(tmpdir(), 'droplane-bench-'));
const port = await freePort();
const dispatchToken = 'bench-dispatch-token';
const server = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    DISPATCH_TOKEN: dispatchToken,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    // Bench drivers hold week-long link tokens; nothing expires mid-run.
    LINK_TOKEN_TTL: '604800',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const baseUrl = `http://127.0.0.1:${port}`;
const client = createClient(baseUrl);

try {
  await waitForServer(baseUrl);
  console.log(`Setting up ${drivers} routes with shared links…`);
  const fleet = await setUpFleet(client, dispatchToken, drivers);
  const photos: [string, string] = [toDataUrl(makePhotoPng(800, 600, 1)), toDataUrl(makePhotoPng(800, 600, 2))];
  console.log(`Driving ${drivers} drivers for ${seconds} s at ${speed}x (completions every ${completionEvery} s)…`);
  const result = await runLoad(client, fleet, { baseUrl, seconds, speed, completionEvery, photos });
  const rows = Object.fromEntries(
    Object.entries(result.latencies).map(([name, samples]) => [
      name,
      summarise(samples, result.errors[name] ?? 0, result.seconds),
    ]),
  );
  // The route list of a driver with a year of history, on its own after the load (the server otherwise idle).
  console.log(`Route list of a driver with ${HISTORY_ROUTES} routes over a year…`);
  const historyToken = await setUpYearOldDriver(client, dispatchToken);
  await timeRouteList(client, historyToken, 20); // warm-up: the first calls compile the query plans
  const started = performance.now();
  const history = await timeRouteList(client, historyToken, 300);
  rows[`route list, year-old driver (${HISTORY_ROUTES} routes)`] = summarise(
    history,
    0,
    (performance.now() - started) / 1000,
  );
  const socket = {
    sent: result.socketSent,
    perSecond: Math.round(result.socketSent / result.seconds),
    errors: result.socketErrors,
  };
  const report = {
    drivers,
    seconds: result.seconds,
    speed,
    completionEvery,
    rows,
    socket,
    at: new Date().toISOString(),
  };
  writeFileSync('bench/server-results.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${drivers} drivers, ${speed}x time, ${Math.round(result.seconds)} s:\n`);
  console.log(markdownTable(rows));
  console.log(`\nSocket location messages: ${socket.sent} (${socket.perSecond}/s), ${socket.errors} errors`);
  const p99 = Math.max(...Object.values(rows).map((r) => r.p99));
  const failed = Object.values(rows).reduce((n, r) => n + r.errors, 0) + socket.errors;
  console.log(`\nWorst p99 ${p99} ms (target < 50 ms); ${failed} errors (target 0).`);
  process.exitCode = p99 < 50 && failed === 0 ? 0 : 1;
} finally {
  client.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
