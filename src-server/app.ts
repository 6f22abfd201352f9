/** Builds the server: one Fastify instance with the driver API, the socket, the dispatcher API and the app. */
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { ServerContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { adoptSharedSecrets } from './db/shared-secrets.ts';
import { registerAppConfigRoute } from './http/app-config-route.ts';
import { registerArrivalRoutes } from './http/arrival-routes.ts';
import { registerAuthRoutes } from './http/auth-routes.ts';
import { registerCompression } from './http/compression.ts';
import { registerDispatchRoutes } from './http/dispatch-routes.ts';
import { installErrorHandler } from './http/errors.ts';
import { registerImageRoutes } from './http/image-routes.ts';
import { installLenientJson } from './http/json-body.ts';
import { registerOpenApi, registerReference } from './http/openapi.ts';
import { registerOrganisationRoutes } from './http/organisation-routes.ts';
import { registerOsrmRoutes } from './http/osrm-routes.ts';
import { requestLimitStore } from './http/request-limit-store.ts';
import { RequestLog } from './http/request-log.ts';
import { registerRouteRoutes } from './http/route-routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticApp } from './http/static-app.ts';
import { registerStopRoutes } from './http/stop-routes.ts';
import { installValidation } from './http/validation.ts';
import { scheduleRetention } from './repo/retention.ts';
import { createMemoryHub, type EventHub } from './socket/hub.ts';
import { createPostgresHub } from './socket/postgres-hub.ts';
import { SocketRegistry } from './socket/registry.ts';
import { registerSocket } from './socket/socket-route.ts';

export interface BuildOptions {
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  /** Replaces the event hub (in-process on SQLite; relayed through LISTEN/NOTIFY on PostgreSQL). */
  hub?: EventHub;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How often old tracking data is pruned (repo/retention.ts); tests shorten it. */
  retentionSweepMs?: number;
}

export interface Server {
  app: FastifyInstance;
  ctx: ServerContext;
  /** Stops taking requests, closes sockets, lets in-flight writes finish, then closes the database. */
  close(): Promise<void>;
}

/** Tokens ride in the socket's query string; they never reach a log. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&]*/gi, '$1[redacted]');
}

/** The nearest `hops` proxies are believed (what Fastify does with a number, which its types do not take). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildServer(config: Config, options: BuildOptions = {}): Promise<Server> {
  const { db, dialect } = await openDatabase(config);
  if (dialect === 'postgres') await adoptSharedSecrets(db, config);
  const now = options.now ?? Date.now;

  const app = Fastify({
    bodyLimit: config.bodyLimitBytes,
    // Only a configured proxy may say who the client is (TRUST_PROXY); trusting every hop let anyone pick an address.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.authorization'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    logController: new RequestLog(),
  });

  const ctx: ServerContext = {
    config,
    db,
    dialect,
    now,
    tokens: createTokenService(config.jwtSecret, config, now),
    // Processes sharing a PostgreSQL database relay events to each other's sockets through it.
    hub:
      options.hub ??
      (dialect === 'postgres'
        ? await createPostgresHub({ connectionString: config.databaseUrl!, db, log: app.log, now })
        : createMemoryHub()),
    sockets: new SocketRegistry(config.wsMaxSocketsPerRoute),
    cspReports: [],
  };
  installErrorHandler(app);
  installValidation(app);
  installLenientJson(app);
  // Before any route: the OpenAPI document is made of the routes registered after it (issue 48).
  await registerOpenApi(app, ctx);
  // Counted in the database, so a limit holds across every process that shares it.
  await app.register(rateLimit, { global: false, store: requestLimitStore(ctx) });
  registerSecurityHeaders(app, ctx);
  await registerCompression(app);
  await registerReference(app);
  await app.register(websocket, {
    options: { maxPayload: config.wsMaxMessageBytes },
  });

  registerAuthRoutes(app, ctx);
  registerOrganisationRoutes(app, ctx);
  registerRouteRoutes(app, ctx);
  registerStopRoutes(app, ctx);
  registerArrivalRoutes(app, ctx);
  registerOsrmRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerAppConfigRoute(app, ctx);
  registerDispatchRoutes(app, ctx);
  await registerSocket(app, ctx);
  await registerStaticApp(app, ctx);
  const retention = scheduleRetention(ctx, app.log, options.retentionSweepMs);

  let closed = false;
  return {
    app,
    ctx,
    async close() {
      if (closed) return;
      closed = true;
      // Fastify waits for in-flight requests (and so their transactions) and closes the sockets.
      await app.close();
      await retention.stop();
      await ctx.hub.close();
      await db.destroy();
    },
  };
}
