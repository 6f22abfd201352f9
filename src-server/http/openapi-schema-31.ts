/**
 * The server validates with Ajv's dialect (schemas.ts): `nullable: true` and `{$data: ...}` bounds. OpenAPI 3.1 is
 * JSON Schema 2020-12, which has neither (issue 48), so the document's schemas are derived from the validated ones
 * here, never copied: a nullable schema becomes a type union with "null" (its enum gains null), and a `$data` bound
 * is dropped and said in words.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{type: 'string', nullable: true}` -> `{type: ['string', 'null']}`; an enum lists null once. */
function withoutNullable(schema: Json): Json {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return rest;
  if (typeof rest.type === 'string') rest.type = [rest.type, 'null'];
  else if (Array.isArray(rest.type) && !rest.type.includes('null')) rest.type = [...rest.type, 'null'];
  else if (rest.type === undefined) return { anyOf: [rest, { type: 'null' }] };
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  return rest;
}

/** A keyword whose value is `{$data: pointer}` is Ajv's: dropped, and the rule kept as a description. */
function withoutData(schema: Json): Json {
  const out: Json = {};
  const rules: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (isObject(value) && typeof value.$data === 'string') {
      const field = value.$data.replace(/^\d+\//, '');
      rules.push(`${key}: the value of ${field}`);
    } else out[key] = value;
  }
  if (rules.length > 0) {
    const said = `Also checked by the server: ${rules.join('; ')}.`;
    out.description = typeof out.description === 'string' ? `${out.description} ${said}` : said;
  }
  return out;
}

/** Walks any part of the document (schemas sit at many depths) and rewrites every schema object in it. */
export function toOpenApi31<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => toOpenApi31(item)) as T;
  if (!isObject(value)) return value;
  const rewritten = withoutData(withoutNullable(value));
  // Examples are data, not schemas: left as they are.
  return Object.fromEntries(
    Object.entries(rewritten).map(([key, item]) => [key, key === 'example' ? item : toOpenApi31(item)]),
  ) as T;
}
