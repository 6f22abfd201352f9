/**
 * Starts the real server in-process on a free port with a temporary database, and talks to it over real HTTP.
 * Every server test uses this; nothing is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildOptions, buildServer, type Server } from '../../src-server/app.ts';
import { type Config, loadConfig } from '../../src-server/config.ts';

export interface TestServer {
  server: Server;
  config: Config;
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
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'droplane-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    SIGNIN_RATE_LIMIT: '0',
    STATIC_DIR: join(dataDir, 'no-dist'),
    ...options.env,
  });
  const server = await buildServer(config, { logger: false, ...options });
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
    url,
    wsUrl: url.replace('http', 'ws'),
    request,
    dispatch: (method, path, body) => request(method, path, { token: config.dispatchToken, body }),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
