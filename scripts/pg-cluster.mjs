#!/usr/bin/env node
/**
 * A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, started on a free local port, stopped
 * and deleted at the end. Used by `npm test` (scripts/test.mjs), the two-process browser test's global setup and
 * `npm run bench:server`; .ci/run installs Debian's postgresql so it is there.
 *
 *   node scripts/pg-cluster.mjs -- npx vitest run tests/server   runs the command with TEST_DATABASE_URL set
 *   node scripts/pg-cluster.mjs                                   starts one, prints its URL, stops on Ctrl-C
 *
 * PostgreSQL refuses to run as root, and machines here run as root: then every PostgreSQL program runs as the
 * `postgres` user (runuser), which owns the temporary folder. The cluster trusts local connections and does not
 * fsync: it holds test data only.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** PG_BIN, else the newest of Debian's /usr/lib/postgresql/N/bin, else pg_config's; null when none has initdb. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^[0-9]+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch {
    // No pg_config on the PATH.
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

/** A TCP port on 127.0.0.1 that nothing listens on now (the bench's server processes take them too). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const asRoot = () => userInfo().uid === 0;

/** Runs a PostgreSQL program, as the postgres user when we are root; throws with its output when it fails. */
function run(bin, program, args) {
  const file = join(bin, program);
  const [command, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', cwd: tmpdir() });
  if (result.status !== 0)
    throw new Error(
      `${program} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`,
    );
}

/**
 * Starts a cluster; resolves with its superuser URL (postgres://postgres@127.0.0.1:PORT/postgres) and `stop()`.
 * Throws when PostgreSQL is not installed (findPostgresBin() tells beforehand).
 */
export async function startCluster({ maxConnections = 300 } = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb found; apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'droplane-pg-'));
  if (asRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      try {
        run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        console.error(error.message);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    // A port can be taken between asking and binding (another run did the same): try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses='127.0.0.1'",
        `-c max_connections=${maxConnections}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c shared_buffers=64MB',
      ].join(' ');
      try {
        run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
        started = true;
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const separator = process.argv.indexOf('--');
  const command = separator >= 0 ? process.argv.slice(separator + 1) : [];
  const cluster = await startCluster();
  const stopAndExit = async (code) => {
    await cluster.stop();
    process.exit(code);
  };
  if (command.length === 0) {
    console.log(`PostgreSQL is running: ${cluster.url}\nCtrl-C stops it and deletes its data.`);
    process.on('SIGINT', () => stopAndExit(0));
    process.on('SIGTERM', () => stopAndExit(0));
    return;
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  });
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => stopAndExit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
