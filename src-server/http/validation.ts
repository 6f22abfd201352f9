/**
 * Schema validation (the schemas' rules and Ajv set-up are in schemas.ts). Bodies are checked strictly: no type
 * coercion and no silent removal of unknown fields, so a wrong type or an unexpected field is a 400 naming it. Path
 * and query strings are text on the wire and are coerced to the numbers their schemas ask for, but only from plain
 * decimal digits: Number() would also read "0x1c", "0b101", "1e1" and " 7".
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { DECIMAL_DIGITS } from '../../src-shared/schemas/formats.ts';
import { createAjv } from './schemas.ts';

type Schema = { properties?: Record<string, { type?: unknown }> };

const isNumeric = (type: unknown) =>
  type === 'integer' ||
  type === 'number' ||
  (Array.isArray(type) && type.some((t) => t === 'integer' || t === 'number'));

/** Wraps a coercing validator: a numeric field sent as text must be decimal digits before it is coerced. */
function decimalOnly(schema: Schema, validate: ValidateFunction): ValidateFunction {
  const numeric = Object.entries(schema.properties ?? {})
    .filter(([, property]) => isNumeric(property.type))
    .map(([name]) => name);
  if (numeric.length === 0) return validate;
  const wrapped = ((data: Record<string, unknown> | undefined) => {
    for (const name of numeric) {
      const value = data?.[name];
      if (typeof value === 'string' && !DECIMAL_DIGITS.test(value)) {
        const error: ErrorObject = {
          keyword: 'type',
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}/type`,
          params: { type: 'integer' },
          message: 'must be a whole number written in decimal digits',
        };
        wrapped.errors = [error];
        return false;
      }
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return wrapped;
}

export function installValidation(app: FastifyInstance): void {
  const strict = createAjv(false);
  const coercing = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : decimalOnly(schema as Schema, coercing.compile(schema)),
  );
}
