/**
 * The server process: read the environment, open the database, seed the demo into an empty one, listen, and say
 * where everything is. SIGTERM and SIGINT close it cleanly (in-flight requests finish, sockets close, the
 * database closes) and exit 0.
 */
import { join } from 'node:path';
import { buildServer, type Server } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { OPENAPI_PATH, REFERENCE_PATH } from './http/openapi.ts';
import { seedDemo } from './seed/demo.ts';
import { type DemoSummary, demoSummary } from './seed/summary.ts';

/**
 * One Ctrl+C can arrive several times within milliseconds: from the terminal, forwarded by npm and by
 * scripts/start.mjs. Only a signal later than this counts as "again" and forces the exit.
 */
const REPEAT_SIGNAL_MS = 1000;

function fail(message: string): never {
  process.stderr.write(`\nDroplane could not start: ${message}\n`);
  process.exit(1);
}

function explain(error: unknown, config: Config | null): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE' && config)
    return `port ${config.port} on ${config.host} is already in use. Stop the other server or set PORT to another port.`;
  if (code === 'EACCES' && config) return `no permission to listen on port ${config.port}. Use a port above 1023.`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function banner(config: Config, port: number, summary: DemoSummary, seeded: boolean): string {
  const lines = ['', `Droplane is running at ${config.publicUrl}`];
  // Behind a proxy or vite's dev server the public URL is not where this process listens: say both.
  if (config.publicUrl !== `http://localhost:${port}`) lines.push(`  (this server listens on ${config.host}:${port})`);
  lines.push(`API reference: ${config.publicUrl}${REFERENCE_PATH}  (document: ${config.publicUrl}${OPENAPI_PATH})`, '');
  if (summary.signIns.length > 0) {
    lines.push(seeded ? 'Demo data seeded. Demo sign-ins:' : 'Demo sign-ins:');
    for (const s of summary.signIns) lines.push(`  ${s.email} / ${s.password}  (${s.organisation}: ${s.purpose})`);
    lines.push('');
  }
  if (summary.sharedLink)
    lines.push('Shared link (opens one route without signing in):', `  ${summary.sharedLink.url}`, '');
  lines.push(
    `Dispatcher token: ${config.dispatchToken}`,
    '  (npm run dispatch -- help)',
    '',
    config.databaseUrl
      ? `Database: PostgreSQL (DATABASE_URL), data folder ${config.dataDir}`
      : `Database: ${join(config.dataDir, 'droplane.sqlite')} (DATA_DIR=${config.dataDir})`,
    '',
  );
  return lines.join('\n');
}

function handleSignals(server: Server): void {
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (firstSignalAt !== 0) {
      if (now - firstSignalAt < REPEAT_SIGNAL_MS) return;
      process.stderr.write(`${signal} again: exiting without waiting.\n`);
      process.exit(1);
    }
    firstSignalAt = now;
    process.stderr.write(`${signal}: shutting down (send it again to force)...\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${explain(error, null)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // A bad setting: its message names the variable, and a stack would only bury it.
    fail(error instanceof Error ? error.message : String(error));
  }

  let server: Server;
  try {
    server = await buildServer(config);
  } catch (error) {
    fail(`the server could not be set up (database, migrations or plugins): ${explain(error, null)}`);
  }
  handleSignals(server);

  let seeded = false;
  try {
    // Before listening, so the first request already sees the demo.
    if (config.seed === 'demo') seeded = (await seedDemo(server.ctx)) !== null;
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await server.close().catch(() => {});
    fail(explain(error, config));
  }

  const address = server.app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  if (config.port === 0 && !process.env.PUBLIC_URL) {
    // PORT=0 asks the system for a free port; the URLs derived from the port (public, support, terms and
    // privacy URLs) follow the port it gave. Config is shared by reference, so the routes see the change.
    // The secrets stay: on PostgreSQL they may be the database's shared ones (db/shared-secrets.ts).
    const { jwtSecret, dispatchToken } = config;
    Object.assign(config, loadConfig({ ...process.env, PORT: String(port) }), { jwtSecret, dispatchToken });
  }
  // Also after a restart: it lists only the demo accounts this database really has.
  const summary = await demoSummary(server.ctx);
  process.stdout.write(banner(config, port, summary, seeded));
}

main().catch((error: unknown) => fail(explain(error, null)));
