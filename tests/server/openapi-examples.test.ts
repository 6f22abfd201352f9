/**
 * Every operation's example request, as the served document gives it, sent to a real server in the order of
 * openapi-operations.ts (issue 48): each must be answered with its documented success status, and the answer must
 * validate against the documented response schema. The examples tell one story on a fresh server: an organisation,
 * its driver, a route with stops and a code, the driver's day, the dispatcher reading it back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATIONS } from '../../src-server/http/openapi-operations.ts';
import { answerChecker, type Doc } from '../helpers/openapi.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let doc: Doc;
// The examples' day in the organisation's zone, shortly after the example arrival and completion times.
const clock = Date.parse('2030-03-04T09:10:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
  doc = (await t.request<Doc>('GET', '/v1/openapi.json')).body;
});
afterAll(() => t.close());

/** What earlier answers gave that later examples name: {linkId}, {refreshToken}. */
const found: Record<string, string> = {};
const fill = (text: string) => text.replace(/\{(linkId|refreshToken)\}/g, (_, name: string) => found[name] ?? _);

function requestOf(path: string, op: Doc) {
  let url = path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (p.example === undefined) continue;
    const value = fill(String(p.example));
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === 'query') query.set(p.name, value);
    else if (p.in === 'header') headers[p.name] = value;
  }
  const example = op.requestBody?.content['application/json'].example;
  const body = example === undefined ? undefined : JSON.parse(fill(JSON.stringify(example)));
  return { url: query.size > 0 ? `${url}?${query}` : url, headers, body };
}

it('sends each example request and gets its documented answer', async () => {
  const check = answerChecker(doc);
  let driverToken = '';
  for (const [key, info] of Object.entries(OPERATIONS)) {
    const [method, fastifyPath] = key.split(' ') as [string, string];
    const path = fastifyPath.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[path][method.toLowerCase()];
    const { url, headers, body } = requestOf(path, op);
    const token =
      info.caller === 'dispatcher' ? t.config.dispatchToken : info.caller === 'none' ? undefined : driverToken;
    const answer = await t.request<Doc>(method, url, { token, body, headers });
    expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBe(info.ok.status);
    if (info.ok.schema === 'image') expect(answer.headers.get('content-type')).toMatch(/^image\/(png|jpeg)$/);
    else if (info.ok.schema !== null) expect(check(path, method, answer.status, answer.body), key).toBeNull();
    if (key === 'POST /v1/dispatch/routes/:routeId/links') found.linkId = answer.body.linkId;
    if (key === 'POST /v1/drivers/signin') found.refreshToken = answer.body.refreshToken;
    if (key === 'POST /v1/token/refresh') found.refreshToken = answer.body.refreshToken;
    // The token calls end their own session (revoke); the driver's calls that follow use a session of their own.
    if (key === 'POST /v1/token/revoke') {
      const signin = doc.paths['/v1/drivers/signin'].post.requestBody.content['application/json'].example;
      driverToken = (await t.request<Doc>('POST', '/v1/drivers/signin', { body: signin })).body.accessToken;
    }
  }
});

it('documents a refusal with its error shape: the answer validates as ApiError', async () => {
  const check = answerChecker(doc);
  const answer = await t.request('GET', '/v1/projects/routes/1');
  expect(answer.status).toBe(401);
  expect(check('/v1/projects/routes/{routeId}', 'get', 401, answer.body)).toBeNull();
});
