/** Calls of the dispatcher API that several test files make, and the assertion on its error answers. */
import { expect } from 'vitest';
import type { CreateRouteRequest, DispatchRouteDetail, LinkAnswer } from '../../src-shared/protocol/dispatch.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { ApiError } from '../../src-shared/protocol/http.ts';
import { type DriverFixture, stopsAroundUtrecht } from './fixtures.ts';
import type { Answer, TestServer } from './server.ts';

/** Asserts an error answer of this status whose message matches and, when given, names the field. */
export function expectError(res: Answer<unknown>, status: number, message: RegExp, field?: string): void {
  const body = res.body as ApiError;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.message).toMatch(message);
  if (field !== undefined) expect(body.field).toBe(field);
}

/** A route of the driver with three deliveries, made through POST /v1/dispatch/routes. */
export async function dispatchRoute(
  t: TestServer,
  driver: DriverFixture,
  input: Partial<CreateRouteRequest> = {},
): Promise<Route> {
  const res = await t.dispatch<Route>('POST', '/v1/dispatch/routes', {
    organisation_id: driver.organisationId,
    driver_id: driver.driverId,
    project_name: 'Dispatch test',
    date: '2030-03-04',
    stops: stopsAroundUtrecht(3),
    ...input,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function makeLink(t: TestServer, routeId: number): Promise<LinkAnswer> {
  const res = await t.dispatch<LinkAnswer>('POST', `/v1/dispatch/routes/${routeId}/links`);
  expect(res.status).toBe(201);
  return res.body;
}

export async function stopIds(t: TestServer, routeId: number): Promise<number[]> {
  const res = await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${routeId}`);
  return res.body.stops.map((s) => s.id);
}
