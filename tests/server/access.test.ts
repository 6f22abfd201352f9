import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { makeDriver, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, type RouteCall, type RouteSession, routeSession, routeWithCalls } from '../helpers/sessions.ts';

let t: TestServer;
let s: RouteSession;
const tokens: Record<string, string> = {};

let calls: RouteCall[];

/** Rows the calls below could write: none may appear after a refusal. */
async function traces() {
  const { db } = t.server.ctx;
  const count = async (table: 'locations' | 'route_events' | 'completions') =>
    (await db.selectFrom(table).select('id').where('route_id', '=', s.routeId).execute()).length;
  const route = await db
    .selectFrom('routes')
    .select('updated_at')
    .where('id', '=', s.routeId)
    .executeTakeFirstOrThrow();
  return {
    locations: await count('locations'),
    events: await count('route_events'),
    completions: await count('completions'),
    updated: route.updated_at,
  };
}

beforeAll(async () => {
  t = await startTestServer();
  const date = localDate(new Date());
  ({ s, calls } = await routeWithCalls(t, date));

  const sameOrg = await makeDriver(t, s.driver.organisationId);
  const otherOrg = await makeDriver(t);
  const secondRoute = await routeSession(t, { date }, s.driver);
  tokens.otherOrganisation = (await signIn(t, otherOrg.email)).accessToken;
  tokens.sameOrganisationNotAssigned = (await signIn(t, sameOrg.email)).accessToken;
  tokens.linkOfAnotherRoute = await makeLink(t, secondRoute.routeId);
  tokens.link = await makeLink(t, s.routeId);
  tokens.refresh = (await signIn(t, s.driver.email)).refreshToken;
});
afterAll(() => t.close());

describe('callers who may not reach the route', () => {
  for (const who of ['otherOrganisation', 'sameOrganisationNotAssigned', 'linkOfAnotherRoute']) {
    it(`answers 404 field id to a ${who} on every call, and writes nothing`, async () => {
      const before = await traces();
      for (const call of calls) {
        const res = await t.request(call.method, call.path, { token: tokens[who], body: call.body });
        expect(res.status, call.name).toBe(404);
        expect(res.body, call.name).toMatchObject({ field: 'id' });
      }
      expect(await traces()).toEqual(before);
    });
  }

  it('answers 401 without a token, with a garbage token and with a refresh token', async () => {
    for (const token of [undefined, 'garbage', tokens.refresh]) {
      for (const call of calls) {
        const res = await t.request(call.method, call.path, { token, body: call.body });
        expect(res.status, `${call.name} ${String(token).slice(0, 10)}`).toBe(401);
      }
    }
  });

  it('answers 404 field id when the project in the path is not the route’s', async () => {
    const wrong = `/v1/projects/${s.projectId + 1000}/routes/${s.routeId}`;
    for (const call of calls.filter((c) => c.path.startsWith(s.path))) {
      const res = await t.request(call.method, call.path.replace(s.path, wrong), { token: s.token, body: call.body });
      expect(res, call.name).toMatchObject({ status: 404, body: { field: 'id' } });
    }
  });

  it('lets the dispatcher token read images and nothing of the driver API', async () => {
    for (const call of calls) {
      const res = await t.request(call.method, call.path, { token: t.config.dispatchToken, body: call.body });
      expect(res.status, call.name).toBe(call.name === 'image' ? 200 : 401);
    }
  });
});

describe('the route’s shared link', () => {
  it('works on its route, stop, location, events and image calls', async () => {
    for (const call of calls) {
      const res = await t.request(call.method, call.path, { token: tokens.link, body: call.body });
      expect(res.status, `${call.name} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
  });

  it('is refused (403) on the route list and the driver record', async () => {
    for (const path of ['/v1/projects/routes', `/v1/drivers/${s.driver.driverId}`]) {
      const res = await t.request('GET', path, { token: tokens.link });
      expect(res.status, path).toBe(403);
    }
  });

  it('stops working once revoked', async () => {
    const link = await makeLink(t, s.routeId);
    const payload = JSON.parse(Buffer.from(link.split('.')[1]!, 'base64url').toString()) as { linkId: string };
    await t.server.ctx.db
      .updateTable('links')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', payload.linkId)
      .execute();
    for (const call of calls) {
      const res = await t.request(call.method, call.path, { token: link, body: call.body });
      expect(res.status, call.name).toBe(401);
    }
  });
});
