/**
 * The benchmark's data, made through the dispatcher API on an empty server: one organisation with every feature,
 * one driver with a 200-route list (today's and later days' rounds, and finished ones of past days), among them a
 * 300-stop route to open and, for scenario 4, one started 300-stop route per run to work through. Stops come from
 * the demo's generator, so they look like the demo's: Utrecht addresses, units, time windows, notes.
 */

import { generateStops } from '../../src-server/seed/utrecht.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { CreateRouteRequest, StopInput } from '../../src-shared/protocol/dispatch.ts';

export const BENCH_DRIVER = { email: 'bench@example.com', password: 'bench-password-1' } as const;
const LIST_SIZE = 200;
const BIG_ROUTE_STOPS = 300;
/** The vehicle names the scenarios look for on the route list. */
export const BIG_ROUTE_VEHICLE = 'Van 300';
export const DEMO_ROUTE_VEHICLE = 'Demo van';

export interface BenchData {
  organisationId: number;
  driverId: number;
  /** The 300-stop route of today that scenario 3 opens (never started). */
  bigRouteId: number;
  /** The demo's long route of today (src-server/seed/demo.ts, its "Van 2": 40 stops), for scenario 6 (never started). */
  demoRouteId: number;
  /** Started 300-stop routes of today, one per scenario-4 run; each has a picture required at every stop. */
  workRouteIds: number[];
  /** Every route of the driver's list. */
  routeCount: number;
}

function day(offset: number): string {
  const now = new Date();
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
}

export async function seedBench(baseUrl: string, dispatchToken: string, workRoutes: number): Promise<BenchData> {
  async function call<T>(method: string, path: string, body?: unknown, token: string | null = dispatchToken) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  const org = await call<{ id: number }>('POST', '/v1/dispatch/organisations', {
    name: 'Bench Parcels',
    config: { allowed_to_call_recipient: true },
  });
  const driver = await call<{ id: number }>('POST', '/v1/dispatch/drivers', {
    ...BENCH_DRIVER,
    first_name: 'Bea',
    last_name: 'Bench',
    organisation_id: org.id,
  });
  const route = (input: Omit<CreateRouteRequest, 'organisation_id' | 'driver_id'>) =>
    call<{ id: number; project_id: number }>('POST', '/v1/dispatch/routes', {
      organisation_id: org.id,
      driver_id: driver.id,
      ...input,
    });
  const stops = (seed: number, deliveries: number): StopInput[] =>
    generateStops({ seed, deliveries, startSeconds: 8 * 3600, profile: 'car', flavour: 'parcels' });
  const photoAtEveryStop = (list: StopInput[]) =>
    list.map((s) => (s.type === 'delivery' ? { ...s, requirements: { picture: true } } : s));

  const big = await route({
    project_name: 'Big round',
    date: day(0),
    vehicle_name: BIG_ROUTE_VEHICLE,
    stops: stops(300, BIG_ROUTE_STOPS),
  });
  // The demo driver's long route of today, made by the demo's own spec (src-server/seed/demo.ts).
  const demo = await route({
    project_name: 'Big round',
    date: day(0),
    vehicle_name: DEMO_ROUTE_VEHICLE,
    stops: generateStops({
      seed: 102,
      deliveries: 36,
      startSeconds: 7.5 * 3600,
      profile: 'car',
      flavour: 'parcels',
      pickupAt: 4,
      breakAt: 19,
    }),
  });
  const workRouteIds: number[] = [];
  for (let i = 0; i < workRoutes; i++) {
    const work = await route({
      project_name: 'Big round',
      date: day(0),
      vehicle_name: `Work van ${i + 1}`,
      stops: photoAtEveryStop(stops(400 + i, BIG_ROUTE_STOPS)),
    });
    workRouteIds.push(work.id);
  }
  // The rest of the list: four rounds a day from tomorrow on, and finished rounds of the past days.
  let made = 2 + workRoutes;
  for (let i = 0; made < LIST_SIZE; i++, made++) {
    const offset = i % 5 === 4 ? -1 - Math.floor(i / 5) : 1 + Math.floor(i / 4);
    await route({
      project_name: `Round ${Math.abs(offset)}`,
      date: day(offset),
      vehicle_name: `Van ${i + 1}`,
      status: offset < 0 ? 'finished' : 'optimized',
      stops: stops(1000 + i, 20 + (i % 30)),
    });
  }

  // The work routes are started as the driver's app would start them.
  const signin = await call<{ accessToken: string }>('POST', '/v1/drivers/signin', BENCH_DRIVER, null);
  for (const id of workRouteIds) {
    const detail = await call<{ project_id: number }>('GET', `/v1/dispatch/routes/${id}`);
    await call('POST', `/v1/projects/${detail.project_id}/routes/${id}`, { status: 'in_progress' }, signin.accessToken);
  }
  return {
    organisationId: org.id,
    driverId: driver.id,
    bigRouteId: big.id,
    demoRouteId: demo.id,
    workRouteIds,
    routeCount: made,
  };
}
