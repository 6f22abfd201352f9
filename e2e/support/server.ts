/**
 * The real server for browser tests: `node --import tsx src-server/main.ts` in a child process, on a free port,
 * with a fresh temporary DATA_DIR seeded with the demo data, serving the built app from dist/. Nothing is mocked.
 * Each worker starts one that its tests share (fixtures.ts, `sharedServer`); a test that needs pristine data asks for
 * its own (`test.use({ freshServer: true })`), or calls startAppServer() itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The build the server serves; the global setup keeps it fresh. */
export const DIST = join(ROOT, 'dist');

export interface AppServer {
  /** http://localhost:PORT: the server's public URL (also the origin allowed to open the socket). */
  url: string;
  /** The dispatcher API's bearer token (set explicitly, so tests never read secrets.json). */
  dispatchToken: string;
  /** The demo's shared link (opens one of today's routes without signing in), as the banner prints it. */
  sharedLink: string | null;
  /** The temporary data folder (SQLite database, generated secrets); removed by stop(). */
  dataDir: string;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period) and removes the data folder. */
  stop(): Promise<void>;
}

export interface StartAppServerOptions {
  /** Extra or overriding environment for the server, e.g. { SEED: 'none' } or { ACCESS_TOKEN_TTL: '5' }. */
  env?: Record<string, string>;
  /** The built app to serve; default dist/. */
  staticDir?: string;
  /** How long to wait for the banner; default 30 s. */
  timeoutMs?: number;
}

/** Settings the harness decides: inherited values would change what the server does. */
const DECIDED = [
  'DATABASE_URL',
  'PUBLIC_URL',
  'JWT_SECRET',
  'DISPATCH_TOKEN',
  'SEED',
  'PORT',
  'HOST',
  'DATA_DIR',
  'STATIC_DIR',
  'OSRM_URL',
  'MAP_STYLE_LIGHT',
  'MAP_STYLE_DARK',
  'MAP_STYLE_STANDARD',
  'TRACE_URL',
  'SIGNIN_RATE_LIMIT',
  'LOG_LEVEL',
  'TIME_ZONE',
];
/** The banner's last line: once printed, the server listens and the demo is seeded. */
const BANNER_END = /^Database: .*$/m;
const STOP_GRACE_MS = 10_000;

const running = new Set<ChildProcess>();
// A test run that ends abruptly must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startAppServer(options: StartAppServerOptions = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'droplane-e2e-'));
  const dispatchToken = `dsp_e2e_${randomBytes(16).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of DECIDED) delete env[name];
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED: 'demo',
    STATIC_DIR: options.staticDir ?? DIST,
    DISPATCH_TOKEN: dispatchToken,
    SIGNIN_RATE_LIMIT: '0',
    // Many tests type a wrong password on the shared demo accounts; the per-email delay has its own server tests.
    SIGNIN_FREE_FAILURES: '1000',
    LOG_LEVEL: 'warn',
    // The demo is seeded relative to today in the runner's zone, the day support/app.ts's dayFrom() computes.
    // TZ is passed through (the runner's, or a test's serverEnv), so a test can run the server on UTC.
    TIME_ZONE: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...options.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  exited.then(() => running.delete(child));

  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  while (!BANNER_END.test(output)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The app server exited before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The app server printed no banner within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) {
    await stop();
    throw new Error(`The app server's banner names no URL:\n${output}`);
  }
  const sharedLink = /^Shared link .*\n\s+(http:\/\/\S+)/m.exec(output)?.[1] ?? null;
  // After the banner only warnings and errors come (LOG_LEVEL=warn): show them in the test run's output.
  child.stdout.off('data', collect);
  child.stderr.off('data', collect);
  // Its shutdown message is no news.
  child.stdout.on('data', (chunk: Buffer) => stopping || process.stdout.write(`[app server] ${chunk}`));
  child.stderr.on('data', (chunk: Buffer) => stopping || process.stderr.write(`[app server] ${chunk}`));
  return { url, dispatchToken, sharedLink, dataDir, stop };
}
