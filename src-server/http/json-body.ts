/**
 * Issue 48: many HTTP clients (and some integrators' wrappers) send `Content-Type: application/json` on every call,
 * also on a DELETE or a POST that carries nothing. Fastify's own JSON parser refuses such an empty body ("Body
 * cannot be empty when content-type is set to 'application/json'"), so a call that needs no body failed for a
 * header alone. Here an empty body is taken as no body at all: a route whose schema asks for none works, and a route
 * that needs one answers its usual validation 400 ("body must be object"), not a parse error. Anything else is
 * parsed by Fastify's own parser, with its guards against prototype poisoning.
 */
import type { FastifyInstance } from 'fastify';

export function installLenientJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands a string; the type also allows the Buffer of parseAs 'buffer'.
    const text = String(body);
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}
