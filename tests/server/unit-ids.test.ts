/**
 * Issue 30, "unit ids unique per stop": a scan names a unit by its id, so two units of one stop with one id would both
 * be marked scanned by one scan, and the barcode requirement would pass for a parcel never scanned. The dispatcher API
 * refuses them (400 naming the unit) on route create and on stop PATCH, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { DispatchRouteDetail, StopInput } from '../../src-shared/protocol/dispatch.ts';
import { dispatchRoute, expectError } from '../helpers/dispatch.ts';
import { type DriverFixture, makeDriver, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let driver: DriverFixture;

beforeAll(async () => {
  t = await startTestServer();
  driver = await makeDriver(t);
});
afterAll(() => t.close());

const parcel = (id: string, barcode: string) => ({ id, name: 'Parcel', quantity: 1, barcode });
const twins = [parcel('p-1', '4006381333931'), parcel('p-2', '4006381333932'), parcel('p-1', '4006381333933')];

const routeCount = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('routes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('two units of one stop with the same id', () => {
  it('are refused on route create, naming the second, and no route is made', async () => {
    const before = await routeCount();
    const stops: StopInput[] = stopsAroundUtrecht(2).map((stop, i) => (i === 2 ? { ...stop, units: twins } : stop));
    const res = await t.dispatch('POST', '/v1/dispatch/routes', {
      organisation_id: driver.organisationId,
      driver_id: driver.driverId,
      project_name: 'Twins',
      date: localDate(new Date()),
      stops,
    });
    expectError(res, 400, /stops\.2\.units\.2\.id repeats the id of another unit/, 'stops.2.units.2.id');
    expect(await routeCount()).toBe(before);
  });

  it('are refused on stop PATCH, naming the second, and the stop keeps its units', async () => {
    const route = await dispatchRoute(t, driver);
    const stop = route.stops[1]!;
    const res = await t.dispatch('PATCH', `/v1/dispatch/routes/${route.id}/stops/${stop.id}`, { units: twins });
    expectError(res, 400, /units\.2\.id repeats the id/, 'units.2.id');
    const detail = (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${route.id}`)).body;
    expect(detail.stops.find((s) => s.id === stop.id)!.units).toEqual(stop.units);
  });

  it('units with ids of their own, or none, are taken', async () => {
    const route = await dispatchRoute(t, driver);
    const units = [parcel('p-1', '1'), parcel('p-2', '2'), { name: 'Envelope', quantity: 1 }];
    const res = await t.dispatch<{ units: { id: string }[] }>(
      'PATCH',
      `/v1/dispatch/routes/${route.id}/stops/${route.stops[1]!.id}`,
      { units },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(new Set(res.body.units.map((u) => u.id)).size).toBe(3);
  });
});
