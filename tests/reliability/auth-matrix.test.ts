/**
 * The JWT matrix and the access control matrix, over every call of the driver API and the socket:
 * - forged, altered, expired, mistyped and misaddressed tokens are 401 everywhere;
 * - another driver's, another organisation's and another route's link get no data and write nothing (404 for a
 *   route, stop or image, 403 for another driver's record), and driver tokens are not dispatcher tokens.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AUDIENCE } from '../../src-server/auth/tokens.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { ProjectEntry } from '../../src-shared/protocol/entities.ts';
import { makeDriver, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, type RouteCall, type RouteSession, routeSession, routeWithCalls } from '../helpers/sessions.ts';

let t: TestServer;
let s: RouteSession;
let calls: RouteCall[];

beforeAll(async () => {
  t = await startTestServer();
  const route = await routeWithCalls(t, localDate(new Date()));
  s = route.s;
  // The route's calls, and the account's calls a token of that driver reaches too.
  calls = [
    { name: 'route list', method: 'GET', path: '/v1/projects/routes' },
    { name: 'organisation', method: 'GET', path: '/v1/organisations' },
    { name: 'driver', method: 'GET', path: `/v1/drivers/${s.driver.driverId}` },
    ...route.calls,
  ];
});
afterAll(() => t.close());

/** Whether the socket of the session's route opens with this token: the upgrade's status. */
function socketStatus(token: string): Promise<number> {
  const query = new URLSearchParams({
    routeId: String(s.routeId),
    projectId: String(s.projectId),
    token,
    owner: 'driver',
    deviceId: 'matrix',
  });
  const ws = new WebSocket(`${t.wsUrl}/v1/socket?${query}`);
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      ws.on('error', () => {});
      ws.terminate();
      resolve(res.statusCode ?? 0);
    });
  });
}

const secret = () => new TextEncoder().encode(t.config.jwtSecret);
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

async function forge(edit: (jwt: SignJWT) => SignJWT, payload: Record<string, unknown>, key = secret()) {
  return edit(new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })).sign(key);
}

describe('JWT matrix', () => {
  it('answers 401 to every altered or misused token on every call and the socket', async () => {
    const real = claimsOf(s.token) as Record<string, unknown>;
    const { iss, aud, sub, iat, exp, ...body } = real;
    const now = Math.floor(Date.now() / 1000);
    const base = (j: SignJWT) =>
      j
        .setIssuer(String(iss))
        .setAudience(String(aud))
        .setSubject(String(sub))
        .setIssuedAt(now)
        .setExpirationTime(now + 600);
    const [header, , signature] = s.token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const tampered = Buffer.from(JSON.stringify({ ...real, organisationId: 999_999 })).toString('base64url');
    const tokens: Record<string, string> = {
      'alg none': `${noneHeader}.${s.token.split('.')[1]}.`,
      'payload changed, old signature': `${header}.${tampered}.${signature}`,
      'signed with another key': await forge(base, body, new TextEncoder().encode('not-the-secret-not-the-secret!!')),
      expired: await forge(
        (j) =>
          base(j)
            .setIssuedAt(now - 7200)
            .setExpirationTime(now - 3600),
        body,
      ),
      'wrong issuer': await forge((j) => base(j).setIssuer('someone-else'), body),
      'refresh audience': await forge((j) => base(j).setAudience(AUDIENCE.refresh), body),
      'typ link in an access token': await forge(base, { ...body, typ: 'link' }),
      'refresh token': (await signIn(t, s.driver.email)).refreshToken,
      'HS512 header': await new SignJWT(body)
        .setProtectedHeader({ alg: 'HS512' })
        .setIssuer(String(iss))
        .setAudience(String(aud))
        .setSubject(String(sub))
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(t.config.jwtSecret.padEnd(64, 'x'))),
      garbage: 'a.b.c',
      empty: '',
    };
    let checks = 0;
    for (const [name, token] of Object.entries(tokens)) {
      for (const call of calls) {
        const res = await t.request(call.method, call.path, { token: token || undefined, body: call.body });
        expect(res.status, `${name}: ${call.name}`).toBe(401);
        checks++;
      }
      if (token) {
        expect(await socketStatus(token), `${name}: socket`).toBe(401);
        checks++;
      }
    }
    console.log(
      `reliability: JWT matrix ${Object.keys(tokens).length} tokens x ${calls.length + 1} calls -> ${checks} checks, all 401`,
    );
  });
});

describe('access control matrix', () => {
  it("gives another driver, another organisation and another route's link nothing, and writes nothing", async () => {
    const date = localDate(new Date());
    const sameOrg = await makeDriver(t, s.driver.organisationId);
    const otherOrg = await makeDriver(t);
    const second = await routeSession(t, { date }, s.driver);
    const principals: Record<string, string> = {
      'driver of the same organisation': (await signIn(t, sameOrg.email)).accessToken,
      'driver of another organisation': (await signIn(t, otherOrg.email)).accessToken,
      "link of the driver's other route": await makeLink(t, second.routeId),
    };
    const before = await t.server.ctx.db.selectFrom('completions').select('id').execute();
    let checks = 0;
    for (const [who, token] of Object.entries(principals)) {
      for (const call of calls) {
        const res = await t.request<unknown>(call.method, call.path, { token, body: call.body });
        checks++;
        if (call.name === 'route list') {
          // Their own list (a link has none), never with the session driver's route.
          const ids = Array.isArray(res.body)
            ? (res.body as ProjectEntry[]).flatMap((p) => p.routes.map((r) => r.id))
            : [];
          expect(ids, who).not.toContain(s.routeId);
          continue;
        }
        if (call.name === 'organisation') {
          // Their own organisation (the link's is the route's, the same as the session driver's by design).
          expect(res.status, who).toBe(200);
          const theirs = who.includes('another organisation') ? otherOrg.organisationId : s.driver.organisationId;
          expect((res.body as { id: number }).id, who).toBe(theirs);
          continue;
        }
        const expected = call.name === 'driver' ? 403 : 404;
        expect(res.status, `${who}: ${call.name} ${JSON.stringify(res.body)}`).toBe(expected);
      }
      expect(await socketStatus(token), `${who}: socket`).toBe(404);
      checks++;
      for (const path of ['/v1/dispatch/routes', `/v1/dispatch/routes/${s.routeId}`, '/v1/dispatch/csp-reports']) {
        expect((await t.request('GET', path, { token })).status, `${who}: ${path}`).toBe(401);
        checks++;
      }
    }
    expect(await t.server.ctx.db.selectFrom('completions').select('id').execute()).toEqual(before);
    console.log(
      `reliability: access control ${Object.keys(principals).length} foreign principals x ${calls.length + 4} calls -> ${checks} checks, 0 successes on another's data`,
    );
  });
});
