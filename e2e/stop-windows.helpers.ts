/**
 * Helpers of the stop windows' browser tests (stop-windows*.spec.ts): the driver API with a token of its own, list
 * mode, the dispatcher's view of a stop, and the one-button alert.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { countToShow } from '../src-shared/domain/stops.ts';
import type { Route, RouteSummary, Stop } from '../src-shared/protocol/entities.ts';
import { dayFrom, routeOn } from './support/app.ts';
import { DEMO, type Dispatch, expect, type ServerInfo } from './support/fixtures.ts';

export interface Driver {
  route(vehicle: string): Promise<{ summary: RouteSummary; route: Route; number: (stop: Stop) => number | null }>;
  start(summary: RouteSummary): Promise<void>;
  /** Any other driver call: POST `path` with `body`, expecting success. */
  post(path: string, body: unknown): Promise<void>;
}

/** The driver API with a token of its own (not the app's session). */
export async function driver(server: ServerInfo, email: string): Promise<Driver> {
  const call = async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const { accessToken } = await call<{ accessToken: string }>('POST', '/v1/drivers/signin', null, {
    email,
    password: DEMO.password,
  });
  return {
    async route(vehicle) {
      const projects = await call<{ routes: RouteSummary[] }[]>('GET', '/v1/projects/routes', accessToken);
      const summary = routeOn(
        projects.flatMap((p) => p.routes),
        vehicle,
        dayFrom(0),
      );
      const route = await call<Route>('GET', `/v1/projects/routes/${summary.id}`, accessToken);
      const numbers = countToShow(route.stops);
      return { summary, route, number: (stop) => numbers[route.stops.indexOf(stop)] ?? null };
    },
    async start(summary) {
      await call('POST', `/v1/projects/${summary.project_id}/routes/${summary.id}`, accessToken, {
        status: 'in_progress',
      });
    },
    async post(path, body) {
      await call('POST', path, accessToken, body);
    },
  };
}

/**
 * Today's route `vehicle` of `email` started through the driver API, with its first stop to do (number 1) and the
 * stop numbers as the app shows them.
 */
export async function startFirstStop(server: ServerInfo, email: string, vehicle: string) {
  const api = await driver(server, email);
  const { summary, route, number } = await api.route(vehicle);
  await api.start(summary);
  const stop = route.stops.find((s) => number(s) === 1)!;
  return { summary, route, stop, number };
}

/** Map view off: these windows do not need the map, and a software-rendered map only slows the test down. */
export async function listMode(context: BrowserContext, server: ServerInfo) {
  await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
}

/** The stop as the dispatcher API has it, once the app's outbox has sent the completion. */
export async function serverStop(
  dispatch: Dispatch,
  routeId: number,
  stopId: number,
  status: string,
  field: (stop: Stop) => unknown = () => null,
  value: unknown = null,
): Promise<Stop> {
  let found: Stop | undefined;
  await expect
    .poll(async () => {
      const { body } = await dispatch<Route>('GET', `/routes/${routeId}`);
      found = body.stops.find((s) => s.id === stopId);
      return found && [found.status, field(found)];
    })
    .toEqual([status, value]);
  return found!;
}

export const alert = (page: Page) => page.getByRole('alertdialog');

export async function dismissAlert(page: Page, text: string | RegExp) {
  await expect(alert(page)).toContainText(text);
  await alert(page).getByRole('button', { name: 'OK' }).click();
  await expect(alert(page)).toHaveCount(0);
}
