/**
 * `GET /v1/socket?routeId&projectId&owner=driver&deviceId&token`: the driver's live channel for one route.
 *
 * Everything that can refuse a connection (query, Origin, token, access to the route) runs in a preHandler,
 * before the upgrade, so a refusal is a plain HTTP 400/401/403/404 with the usual `{message, field?}` body and
 * no socket is ever opened for it. A server failure there (the database's, while reading the token's driver or link)
 * is an HTTP 500 likewise, never a refusal and never a close code: the app tries again as after any failed connection
 * (issue 46). The token is read from the query and never logged (app.ts redacts it from
 * the request URL in logs; nothing here logs the query).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SOCKET_PATH } from '../../src-shared/protocol/socket.ts';
import { NO_NUL_PATTERN } from '../../src-shared/schemas/formats.ts';
import { endRevokedFamilies } from '../auth/families.ts';
import { principalFromToken, principalKey } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { forbidden } from '../domain/errors.ts';
import { routeFor } from '../repo/routes.ts';
import { isOriginAllowed } from './origin.ts';
import { type SocketAccess, SocketSession } from './session.ts';

interface SocketQuerystring {
  routeId: number;
  projectId: number;
  owner?: 'driver';
  deviceId?: string;
  token?: string;
}

const querystringSchema = {
  type: 'object',
  // No token is a 401 from the token check, not a 400 from the schema.
  required: ['routeId', 'projectId'],
  properties: {
    routeId: { type: 'integer', minimum: 1 },
    projectId: { type: 'integer', minimum: 1 },
    owner: { type: 'string', enum: ['driver'] },
    // Text holds no NUL, as in every request (schemas/formats.ts).
    deviceId: { type: 'string', maxLength: 200, pattern: NO_NUL_PATTERN },
    token: { type: 'string', maxLength: 4096, pattern: NO_NUL_PATTERN },
  },
} as const;

export async function registerSocket(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  /** What the preHandler decided, handed to the socket handler of the same request. */
  const accessByRequest = new WeakMap<FastifyRequest, SocketAccess>();
  const sessions = ctx.sockets;

  const pingInterval = ctx.config.wsPingIntervalMs;
  const heartbeat =
    pingInterval > 0
      ? setInterval(() => {
          for (const session of sessions.all()) session.heartbeat();
          // A family revoked through another process (PostgreSQL): its quiet sockets here close within one interval.
          endRevokedFamilies(ctx).catch((error: unknown) =>
            app.log.warn({ err: error }, 'socket heartbeat: families not checked'),
          );
        }, pingInterval)
      : null;
  heartbeat?.unref();

  app.route<{ Querystring: SocketQuerystring }>({
    method: 'GET',
    url: SOCKET_PATH,
    schema: { querystring: querystringSchema },
    // Nothing here to compress per answer: an upgrade hands the connection to ws, and a refusal is a few bytes.
    compress: false,
    preHandler: async (request) => {
      if (!request.ws) return;
      const origin = request.headers.origin;
      if (!isOriginAllowed(origin, request.host, ctx.config))
        throw forbidden(`Origin ${String(origin).slice(0, 200)} may not open the socket`);
      const principal = await principalFromToken(ctx, request.query.token ?? null);
      const { routeId, projectId, deviceId } = request.query;
      await routeFor(ctx, principal, routeId, projectId);
      accessByRequest.set(request, { principal, routeId, projectId, deviceId: deviceId ?? null });
    },
    handler: async (_request, reply) => {
      reply.code(426).header('upgrade', 'websocket');
      return { message: 'This address takes WebSocket connections only' };
    },
    wsHandler: (socket, request) => {
      const access = accessByRequest.get(request);
      accessByRequest.delete(request);
      if (!access) {
        socket.close(1011, 'Not authorised');
        return;
      }
      const log = request.log.child({ routeId: access.routeId, principal: principalKey(access.principal) });
      // The plugin's own listener logs every socket error at error level and terminates; ws has by then closed
      // with the right code (1009 for an over-size message, 1002 for a protocol error): a client's fault, so info.
      socket.removeAllListeners('error');
      socket.on('error', (error) => log.info({ err: { message: error.message } }, 'socket error'));

      const session = new SocketSession(socket, access, ctx, log);
      const unsubscribe = ctx.hub.subscribe(access.routeId, (message) => session.onEvent(message));
      session.greet();
      // Closes the oldest of this principal's sockets on the route beyond the cap (registry.ts).
      sessions.add(session);
      log.debug({ deviceId: access.deviceId }, 'socket open');
      socket.on('close', (code) => {
        unsubscribe();
        sessions.remove(session);
        log.debug({ code }, 'socket closed');
      });
    },
  });

  // Runs after the plugin's own preClose, which has already sent every client a close frame; app.close() then
  // waits here until each socket is closed and its last message stored, before the database closes.
  app.addHook('preClose', async () => {
    if (heartbeat) clearInterval(heartbeat);
    await Promise.all(sessions.all().map((session) => session.shutdown()));
  });
}
