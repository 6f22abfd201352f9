/**
 * Issue 30: a status event (`service_change`) is taken like a position, only while its route is in progress (409
 * otherwise, socket and HTTP alike); the status events a sender stores are bounded in bytes a minute as well as in
 * number (EVENT_BYTES_LIMIT: one driver could store about 3.4 MB a minute); and an event's images and signature are
 * references to stored images only, never image data or other text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { ApiError } from '../../src-shared/protocol/http.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startedSession, startRoute } from '../helpers/sessions.ts';
import { openSocket } from '../helpers/socket.ts';

const BYTES = 3_000;
let t: TestServer;
let clock = Date.now();
const date = localDate(new Date(clock));

beforeAll(async () => {
  t = await startTestServer({ now: () => clock, env: { EVENT_BYTES_LIMIT: String(BYTES), EVENT_RATE_LIMIT: '100' } });
});
afterAll(() => t.close());

const events = (routeId: number) =>
  t.server.ctx.db.selectFrom('route_events').selectAll().where('route_id', '=', routeId).execute();
const post = (s: RouteSession, data: object) =>
  t.request<ApiError>('POST', `${s.path}/events`, { token: s.token, body: { type: 'service_change', data } });
const change = (s: RouteSession, extra: object = {}) => ({ status: 'finished', service_id: s.stopIds[1], ...extra });

describe('service_change of a route not in progress', () => {
  it('answers 409 on the events call and an error on the socket, before the start and after the finish', async () => {
    const s = await routeSession(t, { date });
    const socket = await openSocket(t, { routeId: s.routeId, projectId: s.projectId, token: s.token });
    try {
      const refused = await post(s, change(s));
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'Status events are recorded only while the route is in progress',
      ]);
      socket.send({ type: 'service_change', data: change(s) });
      expect((await socket.next('error')).data.message).toMatch(/service_change: Status events are recorded only/);

      await startRoute(t, s);
      expect((await post(s, change(s))).status).toBe(200);
      socket.send({ type: 'service_change', data: change(s) });
      await socket.flush();
      expect(await events(s.routeId)).toHaveLength(2);

      await t.server.ctx.db.updateTable('routes').set({ status: 'finished' }).where('id', '=', s.routeId).execute();
      expect((await post(s, change(s))).status).toBe(409);
      expect(await events(s.routeId)).toHaveLength(2);
    } finally {
      await socket.close();
    }
  });
});

describe('status-event bytes a minute', () => {
  it('refuses the event that would pass the budget, socket and HTTP together, until the minute has passed', async () => {
    const s = await startedSession(t, { date });
    const socket = await openSocket(t, { routeId: s.routeId, projectId: s.projectId, token: s.token });
    try {
      // Each event with two 450-character notes is about 960 bytes stored: three fit in 3,000, the fourth does not.
      const notes = { completion_note: 'x'.repeat(450), recipient_note: 'y'.repeat(450) };
      expect((await post(s, change(s, notes))).status).toBe(200);
      socket.send({ type: 'service_change', data: change(s, notes) });
      await socket.flush();
      expect((await post(s, change(s, notes))).status).toBe(200);
      const refused = await post(s, change(s, notes));
      expect([refused.status, refused.body.message]).toEqual([
        429,
        `Too many status events: at most ${BYTES} bytes a minute`,
      ]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      socket.send({ type: 'service_change', data: change(s, notes) });
      expect((await socket.next('error')).data.message).toMatch(/at most 3000 bytes a minute/);
      // A small one still fits.
      expect((await post(s, change(s))).status).toBe(200);
      const stored = await events(s.routeId);
      expect(stored).toHaveLength(4);
      expect(stored.reduce((sum, e) => sum + e.bytes, 0)).toBeLessThanOrEqual(BYTES);
      expect(stored.every((e) => e.bytes === Buffer.byteLength(e.body))).toBe(true);

      clock += 61_000;
      expect((await post(s, change(s, notes))).status).toBe(200);
    } finally {
      await socket.close();
    }
  });
});

describe("a status event's images and signature", () => {
  it('take references to stored images only', async () => {
    const s = await startedSession(t, { date });
    const cases: [object, string][] = [
      [{ images: { 0: 'data:image/png;base64,iVBORw0KGgo=' } }, 'data.images.0'],
      [{ images: { 0: 'a photo of the door' } }, 'data.images.0'],
      [{ signature: 'data:image/png;base64,iVBORw0KGgo=' }, 'data.signature'],
      [{ signature: '/v1/images/12/../../secrets' }, 'data.signature'],
    ];
    for (const [extra, field] of cases) {
      const res = await post(s, change(s, extra));
      expect([res.status, res.body.field], JSON.stringify(extra)).toEqual([400, field]);
      expect(res.body.message).toContain('must be the URL of a stored image');
    }
    const socket = await openSocket(t, { routeId: s.routeId, projectId: s.projectId, token: s.token });
    try {
      socket.send({ type: 'service_change', data: change(s, { signature: 'data:image/png;base64,AAAA' }) });
      expect((await socket.next('error')).data.message).toMatch(/data\.signature must be the URL of a stored image/);
    } finally {
      await socket.close();
    }
    expect(await events(s.routeId)).toEqual([]);
    const refs = { images: { 0: '/v1/images/7', 1: `${t.url}/v1/images/8` }, signature: '/v1/images/9' };
    expect((await post(s, change(s, refs))).status).toBe(200);
  });
});
