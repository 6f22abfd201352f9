/**
 * Schema validation. Bodies are checked strictly: no type coercion and no silent removal of unknown fields, so a
 * wrong type or an unexpected field is a 400 naming it. Path and query strings are text on the wire and are
 * coerced to the numbers their schemas ask for.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export function installValidation(app: FastifyInstance): void {
  const strict = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false });
  const coercing = new Ajv({ coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false });
  addFormats.default(strict);
  addFormats.default(coercing);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : coercing.compile(schema),
  );
}
