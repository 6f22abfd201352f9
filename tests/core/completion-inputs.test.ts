/**
 * Issue 30: what a driver enters reaches the server whatever it holds. A note pasted with U+0000 (which the server
 * refuses: PostgreSQL cannot store it) is stored without it instead of being parked for good; a completion over the
 * server's body limit (413) is parked at once as too large, in the app's words, instead of being sent again and again;
 * and a phone whose clock is far off still gets its completion stored, with the server's time instead of its own.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { createOutboxStore } from '../../src-worker/outbox/outbox-store.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';
import { type CoreHarness, type CoreOptions, newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeRoute, signIn, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { PHOTO_PNG, pngUrl } from '../helpers/images.ts';
import { signedInCore, startedRoute } from '../helpers/route-setup.ts';
import type { TestServer } from '../helpers/server.ts';

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

beforeAll(async () => {
  driver = await makeDriver(suite.t);
});

const core = (options: Partial<CoreOptions> = {}, server: TestServer = suite.t, who: DriverFixture = driver) =>
  signedInCore(suite, who, { baseUrl: server.url, ...options });

/** A started route of `who` with `n` deliveries in any order, opened in the core. */
async function anyOrderRoute(c: CoreHarness, server: TestServer = suite.t, who: DriverFixture = driver, n = 2) {
  const { routeId, deliveries } = await startedRoute(server, c, who, {
    stops: stopsAroundUtrecht(n),
    publication_settings: { fulfill_stops_in_any_order: true },
  });
  return { routeId, stops: deliveries };
}

/** Once the outbox has sent or parked the route's completions (the stop's unsent mark is set as it is queued). */
const settled = (c: CoreHarness, stopId: number) =>
  c.until(
    (s) =>
      s.outbox.parked.length > 0 ||
      (s.outbox.unsent === 0 &&
        s.route?.route?.stops.find((x) => x.id === stopId)?.status !== 'pending' &&
        !s.route?.unsentStopIds.includes(stopId)),
  );

const storedStop = (server: TestServer, stopId: number) =>
  server.server.ctx.db.selectFrom('stops').selectAll().where('id', '=', stopId).executeTakeFirstOrThrow();

describe('U+0000 in what the driver entered', () => {
  it('is taken out before the completion is stored, so it is sent and never parked', async () => {
    const c = await core();
    const { stops } = await anyOrderRoute(c);
    const result = await c.api.completeStop(stops[0]!.id, {
      status: 'finished',
      completion_note: 'Pasted\u0000 from the app',
      recipient_note: '\u0000Thanks',
      proofs: { signature_name: 'Br\u0000am' },
    });
    expect(result).toEqual({ ok: true });
    const state = await settled(c, stops[0]!.id);
    expect(state.outbox.parked).toEqual([]);
    const stored = await storedStop(suite.t, stops[0]!.id);
    expect([stored.status, stored.completion_note, stored.recipient_note]).toEqual([
      'finished',
      'Pasted from the app',
      'Thanks',
    ]);
  });
});

describe('an item an earlier version queued with a NUL in its note', () => {
  it('is sent without it when the driver signs in, not parked', async () => {
    const { routeId, projectId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(1) });
    const { accessToken } = await signIn(suite.t, driver.email);
    const start = { token: accessToken, body: { status: 'in_progress' } };
    expect((await suite.t.request('POST', `/v1/projects/${projectId}/routes/${routeId}`, start)).status).toBe(200);
    const stops = await suite.t.server.ctx.db
      .selectFrom('stops')
      .select('id')
      .where('route_id', '=', routeId)
      .execute();
    const stopId = stops[1]!.id;
    const dbName = newDbName();
    const storage = await openAppStorage(dbName);
    const now = Date.now();
    await createOutboxStore(storage.db).add({
      id: crypto.randomUUID(),
      owner: `driver:${driver.driverId}`,
      routeId,
      projectId,
      stopId,
      stop: { number: 1, name: 'Recipient 1' },
      seq: now * 1000,
      createdAt: now,
      body: { status: 'skipped', completion_note: 'Closed\u0000 for lunch', completed_at: new Date(now).toISOString() },
      images: null,
      signature: undefined,
      state: 'queued',
      attempts: 0,
      parked: null,
    });
    storage.close();
    const c = await core({ dbName, openWebSocket: null });
    const deadline = Date.now() + 10_000;
    while ((await storedStop(suite.t, stopId)).status !== 'skipped' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect((await storedStop(suite.t, stopId)).completion_note).toBe('Closed for lunch');
    expect(c.state().outbox.parked).toEqual([]);
  });
});

describe('a completion over the server’s body limit', () => {
  it('is parked as too large after one attempt, not retried', async () => {
    const small = await suite.server({ env: { BODY_LIMIT: String(16 * 1024) } });
    const who = await makeDriver(small);
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      if (String(input).includes('/services/')) sent.push(String(input));
      return fetch(input, init);
    };
    const c = await core({ fetch: counting }, small, who);
    const { stops } = await anyOrderRoute(c, small, who);
    const photo = pngUrl(PHOTO_PNG);
    expect(photo.length).toBeGreaterThan(16 * 1024);
    expect(await c.api.completeStop(stops[0]!.id, { status: 'finished', proofs: { images: [photo] } })).toEqual({
      ok: true,
    });
    const state = await settled(c, stops[0]!.id);
    expect(state.outbox.parked).toEqual([
      expect.objectContaining({ stopId: stops[0]!.id, reason: 'too_large', httpStatus: 413, photos: 1 }),
    ]);
    expect(state.outbox.unsent).toBe(0);
    // The next completion is not held up by it.
    expect(await c.api.completeStop(stops[1]!.id, { status: 'skipped', completion_note: 'Closed' })).toEqual({
      ok: true,
    });
    await c.until(
      (s) =>
        s.outbox.unsent === 0 &&
        !s.route?.unsentStopIds.includes(stops[1]!.id) &&
        s.route?.route?.stops.find((x) => x.id === stops[1]!.id)?.status === 'skipped',
    );
    expect((await storedStop(small, stops[1]!.id)).status).toBe('skipped');
    expect(sent.filter((url) => url.endsWith(`/services/${stops[0]!.id}`))).toHaveLength(1);
  });
});

describe('a phone whose clock is far off', () => {
  const DAY = 86_400_000;
  /** The completion requests the core sent, with their bodies. */
  function recording() {
    const bodies: Record<string, unknown>[] = [];
    const fetchFn: typeof fetch = (input, init) => {
      if (String(input).includes('/services/') && typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
      return fetch(input, init);
    };
    return { bodies, fetchFn };
  }

  it('two days ahead: the server refuses its time, the core sends the completion again without it', async () => {
    const { bodies, fetchFn } = recording();
    const c = await core({ fetch: fetchFn, now: () => Date.now() + 2 * DAY, openWebSocket: null });
    const { stops } = await anyOrderRoute(c);
    expect(await c.api.completeStop(stops[0]!.id, { status: 'finished', completion_note: 'At the door' })).toEqual({
      ok: true,
    });
    const state = await settled(c, stops[0]!.id);
    expect(state.outbox.parked).toEqual([]);
    expect(bodies.map((b) => 'completed_at' in b)).toEqual([true, false]);
    expect(bodies[1]).toMatchObject({ status: 'finished', completion_note: 'At the door' });
    expect(bodies[1]).not.toHaveProperty('finish_time');
    const stored = await storedStop(suite.t, stops[0]!.id);
    expect(stored.status).toBe('finished');
    expect(Math.abs(Date.parse(stored.completed_at!) - Date.now())).toBeLessThan(60_000);
  });

  it('three days behind: the core leaves its time out before the completion is stored', async () => {
    const { bodies, fetchFn } = recording();
    // Started by the server's clock: this phone thinks the route's day has not come yet.
    const { routeId, projectId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(2) });
    const { accessToken } = await signIn(suite.t, driver.email);
    const start = { token: accessToken, body: { status: 'in_progress' } };
    expect((await suite.t.request('POST', `/v1/projects/${projectId}/routes/${routeId}`, start)).status).toBe(200);
    const c = await core({ fetch: fetchFn, now: () => Date.now() - 3 * DAY, openWebSocket: null });
    expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    const opened = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stop = opened.route!.route!.stops.find((s) => s.type === 'delivery')!;
    expect(await c.api.completeStop(stop.id, { status: 'finished' })).toEqual({ ok: true });
    const state = await settled(c, stop.id);
    expect(state.outbox.parked).toEqual([]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('completed_at');
    expect((await storedStop(suite.t, stop.id)).status).toBe('finished');
  });
});
