/**
 * Schema validation. Bodies are checked strictly: no type coercion and no silent removal of unknown fields, so a
 * wrong type or an unexpected field is a 400 naming it. Path and query strings are text on the wire and are
 * coerced to the numbers their schemas ask for.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export function installValidation(app: FastifyInstance): void {
  // allowUnionTypes: nullable fields are written as {type: ['string', 'null']}.
  const common = { removeAdditional: false, useDefaults: true, allErrors: false, allowUnionTypes: true } as const;
  const strict = new Ajv({ ...common, coerceTypes: false });
  const coercing = new Ajv({ ...common, coerceTypes: true });
  addFormats.default(strict);
  addFormats.default(coercing);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : coercing.compile(schema),
  );
}
