/**
 * Issue 48: a call sent with `Content-Type: application/json` and an empty body (what many HTTP clients send on every
 * call) is taken as having no body. Before, Fastify refused it with 400 "Body cannot be empty when content-type is
 * set to 'application/json'", also on calls that take no body at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkAnswer, LinkRevokeAnswer } from '../../src-shared/protocol/dispatch.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { dispatchRoute, expectError, makeLink, stopIds } from '../helpers/dispatch.ts';
import { makeDriver } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A call with the JSON content type and a body of zero bytes (content-length: 0). */
function emptyJson<T>(method: string, path: string, token?: string) {
  return t.request<T>(method, path, {
    token: token ?? t.config.dispatchToken,
    rawBody: '',
    headers: { 'content-type': 'application/json' },
  });
}

describe('an empty JSON body', () => {
  it('is no body on the bodiless POSTs of the dispatcher API', async () => {
    const route = await dispatchRoute(t, await makeDriver(t));
    const link = await emptyJson<LinkAnswer>('POST', `/v1/dispatch/routes/${route.id}/links`);
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const republished = await emptyJson<Route>('POST', `/v1/dispatch/routes/${route.id}/republish`);
    expect(republished.status, JSON.stringify(republished.body)).toBe(200);
  });

  it('is no body on the DELETEs of the dispatcher API', async () => {
    const route = await dispatchRoute(t, await makeDriver(t));
    const link = await makeLink(t, route.id);
    const revoked = await emptyJson<LinkRevokeAnswer>('DELETE', `/v1/dispatch/routes/${route.id}/links/${link.linkId}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.linkId).toBe(link.linkId);
    // The first and last stops are the route's start and end, which stay: a delivery between them is removed.
    const delivery = (await stopIds(t, route.id))[1];
    const removed = await emptyJson<Route>('DELETE', `/v1/dispatch/routes/${route.id}/stops/${delivery}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await stopIds(t, route.id)).not.toContain(delivery);
  });

  it('on a call that needs a body is the usual validation 400 with the error shape, not a parse error', async () => {
    const signIn = await emptyJson('POST', '/v1/drivers/signin');
    expectError(signIn, 400, /^body must be object$/);
    expect(Object.keys(signIn.body as object)).toEqual(['message']);
    const create = await emptyJson('POST', '/v1/dispatch/routes');
    expectError(create, 400, /^body must be object$/);
  });

  it('is still refused when it is not JSON, and a poisoned one is still refused', async () => {
    const broken = await t.request('POST', '/v1/drivers/signin', {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(broken, 400, /Body is not valid JSON/);
    const poisoned = await t.request('POST', '/v1/drivers/signin', {
      rawBody: '{"__proto__":{"admin":true},"email":"a@example.test","password":"x"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(poisoned.status).toBe(400);
  });
});
