/** What every part of the server is handed: settings, database, tokens, the event hub, the sockets and the clock. */

import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Dialect } from './db/migrations/001-initial.ts';
import type { EventHub } from './socket/hub.ts';
import type { SocketRegistry } from './socket/registry.ts';

/** A Content-Security-Policy violation a browser reported (http/security-headers.ts keeps the latest). */
export interface CspReport {
  receivedAt: string;
  directive: string;
  blocked: string;
  document: string;
}

export interface ServerContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  tokens: TokenService;
  hub: EventHub;
  /** This process's open sockets (a revoked family's close at once). */
  sockets: SocketRegistry;
  /** Milliseconds since the epoch; injected so tests can move time. */
  now: () => number;
  /** The browser's latest Content-Security-Policy violation reports (GET /v1/dispatch/csp-reports). */
  cspReports: CspReport[];
}

export const isoNow = (ctx: Pick<ServerContext, 'now'>) => new Date(ctx.now()).toISOString();
