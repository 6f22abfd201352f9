/** Every error answer is `{"message": string, "field"?: string}` with a status that says what kind. */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../src-shared/protocol/http.ts';
import { FORMAT_WORDS } from './schemas.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Sent as Retry-After (a 429 or 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message: string, field?: string) => new HttpError(404, message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

/** Turns Ajv's wording into a sentence naming the field: "lat must be string". */
function schemaMessage(error: FastifyError): { message: string; field?: string } {
  const first = error.validation?.[0];
  if (!first) return { message: error.message };
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const extra = (first.params as { additionalProperty?: string }).additionalProperty;
  const field = missing ?? (extra ? [path, extra].filter(Boolean).join('.') : path) ?? undefined;
  if (missing) return { message: `${[path, missing].filter(Boolean).join('.')} is required`, field: missing };
  if (extra) return { message: `${field} is not an allowed field`, field };
  const where = path || error.validationContext || 'body';
  const format = first.keyword === 'format' ? FORMAT_WORDS[(first.params as { format: string }).format] : undefined;
  return { message: `${where} ${format ? `must be ${format}` : first.message}`, field: path || undefined };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = error.statusCode ?? 500;
    let body: ApiError;
    if (error instanceof HttpError) {
      body = { message: error.message, ...(error.field ? { field: error.field } : {}) };
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (error.validation) {
      status = 400;
      body = schemaMessage(error);
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      body = { message: `The request body is larger than the limit of ${request.routeOptions.bodyLimit} bytes` };
    } else if (status < 500) {
      body = { message: error.message };
    } else {
      // With the request's method and path: at info and above no other line says which request this was.
      request.log.error({ err: error, req: request }, 'request failed');
      body = { message: 'Something went wrong on the server' };
    }
    reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
  });
}
