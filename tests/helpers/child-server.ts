/**
 * The real server in a child process (`node --import tsx src-server/main.ts`) on a data folder the caller keeps,
 * so it can be killed with SIGKILL and started again on the same database: what the durability test needs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
/** The banner's last line: the server listens and the database is open. */
const BANNER_END = /^Database: .*$/m;

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Resolves once the process is gone. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startChildServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: process.env.TZ ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'none',
      STATIC_DIR: resolve(dataDir, 'no-dist'),
      SIGNIN_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      TIME_ZONE: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const deadline = Date.now() + 30_000;
  while (!BANNER_END.test(output)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no banner within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`no URL in the banner:\n${output}`);
  return {
    url: url.replace('localhost', '127.0.0.1'),
    child,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
