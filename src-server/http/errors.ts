/** Every error answer is `{"message": string, "field"?: string}` with a status that says what kind. */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../src-shared/protocol/http.ts';
import { refusalWords } from '../../src-shared/schemas/formats.ts';
import { Refusal, type RefusalKind } from '../domain/errors.ts';
import { drainBody } from './body-limit.ts';

// The HTTP layer throws the domain's refusals too: one kind of error, one place that gives it a status.

/** The status that says each kind of refusal. */
const STATUS: Record<RefusalKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
};

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
  return { message: `${where} ${refusalWords(first) ?? first.message}`, field: path || undefined };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = error.statusCode ?? 500;
    let body: ApiError;
    if (error instanceof Refusal) {
      status = STATUS[error.kind];
      body = { message: error.message, ...(error.field ? { field: error.field } : {}) };
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (error.validation) {
      status = 400;
      body = schemaMessage(error);
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? 0;
      const refusal = { message: `The request body is larger than the limit of ${limit} bytes` };
      // The rest of the body is read first, so the client sees the 413 rather than a broken pipe (body-limit.ts).
      void drainBody(request.raw, limit).then(() => reply.status(413).send(refusal));
      return;
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
