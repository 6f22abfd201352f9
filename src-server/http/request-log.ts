/**
 * What the server logs per request. Fastify logs every request twice at info ("incoming request", "request
 * completed"), which floods the terminal of someone who just ran `npm start`: those lines go to debug, so info
 * shows start-up, warnings and errors only. Errors stay at error and, like every line logged through
 * `request.log`, carry the request's id (`reqId`); LOG_LEVEL=debug brings the request lines back to match them.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }

  /** Only reached when our own error handler fails: a 4xx is the client's business, a 5xx stays an error. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, err: error }, error.message);
  }
}
