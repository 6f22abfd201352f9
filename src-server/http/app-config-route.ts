/** `GET /app-config.json`: the app's runtime settings, built from the server's environment (reference-backend.md). */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../src-shared/protocol/http.ts';
import type { Config } from '../config.ts';
import type { ServerContext } from '../context.ts';

function appConfigFrom(config: Config): AppConfig {
  return {
    mapStyles: { ...config.mapStyles },
    traceUrl: config.traceUrl,
    cleaningCustomerId: config.cleaningCustomerId,
    internalNotesCustomerId: config.internalNotesCustomerId,
    supportUrl: config.supportUrl,
    termsUrl: config.termsUrl,
    privacyUrl: config.privacyUrl,
  };
}

export function registerAppConfigRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/app-config.json', async (_request, reply) => {
    // no-cache, not no-store: the app revalidates on every start and keeps its own copy for offline starts.
    reply.header('cache-control', 'no-cache');
    return appConfigFrom(ctx.config);
  });
}
