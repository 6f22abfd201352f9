/**
 * Reading the OpenAPI document in tests (issue 48): the routes Fastify really has, and an Ajv that checks a value
 * against any schema of the document by its JSON pointer, $refs and all.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read by key.
export type Doc = Record<string, any>;

/** Every route Fastify registered as "METHOD /path", read from its route tree (printRoutes); HEAD left out. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:└──|├──) (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

/** "METHOD /path" of every operation the document has, paths back in Fastify's form (:id). */
export function documentedRoutes(doc: Doc): string[] {
  return Object.entries<Doc>(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    )
    .sort();
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Checks answers against the document's response schemas, as JSON Schema 2020-12. */
export function answerChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi', ...doc, $schema: undefined });
  return (path: string, method: string, status: number, body: unknown): string | null => {
    const ref = `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
    const validate = ajv.compile({ $ref: ref });
    return validate(body) ? null : ajv.errorsText(validate.errors, { separator: '\n' });
  };
}
