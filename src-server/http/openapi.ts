/**
 * The OpenAPI 3.1 document (GET /v1/openapi.json) and its reference page (REFERENCE_PATH), issue 48.
 *
 * @fastify/swagger walks the routes as they are registered and takes the request schemas they validate with;
 * openapi-operations.ts says the rest of each call (who may call it, its answers, an example), and the whole is
 * rewritten into JSON Schema 2020-12 (openapi-schema-31.ts). The reference page is Swagger UI, bundled from npm and
 * served from our own origin, so it runs under the app's Content-Security-Policy with no outside host.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { NAMED_ANSWERS } from './openapi-answers.ts';
import { OPERATIONS, type OperationInfo } from './openapi-operations.ts';
import { toOpenApi31 } from './openapi-schema-31.ts';
import { SOCKET_SCHEMAS, SOCKET_SECTION } from './openapi-socket.ts';

export const OPENAPI_PATH = '/v1/openapi.json';
export const REFERENCE_PATH = '/docs/api';

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read and built by key.
type Json = Record<string, any>;

/** Routes that are not the API: the app's own files (static-app.ts) and the reference page with its assets. */
export const isOutsideTheApi = (url: string) =>
  url === '/' || url === '/*' || url === REFERENCE_PATH || url.startsWith(`${REFERENCE_PATH}/`);

const SECURITY_SCHEMES = {
  driverBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A driver's access token from POST /v1/drivers/signin (renewed with POST /v1/token/refresh).",
  },
  linkToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A shared link's token (POST /v1/dispatch/routes/{routeId}/links): this one route only.",
  },
  dispatcherToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The server's DISPATCH_TOKEN. Driver and link tokens are refused here with the same 401.",
  },
};

const SECURITY: Record<OperationInfo['caller'], object[] | undefined> = {
  none: [],
  driver: [{ driverBearer: [] }],
  driverOrLink: [{ driverBearer: [] }, { linkToken: [] }],
  dispatcher: [{ dispatcherToken: [] }],
  imageReader: [{ driverBearer: [] }, { linkToken: [] }, { dispatcherToken: [] }],
};

const REFUSAL_WORDS: Record<number, string> = {
  400: 'The request breaks its schema or a rule; field names the part',
  401: 'No token, or a token that is invalid, expired or of another kind',
  403: 'Not allowed for this caller (another driver, a shared link, a plan or setting that is off)',
  404: 'No such thing, or not one this caller may see',
  409: 'Conflicts with the state it is in',
  413: 'The body is larger than the limit',
  422: 'Well formed but not acceptable (an image that is not one, an Idempotency-Key reused with another body)',
  429: 'Too many: try again after Retry-After seconds',
};

const jsonContent = (schema: object, example?: unknown) => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});

/** The refusals a call can answer: those its schemas and caller imply, and its own. */
function refusalsOf(info: OperationInfo, operation: Json): number[] {
  const statuses = new Set(info.refusals ?? []);
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  if (takesInput) statuses.add(400);
  if (info.caller !== 'none') statuses.add(401);
  if (info.caller === 'driver' || info.caller === 'driverOrLink') statuses.add(403);
  if (operation.parameters?.some((p: Json) => p.in === 'path') || info.tag === 'Socket') statuses.add(404);
  if (operation.requestBody !== undefined) statuses.add(413);
  return [...statuses].sort();
}

function responsesOf(info: OperationInfo, operation: Json): Json {
  const { status, schema, description } = info.ok;
  const ok: Json = { description };
  if (schema === 'image')
    ok.content = { 'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } }, 'image/png': {} };
  else if (schema !== null) ok.content = jsonContent(schema);
  if (info.idempotent)
    ok.headers = {
      'Idempotent-Replayed': {
        description: 'true: the stored answer to an earlier request with this key',
        schema: { type: 'string' },
      },
    };
  const responses: Json = { [status]: ok };
  for (const refusal of refusalsOf(info, operation)) {
    const answer: Json = {
      description: REFUSAL_WORDS[refusal],
      content: jsonContent({ $ref: '#/components/schemas/ApiError' }),
    };
    if (refusal === 429) answer.headers = { 'Retry-After': { schema: { type: 'integer' } } };
    responses[refusal] = answer;
  }
  responses.default = {
    description: 'The server failed',
    content: jsonContent({ $ref: '#/components/schemas/ApiError' }),
  };
  return responses;
}

/** The operation as the document says it: its schemas from the route, the rest from OPERATIONS. */
function completeOperation(operation: Json, info: OperationInfo): Json {
  const { params = {}, query = {}, headers = {}, body } = info.example;
  const given: Record<string, unknown> = { ...params, ...query, ...headers };
  const parameters = (operation.parameters ?? []).map((p: Json) =>
    p.name in given ? { ...p, example: given[p.name] } : p,
  );
  if (info.idempotent)
    parameters.push({
      in: 'header',
      name: 'Idempotency-Key',
      description:
        'Any 1 to 200 printable ASCII characters, new for each completion: a retry with it is answered once.',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
      example: headers['idempotency-key'],
    });
  const done: Json = {
    ...operation,
    summary: info.summary,
    ...(info.description ? { description: info.description } : {}),
    tags: [info.tag],
    security: SECURITY[info.caller],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: responsesOf(info, operation),
  };
  if (done.requestBody && body !== undefined) done.requestBody.content['application/json'].example = body;
  return done;
}

/** From the route's path in OpenAPI's form (/v1/x/{id}) back to Fastify's (/v1/x/:id), OPERATIONS' keys. */
const fastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** Every operation completed; one OPERATIONS does not know stays bare, which the tests refuse. */
function finishDocument(document: Json): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    paths[path] = {};
    for (const [method, operation] of Object.entries<Json>(item)) {
      const info = OPERATIONS[`${method.toUpperCase()} ${fastifyPath(path)}`];
      paths[path][method] = info ? completeOperation(operation, info) : operation;
    }
  }
  const socket = paths['/v1/socket']?.get;
  if (socket) socket['x-websocket'] = SOCKET_SECTION;
  return toOpenApi31({
    ...document,
    paths,
    components: {
      ...document.components,
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ...document.components?.schemas, ...NAMED_ANSWERS, ...SOCKET_SCHEMAS },
    },
    'x-websocket': SOCKET_SECTION,
  });
}

const DESCRIPTION = [
  "The Droplane server: the driver app's API, the dispatcher API a planning system uses, proof images and the",
  'socket. Errors are always `{"message": string, "field"?: string}` with the status saying what kind.',
  'The rules behind the refusals, and a first integration step by step, are in docs/server.md.',
].join(' ');

/** Registered before every route, so the document sees them all (it hooks onRoute). */
export async function registerOpenApi(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Droplane API', version: '1', description: DESCRIPTION },
      servers: [{ url: ctx.config.publicUrl }],
      tags: ['Dispatcher', 'Driver', 'Tokens', 'Images', 'Socket', 'App'].map((name) => ({ name })),
    },
    transform: ({ schema, url }) => ({ schema: isOutsideTheApi(url) ? { ...schema, hide: true } : schema, url }),
    transformObject: (documentObject) =>
      finishDocument((documentObject as { openapiObject: Json }).openapiObject) as never,
  });
}

/** The document's own address and the reference page: after compression and security headers, so they get both. */
export async function registerReference(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PATH,
    // validatorUrl null: Swagger UI would otherwise ask an outside host to check the document.
    // BaseLayout: no top bar, whose box would invite exploring other documents. The page reads the document from
    // beside itself (REFERENCE_PATH/json), the same as OPENAPI_PATH.
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
    staticCSP: false,
  });
  app.get(OPENAPI_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
