import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/domain/dates.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { type CoreHarness, newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

/** A fetch that fails like a phone without signal while `offline` is set. */
let offline = false;
const flakyFetch: typeof fetch = (input, init) =>
  offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);

async function signedIn(dbName = newDbName()) {
  const c = await suite.core({ dbName, fetch: flakyFetch });
  if (c.state().session.status !== 'signed_in') await c.api.signIn(driver.email, PASSWORD);
  return c;
}

async function openRoute(c: CoreHarness, routeId: number) {
  expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
  return c.until((s) => s.route?.status === 'ready');
}

const completions = (stopId: number) =>
  suite.t.server.ctx.db.selectFrom('completions').selectAll().where('stop_id', '=', stopId).execute();

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Route Co' }));
});
afterEach(() => {
  offline = false;
});

describe('opening a route', () => {
  it('shows the route, the first open stop active, and the decoded planned line', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const c = await signedIn();
    const state = await openRoute(c, routeId);
    expect(state.route?.route?.stops).toHaveLength(5);
    expect(state.route?.activeStopId).toBe(state.route?.route?.stops[0]?.id);
    const withLine = await c.until((s) => (s.route?.line?.length ?? 0) > 0);
    expect(withLine.route?.lineIsFallback).toBe(true);
    expect(withLine.route?.line?.[0]?.[0]).toBeCloseTo(5.1214, 3); // [lng, lat]
  });

  it('answers route_expired for a route that is gone, and fetch_failed offline without a copy', async () => {
    const c = await signedIn();
    expect(await c.api.openRoute(987_654, { shared: false })).toMatchObject({ ok: false, error: 'route_expired' });
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    offline = true;
    expect(await c.api.openRoute(routeId, { shared: false })).toMatchObject({ ok: false, error: 'fetch_failed' });
  });

  it('opens from the device’s copy when offline', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const dbName = newDbName();
    const first = await signedIn(dbName);
    await openRoute(first, routeId);
    offline = true;
    expect(await first.api.openRoute(routeId, { shared: false })).toMatchObject({ ok: false, error: 'offline' });
    const state = await first.until((s) => s.route?.status === 'ready' && s.route.fromCache);
    expect(state.route?.route?.id).toBe(routeId);
  });

  it('asks for the line of the device’s copy beside the route, not after its answer, and only once', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const lineAsks: string[] = [];
    let lineAsked: (() => void) | null = null;
    let asked: Promise<boolean> = Promise.resolve(false);
    let holding = false;
    let askedWhileHeld: boolean | null = null;
    // While `holding`, the route's answer waits (bounded) for the line to be asked for: with the line asked for
    // only after the route has answered, the bound ends the wait and the test fails.
    const holdingFetch: typeof fetch = async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path === '/v1/osrmb') {
        lineAsks.push(path);
        lineAsked?.();
      }
      const answer = fetch(input, init);
      if (holding && path === `/v1/projects/routes/${routeId}`)
        askedWhileHeld = await Promise.race([asked, new Promise<boolean>((r) => setTimeout(r, 5_000, false))]);
      return answer;
    };
    const c = await suite.core({ fetch: holdingFetch });
    await c.api.signIn(driver.email, PASSWORD);
    await openRoute(c, routeId);
    await c.until((s) => (s.route?.line?.length ?? 0) > 0);
    await c.api.closeRoute();
    lineAsks.length = 0;

    asked = new Promise<boolean>((resolve) => {
      lineAsked = () => resolve(true);
    });
    holding = true;
    await openRoute(c, routeId);
    await c.until((s) => (s.route?.line?.length ?? 0) > 0 && s.route?.busy === null);
    expect(askedWhileHeld).toBe(true);
    // The server's answer has the same stops: the line is not asked for twice.
    expect(lineAsks).toHaveLength(1);
  });

  it('shows the device’s copy at once while the server is asked, then the server’s answer', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const dbName = newDbName();
    const first = await signedIn(dbName);
    await openRoute(first, routeId);
    await first.api.closeRoute();
    // The dispatcher renames the vehicle meanwhile: the copy shows first (not as an offline fallback), then the news.
    await suite.t.server.ctx.db
      .updateTable('routes')
      .set({ vehicle_name: 'Van 2' })
      .where('id', '=', routeId)
      .execute();
    const seen: (string | null | undefined)[] = [];
    const opened = first.api.openRoute(routeId, { shared: false });
    await first.until((s) => {
      if (s.route?.status === 'ready') seen.push(s.route.route?.vehicle_name);
      return s.route?.route?.vehicle_name === 'Van 2';
    });
    expect(await opened).toEqual({ ok: true });
    expect(seen[0]).toBe('Van 1');
    const settled = await first.until((s) => s.route?.busy === null);
    expect(settled.route?.fromCache).toBe(false);
  });
});

describe('starting', () => {
  it('starts: in progress, start stop finished, ETAs from the answer, the start synced as an event', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today });
    const c = await signedIn();
    await openRoute(c, routeId);
    expect(await c.api.startRoute({ lat: 52.09, lng: 5.12 })).toEqual({ ok: true });
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stops = state.route!.route!.stops;
    expect(stops[0]!.status).toBe('finished');
    expect(state.route!.activeStopId).toBe(stops[1]!.id);
    await expect
      .poll(
        async () =>
          (await suite.t.server.ctx.db.selectFrom('route_events').selectAll().where('route_id', '=', routeId).execute())
            .length,
      )
      .toBe(1);
  });

  it('refuses a route of a later day with start_too_early and its date', async () => {
    const tomorrow = addDays(today, 1);
    const { routeId } = await makeRoute(suite.t, driver, { date: tomorrow });
    const c = await signedIn();
    await openRoute(c, routeId);
    expect(await c.api.startRoute(null)).toEqual({ ok: false, error: 'start_too_early', message: tomorrow });
  });
});

describe('stops', () => {
  async function started(shape: Parameters<typeof makeRoute>[2] = {}) {
    const { routeId } = await makeRoute(suite.t, driver, { date: today, ...shape });
    const c = await signedIn();
    await openRoute(c, routeId);
    await c.api.startRoute(null);
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    return { c, routeId, stops: state.route!.route!.stops };
  }

  it('completes in order; a later stop is blocked naming the earlier one', async () => {
    const { c, stops } = await started();
    expect(await c.api.completeStop(stops[2]!.id, { status: 'finished' })).toEqual({
      ok: false,
      error: 'blocked',
      message: 'earlier_stop',
    });
    expect(await c.api.completeStop(stops[1]!.id, { status: 'skipped', completion_note: 'Nobody home' })).toEqual({
      ok: true,
    });
    const state = await c.until((s) => s.route?.unsentStopIds.length === 0 && s.route.activeStopId === stops[2]!.id);
    expect(state.route!.route!.stops[1]!.status).toBe('skipped');
    const stored = await completions(stops[1]!.id);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.body)).toMatchObject({ status: 'skipped', completion_note: 'Nobody home' });
  });

  it('offline: the completion waits on the device, the flow moves on, and it reaches the server once', async () => {
    const { c, stops } = await started();
    offline = true;
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished', completion_note: 'Left at the door' })).toEqual(
      {
        ok: true,
      },
    );
    const waiting = await c.until((s) => s.route?.unsentStopIds.includes(stops[1]!.id) === true);
    expect(waiting.route!.route!.stops[1]!).toMatchObject({ status: 'finished', completion_note: 'Left at the door' });
    expect(waiting.route!.activeStopId).toBe(stops[2]!.id);
    await c.api.completeStop(stops[2]!.id, { status: 'skipped' });
    expect(await completions(stops[1]!.id)).toHaveLength(0);
    offline = false;
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.route?.unsentStopIds.length === 0);
    expect(await completions(stops[1]!.id)).toHaveLength(1);
    expect(await completions(stops[2]!.id)).toHaveLength(1);
    await c.api.setConnectivity({ online: true });
    await c.api.refreshRoute();
    expect(await completions(stops[1]!.id)).toHaveLength(1);
  });

  it('a break is finished by resuming work; in any-order mode nothing blocks', async () => {
    const stopsInput = stopsAroundUtrecht(2);
    stopsInput.splice(2, 0, { type: 'break', lat: 52.09, lng: 5.12, service_time: 1800 });
    const { c, stops } = await started({ stops: stopsInput });
    await c.api.completeStop(stops[1]!.id, { status: 'finished' });
    expect(await c.api.completeStop(stops[3]!.id, { status: 'finished' })).toMatchObject({ message: 'break_first' });
    expect(await c.api.completeStop(stops[2]!.id, { status: 'finished' })).toEqual({ ok: true });
    const anyOrder = await started({ publication_settings: { fulfill_stops_in_any_order: true } });
    expect(await anyOrder.c.api.completeStop(anyOrder.stops[3]!.id, { status: 'finished' })).toEqual({ ok: true });
  });

  it('finishes the route only when every stop is done and nothing waits', async () => {
    const { c, stops, routeId } = await started({ stops: stopsAroundUtrecht(2) });
    expect(await c.api.finishRoute(null)).toMatchObject({ ok: false, error: 'blocked' });
    await c.api.completeStop(stops[1]!.id, { status: 'finished' });
    offline = true;
    await c.api.completeStop(stops[2]!.id, { status: 'finished' });
    await c.until((s) => s.route?.finishing === true);
    expect(await c.api.finishRoute(null)).toEqual({ ok: false, error: 'unsent_pending' });
    offline = false;
    expect(await c.api.finishRoute(null)).toEqual({ ok: true });
    const state = await c.until((s) => s.route?.route?.status === 'finished');
    expect(state.route!.route!.stops.every((s) => s.status === 'finished')).toBe(true);
    const route = await suite.t.server.ctx.db
      .selectFrom('routes')
      .select('status')
      .where('id', '=', routeId)
      .executeTakeFirstOrThrow();
    expect(route.status).toBe('finished');
  });
});

describe('a completion the server refused (issue 31)', () => {
  it('counts as done for the in-order rule; Complete route waits until it is sent again or discarded', async () => {
    const { routeId } = await makeRoute(suite.t, driver, { date: today, stops: stopsAroundUtrecht(2) });
    const c = await signedIn();
    await openRoute(c, routeId);
    await c.api.startRoute(null);
    const stops = (await c.until((s) => s.route?.route?.status === 'in_progress')).route!.route!.stops;
    offline = true;
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished' })).toEqual({ ok: true });
    // While it waited, the dispatcher made the stop ask for a photo: the server refuses it for good.
    const photo = { requirements: { picture: true } };
    expect(
      (await suite.t.dispatch('PATCH', `/v1/dispatch/routes/${routeId}/stops/${stops[1]!.id}`, photo)).status,
    ).toBe(200);
    offline = false;
    await c.api.setConnectivity({ online: true });
    const refused = await c.until((s) => s.outbox.parked.some((p) => p.stopId === stops[1]!.id));
    // Still done on the phone, so the next stop is the active one and can be completed.
    expect(refused.route!.route!.stops[1]!.status).toBe('finished');
    expect(refused.route!.activeStopId).toBe(stops[2]!.id);
    expect(await c.api.completeStop(stops[2]!.id, { status: 'finished' })).toEqual({ ok: true });
    await c.until((s) => s.route?.finishing === true && s.route.unsentStopIds.length === 0);
    expect(await c.api.finishRoute(null)).toEqual({ ok: false, error: 'blocked', message: 'not_saved' });
    // Discarded, the stop is open again on the phone as on the server, and the rules apply to it again.
    const parked = c.state().outbox.parked.find((p) => p.stopId === stops[1]!.id)!;
    expect(await c.api.discardCompletion(parked.id)).toEqual({ ok: true });
    const back = await c.until((s) => s.outbox.parked.length === 0 && s.route?.route?.stops[1]?.status === 'pending');
    expect(back.route!.finishing).toBe(false);
  });
});

describe('the rules, checked in the core before anything is queued', () => {
  it('refuses a delivery missing a required photo, an under-age recipient, a 501-character note', async () => {
    const stops = stopsAroundUtrecht(2, {
      requirements: { picture: true, signature: false, signature_name: false, age_verification: false, barcode: false },
    });
    const { routeId } = await makeRoute(suite.t, driver, { date: today, stops });
    const c = await signedIn();
    await openRoute(c, routeId);
    await c.api.startRoute(null);
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stop = state.route!.route!.stops[1]!;
    expect(await c.api.completeStop(stop.id, { status: 'finished' })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'photo_required',
    });
    expect(
      await c.api.completeStop(stop.id, {
        status: 'finished',
        proofs: { images: [jpegUrl()], recipient_date_of_birth: localDate(new Date()) },
      }),
    ).toMatchObject({ ok: false, message: 'recipient_under_age' });
    expect(await c.api.completeStop(stop.id, { status: 'skipped', completion_note: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      message: 'note_too_long',
    });
    // A photo handle the core never made (or long since dropped) is refused, not sent without its photo.
    expect(
      await c.api.completeStop(stop.id, { status: 'finished', proofs: { images: ['photo:not-made-here'] } }),
    ).toMatchObject({ ok: false, message: 'photo_missing' });
    expect(await c.api.loadImage('photo:not-made-here')).toMatchObject({ ok: false, error: 'not_found' });
    // Nothing of it was stored on the device or sent.
    expect(c.state().outbox.unsent).toBe(0);
    expect(await completions(stop.id)).toHaveLength(0);
    // The same stop with its photo goes through.
    expect(await c.api.completeStop(stop.id, { status: 'finished', proofs: { images: [jpegUrl()] } })).toEqual({
      ok: true,
    });
  });
});

describe('unit scans (issue 19), in the core', () => {
  it('refuses a delivery before every parcel is scanned or marked, then queues the scans with the completion', async () => {
    const stops = stopsAroundUtrecht(1, {
      requirements: { barcode: true },
      units: [
        { id: 'p1', name: 'Parcel', quantity: 1, note: null, barcode: '4006381333931' },
        { id: 'p2', name: 'Envelope', quantity: 1, note: null, barcode: 'PKG-2' },
      ],
    });
    const { routeId } = await makeRoute(suite.t, driver, { date: today, stops });
    const c = await signedIn();
    await openRoute(c, routeId);
    await c.api.startRoute(null);
    const state = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stop = state.route!.route!.stops[1]!;
    const at = new Date().toISOString();
    const scanned = { id: 'p1', barcode_scanned: true, scan_method: 'camera' as const, scanned_at: at };
    expect(await c.api.completeStop(stop.id, { status: 'finished', units: [scanned] })).toEqual({
      ok: false,
      error: 'invalid_completion',
      message: 'units_unscanned',
    });
    expect(c.state().outbox.unsent).toBe(0);
    const missing = { id: 'p2', barcode_scanned: false, scan_reason: 'missing' as const, scanned_at: at };
    expect(await c.api.completeStop(stop.id, { status: 'finished', units: [scanned, missing] })).toEqual({ ok: true });
    // The stop shows the scans at once (the mirror follows the core's patches); then the server has them too.
    const shown = await c.until((s) => s.route?.route?.stops[1]?.status === 'finished');
    expect(shown.route!.route!.stops[1]!.units.map((u) => [u.id, u.barcode_scanned, u.scan_reason])).toEqual([
      ['p1', true, null],
      ['p2', false, 'missing'],
    ]);
    const stored = async () => {
      const row = await suite.t.server.ctx.db
        .selectFrom('stops')
        .select('units')
        .where('id', '=', stop.id)
        .executeTakeFirst();
      return (JSON.parse(row?.units ?? '[]') as { barcode_scanned: boolean; scan_reason: string | null }[]).map((u) => [
        u.barcode_scanned,
        u.scan_reason,
      ]);
    };
    await expect.poll(stored).toEqual([
      [true, null],
      [false, 'missing'],
    ]);
  });
});

describe('the stop update payload', () => {
  it('a skipped stop carries only status, position and the two notes', async () => {
    const { stopUpdateBody } = await import('../../src-worker/routes/stop-update-body.ts');
    const body = stopUpdateBody(
      {
        status: 'skipped',
        position: { lat: 52.123456789, lng: 5.1 },
        completion_note: 'closed',
        recipient_note: null,
        proofs: { images: ['data:image/jpeg;base64,AAAA'], signature_name: 'X' },
      },
      Date.UTC(2026, 10, 21, 9),
    );
    expect(body).toEqual({
      status: 'skipped',
      lat: '52.1234568',
      lng: '5.1000000',
      completion_note: 'closed',
      recipient_note: null,
    });
  });

  it('a delivered stop adds proofs as an indexed map, the finish time, and the cleaning fields', async () => {
    const { stopUpdateBody } = await import('../../src-worker/routes/stop-update-body.ts');
    const at = new Date(2026, 10, 21, 9, 30, 15).getTime();
    const body = stopUpdateBody(
      {
        status: 'finished',
        proofs: { images: ['a', 'b'], signature: 'sig', signature_name: 'Jan', recipient_date_of_birth: '1990-01-01' },
        cleaning: { status: 'other', definition: 'Lid broken', sticker: true },
      },
      at,
    );
    expect(body).toMatchObject({
      images: { 0: 'a', 1: 'b' },
      signature: 'sig',
      signature_name: 'Jan',
      recipient_date_of_birth: '1990-01-01',
      finish_time: String(9 * 3600 + 30 * 60 + 15),
      cleaning_status: 'other',
      cleaning_definition: 'Lid broken',
      sticker: true,
    });
  });

  it('carries when each new photo and a new signature were captured, never for kept ones', async () => {
    const { stopUpdateBody } = await import('../../src-worker/routes/stop-update-body.ts');
    const at = Date.UTC(2026, 10, 21, 14, 30, 15);
    const taken: Record<string, number> = {
      'photo:1': Date.UTC(2026, 10, 21, 14, 2),
      'photo:2': Date.UTC(2026, 10, 21, 14, 3),
    };
    const capturedAt = (handle: string) => taken[handle] ?? null;
    const signedAt = '2026-11-21T14:04:00.000Z';
    const fresh = stopUpdateBody(
      {
        status: 'finished',
        proofs: {
          images: ['/v1/images/7', 'photo:1', 'photo:2'],
          signature: 'data:image/png;base64,AAAA',
          signature_captured_at: signedAt,
        },
      },
      at,
      undefined,
      capturedAt,
    );
    expect(fresh.captured_at).toEqual({
      images: { 1: '2026-11-21T14:02:00.000Z', 2: '2026-11-21T14:03:00.000Z' },
      signature: signedAt,
    });
    // An edit that keeps the stored signature and photos: nothing new was captured.
    const kept = stopUpdateBody(
      {
        status: 'finished',
        proofs: { images: ['/v1/images/7'], signature: '/v1/images/8', signature_captured_at: signedAt },
      },
      at,
      undefined,
      capturedAt,
    );
    expect(kept).not.toHaveProperty('captured_at');
  });

  it('takes the finish time on the organisation’s clocks when its time zone is known', async () => {
    const { stopUpdateBody } = await import('../../src-worker/routes/stop-update-body.ts');
    const at = Date.UTC(2026, 10, 21, 14, 30, 15);
    const delivered = { status: 'finished' as const };
    expect(stopUpdateBody(delivered, at, 'Europe/Amsterdam')).toMatchObject({
      finish_time: String(15 * 3600 + 30 * 60 + 15),
      completed_at: '2026-11-21T14:30:15.000Z',
    });
    expect(stopUpdateBody(delivered, at, 'America/New_York').finish_time).toBe(String(9 * 3600 + 30 * 60 + 15));
  });
});
