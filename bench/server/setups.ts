/**
 * The deployments the server benchmark compares: one process on SQLite (the default), one process on PostgreSQL,
 * and two processes on one PostgreSQL database (as behind a load balancer). Each run starts its processes on a
 * fresh database (a temporary SQLite folder, or a new database in the throw-away cluster of scripts/pg-cluster.mjs)
 * and removes it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/pg-cluster.mjs';

export const SETUP_NAMES = ['sqlite', 'postgres', 'postgres-2'] as const;
export type SetupName = (typeof SETUP_NAMES)[number];

export interface Setup {
  name: SetupName;
  /** As the tables say it. */
  label: string;
  database: 'sqlite' | 'postgres';
  processes: number;
}

export const SETUPS: Record<SetupName, Setup> = {
  sqlite: { name: 'sqlite', label: 'SQLite, 1 process', database: 'sqlite', processes: 1 },
  postgres: { name: 'postgres', label: 'PostgreSQL, 1 process', database: 'postgres', processes: 1 },
  'postgres-2': { name: 'postgres-2', label: 'PostgreSQL, 2 processes', database: 'postgres', processes: 2 },
};

export const DISPATCH_TOKEN = 'bench-dispatch-token';

export interface RunningSetup {
  /** One base URL per process, http://127.0.0.1:PORT. */
  urls: string[];
  stop(): Promise<void>;
}

async function waitForServer(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/app-config.json`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${url} did not start`);
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts the setup's processes on a fresh database; `postgresAdminUrl` is the cluster's superuser URL. */
export async function startSetup(setup: Setup, postgresAdminUrl: string | null): Promise<RunningSetup> {
  const dataDirs: string[] = [];
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (setup.database === 'postgres') {
    if (!postgresAdminUrl) throw new Error(`${setup.label} needs PostgreSQL`);
    const name = `droplane_bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(postgresAdminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(postgresAdminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
    );
    await dropDatabase();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const urls: string[] = [];
    for (let i = 0; i < setup.processes; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'droplane-bench-'));
      dataDirs.push(dataDir);
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          SEED: 'none',
          LOG_LEVEL: 'warn',
          DISPATCH_TOKEN,
          JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
          // Bench drivers hold week-long link tokens; nothing expires mid-run.
          LINK_TOKEN_TTL: '604800',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url, i) => waitForServer(url, children[i]!)));
    return { urls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
