/**
 * Starts the real server in-process on a free port with a temporary database, and talks to it over real HTTP.
 * Every server test uses this; nothing is mocked.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, buildServer, type Server } from '../../src-server/app.ts';
import { type Config, loadConfig } from '../../src-server/config.ts';

export interface TestServer {
  server: Server;
  config: Config;
  /** The PostgreSQL database's URL; null on SQLite. */
  databaseUrl: string | null;
  /** http://127.0.0.1:PORT */
  url: string;
  /** ws://127.0.0.1:PORT */
  wsUrl: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<Answer<T>>;
  dispatch<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, not as JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface StartOptions extends BuildOptions {
  env?: Record<string, string>;
  /**
   * Another server's PostgreSQL database to share (two server processes on one database); that server drops it on
   * its close, so close this one first.
   */
  sameDatabaseAs?: TestServer;
  /** A PostgreSQL database made by the test (createPostgresDatabase); the test drops it. */
  databaseUrl?: string;
}

/**
 * With TEST_DATABASE_URL=postgres://... (a superuser's URL: scripts/pg-cluster.mjs) every test server gets a fresh
 * PostgreSQL database of its own (dropped on close), so the whole suite also runs on PostgreSQL. Unset: SQLite in a
 * temporary folder, and this answers null.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const { default: pg } = await import('pg');
  const name = `droplane_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'droplane-test-'));
  const given = options.databaseUrl ?? options.sameDatabaseAs?.databaseUrl ?? null;
  if (options.sameDatabaseAs && !given) throw new Error('sameDatabaseAs needs a server on PostgreSQL');
  const postgres = given ? null : await createPostgresDatabase();
  const databaseUrl = given ?? postgres?.url ?? null;
  const config = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    PORT: '0',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    SIGNIN_RATE_LIMIT: '0',
    STATIC_DIR: join(dataDir, 'no-dist'),
    // The organisations plan in the zone the tests compute their expectations in (the process's), unless a test
    // asks for another (see time-zones.test.ts).
    TIME_ZONE: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...options.env,
  });
  const { env: _env, sameDatabaseAs: _shared, databaseUrl: _url, ...build } = options;
  const server = await buildServer(config, { logger: false, ...build });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  return {
    server,
    config,
    databaseUrl,
    url,
    wsUrl: url.replace('http', 'ws'),
    request,
    dispatch: (method, path, body) => request(method, path, { token: config.dispatchToken, body }),
    async close() {
      await server.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
