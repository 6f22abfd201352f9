/**
 * Completing a stop (src-worker/routes/stop-completion.ts), the core against the real server: in order unless the
 * route says any order, a break finished by resuming work, and a completion made offline shown as done at once,
 * kept on the device, and sent once when the network is back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreSuite } from '../helpers/core-suite.ts';
import { faultyFetch } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  type makeRoute,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';
import { signedInCore, startedRoute, stopCompletions } from '../helpers/route-setup.ts';

const suite = coreSuite();
let driver: DriverFixture;
/** The fetch of every core here: `net.rule = () => 'offline'` plays a phone without signal. */
let net = faultyFetch();

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Route Co' }));
});

/** A started route of the given shape in a new core whose network is a new `net`. */
async function started(shape: Parameters<typeof makeRoute>[2] = {}) {
  net = faultyFetch();
  const c = await signedInCore(suite, driver, { fetch: net.fetch });
  return { c, ...(await startedRoute(suite.t, c, driver, shape)) };
}

describe('completing stops', () => {
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
    const stored = await stopCompletions(suite.t, stops[1]!.id);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.body)).toMatchObject({ status: 'skipped', completion_note: 'Nobody home' });
  });

  it('offline: the completion waits on the device, the flow moves on, and it reaches the server once', async () => {
    const { c, stops } = await started();
    net.rule = () => 'offline';
    expect(await c.api.completeStop(stops[1]!.id, { status: 'finished', completion_note: 'Left at the door' })).toEqual(
      {
        ok: true,
      },
    );
    const waiting = await c.until((s) => s.route?.unsentStopIds.includes(stops[1]!.id) === true);
    expect(waiting.route!.route!.stops[1]!).toMatchObject({ status: 'finished', completion_note: 'Left at the door' });
    expect(waiting.route!.activeStopId).toBe(stops[2]!.id);
    await c.api.completeStop(stops[2]!.id, { status: 'skipped' });
    expect(await stopCompletions(suite.t, stops[1]!.id)).toHaveLength(0);
    net.rule = () => 'pass';
    await c.api.setConnectivity({ online: true });
    await c.until((s) => s.route?.unsentStopIds.length === 0);
    expect(await stopCompletions(suite.t, stops[1]!.id)).toHaveLength(1);
    expect(await stopCompletions(suite.t, stops[2]!.id)).toHaveLength(1);
    await c.api.setConnectivity({ online: true });
    await c.api.refreshRoute();
    expect(await stopCompletions(suite.t, stops[1]!.id)).toHaveLength(1);
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
});
