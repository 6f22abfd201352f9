/**
 * `npm run dispatch -- <command> [args]`: the dispatcher API for a person at a terminal.
 * Server from DISPATCH_URL (default http://localhost:$PORT, PORT default 8080); token from DISPATCH_TOKEN, else
 * from $DATA_DIR/secrets.json (DATA_DIR default ./data), which the server writes on first start.
 * Exit codes: 0 done, 1 the server refused or could not be reached, 2 usage error.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DispatchRouteDetail, DispatchRouteSummary } from '../../src-shared/protocol/dispatch.ts';
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import type { ApiError } from '../../src-shared/protocol/http.ts';
import { type CliCommand, parseArgs, usage } from './args.ts';
import { driversTable, organisationsTable, routesTable } from './format.ts';
import { UsageError } from './keys.ts';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

type Env = Record<string, string | undefined>;

const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  async readStdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** Any failure that should end the command with exit code 1 and this message. */
class CliFailure extends Error {}

async function dispatcherToken(env: Env): Promise<string> {
  if (env.DISPATCH_TOKEN) return env.DISPATCH_TOKEN;
  const file = join(resolve(env.DATA_DIR || './data'), 'secrets.json');
  try {
    const token = (JSON.parse(await readFile(file, 'utf8')) as { dispatchToken?: unknown }).dispatchToken;
    if (typeof token === 'string' && token) return token;
  } catch {
    // Reported below.
  }
  throw new CliFailure(`No dispatcher token: set DISPATCH_TOKEN, or start the server once so ${file} exists`);
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function client(baseUrl: string, token: string): Call {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/v1/dispatch${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new CliFailure(`Cannot reach the server at ${baseUrl}: ${(error as Error).message}`);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new CliFailure(`${res.status}: the answer is not JSON (is ${baseUrl} the Droplane server?)`);
    }
    if (!res.ok) {
      const { message, field } = (parsed ?? {}) as Partial<ApiError>;
      throw new CliFailure(`${res.status}: ${message ?? res.statusText}${field ? ` (field ${field})` : ''}`);
    }
    return parsed as T;
  };
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

async function readRouteFile(source: string, io: CliIo): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await io.readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw new CliFailure(`Cannot read ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CliFailure(`${source === '-' ? 'stdin' : source} is not valid JSON`);
  }
}

/** Runs one command; returns what to print. */
async function run(command: CliCommand, call: Call, io: CliIo): Promise<string> {
  switch (command.name) {
    case 'help':
      return usage();
    case 'orgs': {
      const orgs = await call<Organisation[]>('GET', '/organisations');
      return command.json ? pretty(orgs) : organisationsTable(orgs);
    }
    case 'org-create':
      return pretty(await call('POST', '/organisations', command.body));
    case 'org-set':
      return pretty(await call('PATCH', `/organisations/${command.id}`, command.body));
    case 'drivers': {
      const query = command.organisationId === undefined ? '' : `?organisation_id=${command.organisationId}`;
      const drivers = await call<Driver[]>('GET', `/drivers${query}`);
      return command.json ? pretty(drivers) : driversTable(drivers);
    }
    case 'driver-create':
      return pretty(await call('POST', '/drivers', command.body));
    case 'routes': {
      const query = new URLSearchParams();
      if (command.date) query.set('date', command.date);
      if (command.organisationId !== undefined) query.set('organisation_id', String(command.organisationId));
      const routes = await call<DispatchRouteSummary[]>('GET', `/routes${query.size ? `?${query}` : ''}`);
      return command.json ? pretty(routes) : routesTable(routes);
    }
    case 'route':
      return pretty(await call('GET', `/routes/${command.routeId}`));
    case 'route-create':
      return pretty(await call('POST', '/routes', await readRouteFile(command.source, io)));
    case 'stop':
      return pretty(await call('PATCH', `/routes/${command.routeId}/stops/${command.stopId}`, command.body));
    case 'reorder':
      return pretty(await call('PUT', `/routes/${command.routeId}/order`, { stop_ids: command.stopIds }));
    case 'publication': {
      // The API replaces the settings whole; the command changes only the keys given.
      const route = await call<DispatchRouteDetail>('GET', `/routes/${command.routeId}`);
      const { id: _id, ...current } = route.publication_settings;
      const body = { ...current, ...command.changes };
      return pretty(await call('PUT', `/routes/${command.routeId}/publication-settings`, body));
    }
    case 'republish':
      return pretty(await call('POST', `/routes/${command.routeId}/republish`));
    case 'reassign':
      return pretty(await call('PUT', `/routes/${command.routeId}/driver`, { driver_id: command.driverId }));
    case 'link':
      return pretty(await call('POST', `/routes/${command.routeId}/links`));
    case 'unlink':
      return pretty(await call('DELETE', `/routes/${command.routeId}/links/${encodeURIComponent(command.linkId)}`));
    default: {
      const unhandled: never = command;
      throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export async function main(argv: string[], env: Env = process.env, io: CliIo = processIo): Promise<number> {
  let command: CliCommand;
  try {
    command = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage()}`);
    return 2;
  }
  if (command.name === 'help') {
    io.out(usage());
    return 0;
  }
  try {
    const baseUrl = (env.DISPATCH_URL || `http://localhost:${env.PORT || 8080}`).replace(/\/$/, '');
    const call = client(baseUrl, await dispatcherToken(env));
    io.out(await run(command, call, io));
    return 0;
  } catch (error) {
    if (!(error instanceof CliFailure)) throw error;
    io.err(error.message);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) process.exitCode = await main(process.argv.slice(2));
