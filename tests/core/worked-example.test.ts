/**
 * The worked example of docs/testing.md: how to test an intent of the core. A real core (the same createWorkerApi
 * the worker exposes, behind a real Comlink channel) against our real server on a free port with a temp database:
 * sign in, open a route the dispatcher made, start it, complete a stop, and see what the driver sees (the mirrored
 * state) and what the server stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeRoute, PASSWORD, stopsAroundUtrecht } from '../helpers/fixtures.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t);
});

describe('completeStop, as a test of a new intent would drive it', () => {
  it('marks the stop done at once, sends it, and the server stores it once', async () => {
    const { t } = suite;
    const c = await suite.core();
    expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
    const { routeId } = await makeRoute(t, driver, { date: localDate(new Date()), stops: stopsAroundUtrecht(2) });
    expect(await c.api.openRoute(routeId, { shared: false })).toEqual({ ok: true });
    await c.until((s) => s.route?.status === 'ready');
    expect(await c.api.startRoute(null)).toEqual({ ok: true });
    const started = await c.until((s) => s.route?.route?.status === 'in_progress');
    const stop = started.route!.route!.stops.find((s) => s.type === 'delivery')!;

    expect(await c.api.completeStop(stop.id, { status: 'finished', completion_note: 'At the door' })).toEqual({
      ok: true,
    });
    // What the UI mirrors: the stop done at once. The patches travel on the listener's own port, so the intent's
    // answer may come before them: wait for the state, never for a time.
    await c.until((s) => s.route?.route?.stops.find((x) => x.id === stop.id)?.status === 'finished');
    // What the server stores: one completion with the driver's note, sent in the background; then nothing unsent.
    const stored = () =>
      t.server.ctx.db
        .selectFrom('completions')
        .select(['status', 'body'])
        .where('stop_id', '=', stop.id)
        .execute()
        .then((rows) => rows.map((r) => [r.status, JSON.parse(r.body).completion_note]));
    await expect.poll(stored).toEqual([['finished', 'At the door']]);
    await c.until((s) => s.outbox.unsent === 0);
    expect(await stored()).toHaveLength(1);
  });
});
