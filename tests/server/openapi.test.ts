/**
 * The OpenAPI document (issue 48): every registered route and nothing else, valid OpenAPI 3.1 with 2020-12 schemas
 * (none of Ajv's nullable or $data left), each call's refusals documented as the server really answers them, and the
 * reference page served from our own origin.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOutsideTheApi } from '../../src-server/http/openapi.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { makeDriver, makeRoute, signIn } from '../helpers/fixtures.ts';
import { type Doc, documentedRoutes, registeredRoutes } from '../helpers/openapi.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let doc: Doc;

beforeAll(async () => {
  t = await startTestServer();
  doc = (await t.request<Doc>('GET', '/v1/openapi.json')).body;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries<Doc>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Doc>(item).map(([method, op]) => ({ path, method, op })),
  );

describe('the document', () => {
  it('has every registered route and nothing else (the app\'s files "/" and "/*" and the reference under /docs/api left out)', () => {
    const api = registeredRoutes(t.server.app).filter((route) => !isOutsideTheApi(route.split(' ')[1]!));
    expect(documentedRoutes(doc)).toEqual(api);
  });

  it('says of every call who may make it, what it answers and an example, its path parameters by schema', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary, `${where}: no entry in openapi-operations.ts`).toBeTypeOf('string');
      expect(op.security, where).toBeDefined();
      expect(
        Object.keys(op.responses).some((s) => (/^[1-4]\d\d$/.test(s) && Number(s) < 300) || s === '426'),
        where,
      ).toBe(true);
      expect(op.responses.default, where).toBeDefined();
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p: Doc) => p.in === 'path');
      expect(declared.map((p: Doc) => p.name).sort(), `${where}: its route has no params schema`).toEqual(
        inPath.sort(),
      );
      // Without a params schema the generator says a bare {type: 'string'}: every schema of ours says more.
      for (const parameter of op.parameters ?? [])
        expect(Object.keys(parameter.schema ?? {}), `${where}: ${parameter.name} has no schema`).not.toEqual(['type']);
      if (op.requestBody) expect(op.requestBody.content['application/json'].example, where).toBeDefined();
      // Bodiless: republish and a new link; a browser's CSP report is taken in whatever shape it comes.
      const needsBody =
        ['post', 'put', 'patch'].includes(method) && !/republish|links$|\/v1\/openapi|\/v1\/csp-reports/.test(path);
      if (needsBody) expect(op.requestBody, `${where}: its route has no body schema`).toBeDefined();
    }
  });

  it('is valid OpenAPI 3.1, with no Ajv nullable or $data, and every schema compiles as JSON Schema 2020-12', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"nullable"/);
    expect(text).not.toMatch(/"\$data"/);
    const ajv = new Ajv2020({ strict: false });
    ajv.addFormat('day', true).addFormat('instant', true).addFormat('decimal', true).addFormat('delivery-code', true);
    ajv.addSchema({ $id: 'openapi', ...doc });
    for (const name of Object.keys(doc.components.schemas))
      expect(() => ajv.getSchema(`openapi#/components/schemas/${name}`), name).not.toThrow();
    for (const { path, method, op } of operations()) {
      const body = op.requestBody?.content['application/json'];
      if (body) expect(ajv.validate(body.schema, body.example), `${method} ${path}: ${ajv.errorsText()}`).toBe(true);
    }
  });

  it('turns the nullable fields into type unions and a $data bound into words', () => {
    const route = doc.paths['/v1/dispatch/routes'].post.requestBody.content['application/json'].schema;
    expect(route.properties.driver_id.type).toEqual(['integer', 'null']);
    const window = route.properties.stops.items.properties.time_windows.items;
    expect(window.properties.latest.minimum).toBeUndefined();
    expect(window.properties.latest.description).toMatch(/minimum: the value of earliest/);
  });

  it('names the security schemes, the Idempotency-Key header and the socket messages', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'dispatcherToken',
      'driverBearer',
      'linkToken',
    ]);
    const completion = doc.paths['/v1/projects/{projectId}/routes/{routeId}/services/{serviceId}'].post;
    expect(completion.parameters.map((p: Doc) => p.name)).toContain('Idempotency-Key');
    const socket = doc.paths['/v1/socket'].get['x-websocket'];
    expect(socket.clientMessages.map((m: Doc) => m.$ref)).toContain('#/components/schemas/SocketServiceChange');
    expect(doc.components.schemas.SocketServiceChangeData.properties.service_id).toBeDefined();
  });
});

describe('the refusals the server really answers are documented', () => {
  const documented = (method: string, path: string) => Object.keys(doc.paths[path][method].responses).map(Number);

  it('400 before the token check, 401, 403 for another driver, 404, 409, 204', async () => {
    const driver = await makeDriver(t);
    const other = await makeDriver(t, driver.organisationId);
    const { routeId, projectId } = await makeRoute(t, driver);
    const stopIds = (await t.dispatch<Route>('GET', `/v1/dispatch/routes/${routeId}`)).body.stops.map((s) => s.id);
    const token = (await signIn(t, driver.email)).accessToken;
    const service = `/v1/projects/${projectId}/routes/${routeId}/services/${stopIds[1]}`;
    const seen: [string, string, number][] = [
      [
        'post',
        '/v1/projects/{projectId}/routes/{routeId}/services/{serviceId}',
        (await t.request('POST', service, { body: { status: 'nope' } })).status,
      ],
      [
        'post',
        '/v1/projects/{projectId}/routes/{routeId}/services/{serviceId}',
        (await t.request('POST', service, { body: { status: 'finished' } })).status,
      ],
      ['get', '/v1/drivers/{id}', (await t.request('GET', `/v1/drivers/${other.driverId}`, { token })).status],
      [
        'get',
        '/v1/projects/routes/{routeId}',
        (await t.request('GET', '/v1/projects/routes/999999', { token })).status,
      ],
      [
        'delete',
        '/v1/dispatch/routes/{routeId}/stops/{stopId}',
        (await t.dispatch('DELETE', `/v1/dispatch/routes/${routeId}/stops/${stopIds[0]}`)).status,
      ],
      ['post', '/v1/csp-reports', (await t.request('POST', '/v1/csp-reports', { body: {} })).status],
    ];
    expect(seen.map(([, , status]) => status)).toEqual([400, 401, 403, 404, 409, 204]);
    for (const [method, path, status] of seen) expect(documented(method, path), `${method} ${path}`).toContain(status);
  });
});

describe('the reference page', () => {
  it('is served from our own origin under a policy that names no outside host', async () => {
    const page = await fetch(`${t.url}/docs/api/static/index.html`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/https?:\/\//);
    for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(src, src).not.toMatch(/^(?:https?:)?\/\//);
    // The page loads the document from beside itself (./json): the same as GET /v1/openapi.json.
    const shown = await (await fetch(`${t.url}/docs/api/json`)).json();
    expect(shown).toEqual(doc);
  });
});
