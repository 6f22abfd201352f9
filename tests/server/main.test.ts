/**
 * The real process: banner, demo sign-in over HTTP, clean exit on SIGTERM; and the bundle `npm start` runs (issue
 * 48), built into a temporary folder and started with plain Node. With TEST_DATABASE_URL the processes run on a
 * PostgreSQL database of this file's (DATABASE_URL), else on SQLite.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BANNER_END = /^Database: .*$/m;

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
const started: ChildProcess[] = [];

/** The server from its TypeScript sources, as `npm run dev` and the other tests run it. */
const FROM_SOURCES = ['--import', 'tsx', 'src-server/main.ts'];

function start(env: Record<string, string>, program = FROM_SOURCES, cwd = ROOT): Running {
  const clean = { ...process.env };
  // The test decides every setting that changes what the server does.
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'JWT_SECRET', 'DISPATCH_TOKEN', 'SEED', 'PORT', 'HOST'])
    delete clean[name];
  const child = spawn(process.execPath, program, {
    cwd,
    env: {
      ...clean,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-dist'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => text, exited };
}

async function banner(run: Running, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!BANNER_END.test(run.output())) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`no banner within ${timeoutMs} ms:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return run.output();
}

const urlOf = (text: string) => /running at (http:\/\/\S+)/.exec(text)?.[1];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'droplane-main-'));
  postgres = await createPostgresDatabase();
});
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Each test starts one or two real processes (tsx compiles the server first): slow on a loaded machine.
describe('src-server/main.ts', { timeout: 60_000 }, () => {
  it('seeds an empty database, prints the banner, serves, and exits 0 on SIGTERM', async () => {
    const run = start({});
    const text = await banner(run);
    const url = urlOf(text);
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(url).not.toMatch(/:0$/);
    expect(text).toContain('driver@example.com / demo-password');
    expect(text).toMatch(new RegExp(`${url}/\\?projectId=\\d+&routeId=\\d+&token=[\\w.-]+`));
    expect(text).toMatch(/Dispatcher token: dsp_[\w-]+/);
    expect(text).toContain(`API reference: ${url}/docs/api`);
    expect(text).toContain(postgres ? 'Database: PostgreSQL (DATABASE_URL)' : join(dataDir, 'droplane.sqlite'));

    const port = new URL(url!).port;
    const res = await fetch(`http://127.0.0.1:${port}/v1/drivers/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'driver@example.com', password: 'demo-password' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('accessToken');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('does not seed again on a restart but still prints the sign-ins and a working link', async () => {
    const run = start({});
    const text = await banner(run);
    expect(text).not.toContain('Demo data seeded');
    expect(text).toContain('driver@example.com / demo-password');
    // The restart signs a fresh token for the stored demo link; it opens that route.
    const link = new URL(/(http:\/\/\S+\?projectId=\S+)/.exec(text)![1]!);
    const routeId = link.searchParams.get('routeId');
    const res = await fetch(`http://127.0.0.1:${link.port}/v1/projects/routes/${routeId}`, {
      headers: { authorization: `Bearer ${link.searchParams.get('token')}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: Number(routeId) });
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('explains a port in use and exits 1', async () => {
    const first = start({});
    const port = new URL(urlOf(await banner(first))!).port;
    const second = start({ PORT: port });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(new RegExp(`port ${port} .*already in use`));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  // Several processes behind a load balancer start together on one empty database: one seeds, the others wait for
  // its commit and find the data; all of them take tokens signed by any other (the secrets are the database's).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'seeds once when two processes start at once on one PostgreSQL database',
    async () => {
      const fresh = (await createPostgresDatabase())!;
      try {
        const otherDir = mkdtempSync(join(tmpdir(), 'droplane-main-'));
        const runs = [
          start({ DATABASE_URL: fresh.url }),
          start({ DATABASE_URL: fresh.url, DATA_DIR: otherDir, STATIC_DIR: join(otherDir, 'no-dist') }),
        ];
        const texts = await Promise.all(runs.map((run) => banner(run, 30_000)));
        expect(texts.filter((text) => text.includes('Demo data seeded'))).toHaveLength(1);
        const tokens = texts.map((text) => /Dispatcher token: (\S+)/.exec(text)?.[1]);
        expect(tokens[0]).toBeTruthy();
        expect(tokens[1]).toBe(tokens[0]);
        const [a, b] = texts.map((text) => new URL(urlOf(text)!).port);
        const signIn = await fetch(`http://127.0.0.1:${a}/v1/drivers/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'driver@example.com', password: 'demo-password' }),
        });
        const { accessToken } = (await signIn.json()) as { accessToken: string };
        const routes = await fetch(`http://127.0.0.1:${b}/v1/projects/routes`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(routes.status).toBe(200);
        for (const run of runs) run.child.kill('SIGTERM');
        expect(await Promise.all(runs.map((run) => run.exited))).toEqual([0, 0]);
        rmSync(otherDir, { recursive: true, force: true });
      } finally {
        await fresh.drop();
      }
    },
  );
});

describe('the production bundle (issue 48)', { timeout: 60_000 }, () => {
  let outDir: string;

  beforeAll(async () => {
    // A folder outside the project, with the project's packages beside it: the bundle leaves them as imports.
    outDir = mkdtempSync(join(tmpdir(), 'droplane-bundle-'));
    symlinkSync(join(ROOT, 'node_modules'), join(outDir, 'node_modules'), 'dir');
    await promisify(execFile)(process.execPath, ['scripts/server-build.mjs', outDir], { cwd: ROOT });
  }, 60_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('starts with plain Node (no TypeScript loader), answers, and runs the dispatcher CLI', async () => {
    for (const program of ['main.js', 'dispatch.js'])
      expect(readFileSync(join(outDir, program), 'utf8')).not.toMatch(/from ["']tsx|\.ts["']\)/);
    const bundleData = mkdtempSync(join(tmpdir(), 'droplane-main-'));
    try {
      const env = { DATA_DIR: bundleData, STATIC_DIR: join(bundleData, 'no-dist') };
      const run = start(env, ['--enable-source-maps', join(outDir, 'main.js')], outDir);
      const text = await banner(run);
      const port = new URL(urlOf(text)!).port;
      const res = await fetch(`http://127.0.0.1:${port}/v1/drivers/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'driver@example.com', password: 'demo-password' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveProperty('accessToken');

      const token = /Dispatcher token: (\S+)/.exec(text)![1]!;
      const cli = await promisify(execFile)(process.execPath, [join(outDir, 'dispatch.js'), 'orgs', '--json'], {
        cwd: outDir,
        env: { ...process.env, DISPATCH_URL: `http://127.0.0.1:${port}`, DISPATCH_TOKEN: token },
      });
      expect(JSON.parse(cli.stdout)).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Demo Logistics' })]),
      );

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      rmSync(bundleData, { recursive: true, force: true });
    }
  });
});
