/**
 * The setup most route and stop specs share (issue 46): today's route of a demo driver started through the driver
 * API, its first stop asking for the proofs a test names, the route view as a list or on the map, then the driver
 * signed in through the app with a screen of the route open. A dozen specs wrote these steps out one by one;
 * fixtures.ts hands them to tests as `todaysRoute` and `signedInOnRoute`, and
 * tests/architecture/e2e-setups.test.ts keeps specs from writing them out again.
 */
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { countToShow } from '../../src-shared/domain/stops.ts';
import type { Requirements, Route, RouteSummary, Stop } from '../../src-shared/protocol/entities.ts';
import { dayFrom, driverApi, NO_PROOFS, routeOn } from './app.ts';
import { DEMO } from './demo.ts';
import type { Dispatch, ServerInfo, SignIn } from './fixtures.ts';

export interface Driver {
  route(vehicle: string): Promise<{ summary: RouteSummary; route: Route; number: (stop: Stop) => number | null }>;
  start(summary: RouteSummary): Promise<void>;
  /** Any other driver call: POST `path` with `body`, expecting success. */
  post(path: string, body: unknown): Promise<void>;
}

/** The driver API with a token of its own (not the app's session): what another device of the driver does. */
export async function driver(server: ServerInfo, email: string): Promise<Driver> {
  const api = await driverApi(server, email);
  return {
    async route(vehicle) {
      const summary = routeOn(await api.routes(), vehicle, dayFrom(0));
      const route = await api.get<Route>(`/v1/projects/routes/${summary.id}`);
      const numbers = countToShow(route.stops);
      // By id, so a copy of a stop (a test's own) finds its number too.
      return { summary, route, number: (stop) => numbers[route.stops.findIndex((s) => s.id === stop.id)] ?? null };
    },
    start: (summary) => api.start(summary),
    post: (path, body) => api.post(path, body),
  };
}

/**
 * The route view as a list (map view off: most tests do not need the map, and a software-rendered map only slows
 * them down) or on the map: the driver's Map view setting, as its cookie.
 */
export async function mapView(context: BrowserContext, server: ServerInfo, view: 'list' | 'map'): Promise<void> {
  await context.addCookies([{ name: 'dl_mapView', value: view === 'list' ? 'off' : 'on', url: server.url }]);
}

export interface RouteSetup {
  /** The demo driver whose route it is: DEMO.driver when left out. */
  driver?: string;
  /** Their route of today by its vehicle: 'Cargo bike 1' when left out. */
  vehicle?: string;
  /** The proofs the first stop asks for, every other one off (`{}` asks for none); as seeded when left out. */
  requirements?: Partial<Requirements>;
  /** The route view as a list or on the map; the app's default when left out (the map specs rely on it). */
  view?: 'list' | 'map';
  /** false leaves the route as planned, not started. */
  start?: boolean;
}

/** A route set up by `setUpTodaysRoute`: its summary and detail, its first stop to do (number 1), the numbers shown. */
export interface TodaysRoute {
  summary: RouteSummary;
  route: Route;
  stop: Stop;
  number: (stop: Stop) => number | null;
}

/** The `todaysRoute` fixture, for a spec's helper that takes it. */
export type TodaysRouteFixture = (setup?: RouteSetup) => Promise<TodaysRoute>;

/**
 * Today's route `setup.vehicle` of `setup.driver`, started through the driver API unless `start: false`, its first
 * stop to do (number 1) asking for `setup.requirements`, and the route view as `setup.view` says.
 */
export async function setUpTodaysRoute(
  context: BrowserContext,
  server: ServerInfo,
  dispatch: Dispatch,
  setup: RouteSetup = {},
): Promise<TodaysRoute> {
  if (setup.view) await mapView(context, server, setup.view);
  const api = await driver(server, setup.driver ?? DEMO.driver);
  const { summary, route, number } = await api.route(setup.vehicle ?? 'Cargo bike 1');
  if (setup.start !== false) await api.start(summary);
  const stop = route.stops.find((s) => number(s) === 1)!;
  if (setup.requirements) {
    const requirements = { ...NO_PROOFS, ...setup.requirements };
    const patched = await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, { requirements });
    expect(patched.status, `the first stop's requirements`).toBeLessThan(300);
    stop.requirements = requirements;
  }
  return { summary, route, stop, number };
}

/** A screen of the route: the route view, its first stop's window, or that stop's complete screen. */
type RouteScreen = 'route' | 'stop' | 'complete';

export interface SignedInSetup extends RouteSetup {
  /** Opened once signed in; the app's first screen after sign-in when left out. */
  open?: RouteScreen;
  /** Runs once the route is set up and before the driver signs in: an operator's settings, a GPS fix, a text size. */
  beforeSignIn?: (started: TodaysRoute) => Promise<void>;
}

/** The path of `screen` for this route's first stop. */
function routeScreen({ route, stop }: TodaysRoute, screen: RouteScreen): string {
  if (screen === 'route') return `/routes/${route.id}`;
  return `/routes/${route.id}/stops/${stop.id}${screen === 'complete' ? '/complete' : ''}`;
}

/** `setUpTodaysRoute`, then the driver signed in through the app, then `setup.open` opened. */
export async function signInOnRoute(
  page: Page,
  server: ServerInfo,
  dispatch: Dispatch,
  signIn: SignIn,
  setup: SignedInSetup = {},
): Promise<TodaysRoute> {
  const started = await setUpTodaysRoute(page.context(), server, dispatch, setup);
  await setup.beforeSignIn?.(started);
  await signIn(page, setup.driver ?? DEMO.driver);
  if (setup.open) await page.goto(routeScreen(started, setup.open));
  return started;
}
