/**
 * Every screen and dialog of the app, one after another on the demo data, for a11y-screens.spec.ts: each step opens
 * one and names its primary action, which must stay within reach. Cargo bike 1 (today) is started, its start stop and
 * first two deliveries done; Van 2 (today) shows Start route; Van 3 (three days ago) has all but its end done
 * (Complete route); Van 1 (yesterday) is finished. Two steps near the end change the data (a delivery, Complete
 * route) to show what those leave on the route view; the shared link comes last (its session opens no other route).
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { Route, RouteSummary, Stop } from '../../src-shared/protocol/entities.ts';
import { deRoute } from '../../src-ui/i18n/de-route.ts';
import { enRoute } from '../../src-ui/i18n/en-route.ts';
import { nlRoute } from '../../src-ui/i18n/nl-route.ts';
import { dayFrom, mapDrawn, routeOn, withoutRequiredProofs } from './app.ts';
import { DEMO, expect, type ServerInfo, signIn } from './fixtures.ts';
import { motionSettled } from './motion.ts';

export interface WalkContext {
  server: ServerInfo;
  /** Cargo bike 1: started, three stops done. */
  route: Route;
  /** Van 2 today: not started. */
  van: RouteSummary;
  /** The next delivery to do (it asks for a signature), and one done. */
  next: Stop;
  done: Stop;
  /** The stop the in-order route asks for now (a delivery or a pickup). */
  active: Stop;
  /** Van 3 (three days ago): started, every stop but the end done, so Complete route is next. */
  lastStop: RouteSummary;
  /** Van 1 yesterday: finished (Route completed!). */
  finished: RouteSummary;
}

export interface Step {
  name: string;
  /**
   * Brings the screen up; returns its primary action, when it has one. A step that opens a sheet or moves the drawer
   * waits for it to come to rest (motionSettled), not for a fixed pause.
   */
  open(page: Page, walk: WalkContext): Promise<Locator | null>;
  /** Needs the map (map view On); the others run with map view Off. */
  map?: boolean;
  /** Runs signed out: before the sign-in. */
  signedOut?: boolean;
}

async function call<T>(server: ServerInfo, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Starts Cargo bike 1 and finishes its start stop and first two deliveries, through the driver API. */
export async function prepareWalk(server: ServerInfo): Promise<WalkContext> {
  const { accessToken } = await call<{ accessToken: string }>(server, 'POST', '/v1/drivers/signin', null, {
    email: DEMO.driver,
    password: DEMO.password,
  });
  const routes = (await call<{ routes: RouteSummary[] }[]>(server, 'GET', '/v1/projects/routes', accessToken)).flatMap(
    (p) => p.routes,
  );
  const summary = routeOn(routes, 'Cargo bike 1', dayFrom(0));
  const van = routeOn(routes, 'Van 2', dayFrom(0));
  const base = `/v1/projects/${summary.project_id}/routes/${summary.id}`;
  await call(server, 'POST', base, accessToken, { status: 'in_progress' });
  const route = await call<Route>(server, 'GET', `/v1/projects/routes/${summary.id}`, accessToken);
  const deliveries = route.stops.filter((s) => s.type === 'delivery');
  await withoutRequiredProofs(server, route.id, [deliveries[0]!, deliveries[1]!]);
  for (const stop of [route.stops[0]!, deliveries[0]!, deliveries[1]!])
    await call(server, 'POST', `${base}/services/${stop.id}`, accessToken, { status: 'finished' });
  const next = deliveries.slice(2).find((s) => s.requirements.signature) ?? deliveries[2]!;

  const lastStop = routeOn(routes, 'Van 3', dayFrom(-3));
  const lastBase = `/v1/projects/${lastStop.project_id}/routes/${lastStop.id}`;
  await call(server, 'POST', lastBase, accessToken, { status: 'in_progress' });
  const last = await call<Route>(server, 'GET', `/v1/projects/routes/${lastStop.id}`, accessToken);
  await withoutRequiredProofs(server, last.id, last.stops);
  for (const stop of last.stops.filter((s) => s.type !== 'end'))
    await call(server, 'POST', `${lastBase}/services/${stop.id}`, accessToken, { status: 'finished' });
  const finished = routeOn(routes, 'Van 1', dayFrom(-1));
  const doneIds = new Set([route.stops[0]!.id, deliveries[0]!.id, deliveries[1]!.id]);
  const active = route.stops.find((s) => !doneIds.has(s.id))!;
  return { server, route, van, next, done: deliveries[0]!, active, lastStop, finished };
}

async function setCookie(context: BrowserContext, server: ServerInfo, name: string, value: string) {
  await context.addCookies([{ name, value, url: server.url }]);
}

/** Past a stop's notes alert, if it shows one (the alert itself is a step of its own). */
async function pastNotes(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const alert = page.getByRole('alertdialog');
  if (await alert.isVisible().catch(() => false)) await alert.getByRole('button').first().click();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The snackbar on screen. */
const message = (page: Page) => page.locator('[role="status"][aria-live="polite"] > *');
/** The route screens' strings in the page's language. */
async function routeStrings(page: Page) {
  const language = (await page.context().cookies()).find((c) => c.name === 'dl_language')?.value;
  return ({ nl: nlRoute, de: deRoute } as Record<string, typeof enRoute>)[language ?? 'en'] ?? enRoute;
}

const STEPS: Step[] = [
  {
    name: 'sign-in',
    signedOut: true,
    open: async (page) => {
      await page.goto('/login');
      await expect(heading(page)).toBeVisible();
      // The app's sign-in, not the server's first paint before it (the swap can move Next under the header).
      await expect(page.locator('[data-first-paint]')).toHaveCount(0);
      return page.locator('button[type="submit"]');
    },
  },
  {
    name: 'reset password',
    signedOut: true,
    open: async (page) => {
      await page.goto('/reset-password');
      await expect(heading(page)).toBeVisible();
      return page.locator('button[type="submit"]');
    },
  },
  {
    name: 'account',
    open: async (page) => {
      await page.goto('/account');
      await expect(heading(page)).toBeVisible();
      return page.locator('main').getByRole('button').last();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await page.goto('/account/settings');
      await expect(page.locator('main a').first()).toBeVisible();
      return page.locator('main a').last();
    },
  },
  {
    name: 'a setting picker',
    open: async (page) => {
      await page.goto('/account/settings/theme');
      await expect(page.getByRole('radio').first()).toBeAttached();
      return page.locator('main label').last();
    },
  },
  {
    name: 'about',
    open: async (page) => {
      await page.goto('/about');
      await expect(heading(page)).toBeVisible();
      return null;
    },
  },
  {
    name: 'route list, New',
    open: async (page) => {
      await page.goto('/routes');
      await expect(page.getByRole('article').first()).toBeVisible();
      return page.getByRole('article').first().getByRole('button');
    },
  },
  {
    name: 'route list, Closed',
    open: async (page) => {
      await page.goto('/routes/closed');
      await expect(page.getByRole('article').first()).toBeVisible();
      return page.getByRole('article').first().getByRole('button');
    },
  },
  {
    name: 'closed route preview',
    open: async (page) => {
      await page.getByRole('article').first().getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      return page.getByRole('dialog').getByRole('list').getByRole('button').first();
    },
  },
  {
    name: 'closed route preview, a stop',
    open: async (page) => {
      await page.getByRole('dialog').getByRole('list').getByRole('button').first().click();
      await expect(page.getByRole('dialog').getByRole('article')).toBeVisible();
      await motionSettled(page);
      return null;
    },
  },
  {
    name: 'route view, list',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}`);
      await expect(page.locator('[aria-current="step"]')).toBeVisible();
      return page.locator('[aria-current="step"] [role="group"] button').last();
    },
  },
  {
    name: 'Start the route? (dialog)',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.van.id}`);
      await page.locator('[aria-current="step"] [role="group"] button').last().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      return page.getByRole('alertdialog').getByRole('button').last();
    },
  },
  {
    name: 'route view, map',
    map: true,
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}`);
      await mapDrawn(page);
      return page.locator('[aria-roledescription="slide"]:not([aria-hidden]) [role="group"] button').last();
    },
  },
  {
    name: 'route view, map, drawer open',
    map: true,
    open: async (page) => {
      await page.locator('button[aria-expanded]').click();
      await expect(page.locator('button[aria-expanded="true"]')).toBeVisible();
      await motionSettled(page);
      return page.locator('[aria-current="step"] [role="group"] button').last();
    },
  },
  {
    name: 'More sheet',
    map: true,
    open: async (page) => {
      await page.getByRole('banner').getByRole('button').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await motionSettled(page);
      return page.getByRole('dialog').getByRole('button').last();
    },
  },
  {
    name: 'route view, Complete route',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.lastStop.id}`);
      await expect(page.locator('[aria-current="step"]')).toBeVisible();
      return page.locator('[aria-current="step"] [role="group"] button').last();
    },
  },
  {
    name: 'route view, map, Complete route',
    map: true,
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.lastStop.id}`);
      await mapDrawn(page);
      // Every stop but the end done: the drawer opens at the end of the list, where Complete route is.
      await expect(page.locator('button[aria-expanded="true"]')).toBeVisible();
      await motionSettled(page);
      return page.locator('[aria-current="step"] [role="group"] button').last();
    },
  },
  {
    name: 'route view, route completed',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.finished.id}`);
      // The list's last row: scrolled to (the list renders the rows in view).
      const completed = page.locator('main ol > li:last-child [role="status"]');
      await expect(page.locator('main ol > li').first()).toBeVisible();
      await expect(async () => {
        await page.locator('main ol > li').last().scrollIntoViewIfNeeded();
        await expect(completed).toBeVisible({ timeout: 500 });
      }).toPass();
      // Nothing left to do here: no primary action.
      return null;
    },
  },
  {
    name: 'More info',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}/stops/${walk.next.id}`);
      await pastNotes(page);
      return page.getByRole('region').getByRole('button').last();
    },
  },
  {
    name: 'More info, done stop',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}/stops/${walk.done.id}`);
      await pastNotes(page);
      return page.getByRole('region').getByRole('button').last();
    },
  },
  {
    name: 'units',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}/stops/${walk.next.id}/units`);
      await expect(heading(page)).toBeVisible();
      return null;
    },
  },
  {
    name: 'complete',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}/stops/${walk.next.id}/complete`);
      await pastNotes(page);
      return page.locator('main ~ div button').last();
    },
  },
  {
    name: 'signature',
    open: async (page) => {
      await page.locator('main section button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      return page.getByRole('dialog').getByRole('button').last();
    },
  },
  {
    name: 'age verification',
    open: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.locator('main section button').nth(1).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await motionSettled(page);
      return page.getByRole('dialog').getByRole('button').last();
    },
  },
  {
    name: 'complete, done stop',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.route.id}/stops/${walk.done.id}/complete`);
      await pastNotes(page);
      return page.locator('main ~ div button').last();
    },
  },
  {
    name: 'route view after a delivery, with its message',
    open: async (page, walk) => {
      await withoutRequiredProofs(walk.server, walk.route.id, [walk.active]);
      await page.goto(`/routes/${walk.route.id}/stops/${walk.active.id}/complete`);
      await pastNotes(page);
      // Done, as Delivered: back on the list with "Stop N delivered".
      await page.locator('main ~ div button').last().click();
      await expect(page).toHaveURL(new RegExp(`/routes/${walk.route.id}$`));
      await expect(message(page)).toBeVisible();
      return page.locator('[aria-current="step"] [role="group"] button').last();
    },
  },
  {
    name: 'route view, route just completed, with its message',
    open: async (page, walk) => {
      await page.goto(`/routes/${walk.lastStop.id}`);
      const strings = await routeStrings(page);
      await page.getByRole('button', { name: strings.route.actions.completeRoute }).click();
      await expect(message(page).getByText(strings.success.routeCompleted)).toBeVisible({ timeout: 10_000 });
      return null;
    },
  },
  {
    name: 'shared link',
    map: true,
    open: async (page, walk) => {
      await page.goto(walk.server.sharedLink!);
      await mapDrawn(page);
      return page.locator('[aria-roledescription="slide"]:not([aria-hidden]) [role="group"] button').last();
    },
  },
];

/**
 * Walks every step in `language`, calling `check` on each screen. Signed-out steps come first, then the sign-in;
 * map view follows each step.
 */
export async function walkScreens(
  page: Page,
  walk: WalkContext,
  language: string,
  check: (step: Step, primary: Locator | null) => Promise<void>,
  steps: Step[] = STEPS,
): Promise<void> {
  const context = page.context();
  await setCookie(context, walk.server, 'dl_language', language);
  let signedIn = false;
  for (const step of steps) {
    if (!step.signedOut && !signedIn) {
      // The sign-in helper reads the English names.
      await setCookie(context, walk.server, 'dl_language', 'en');
      await page.goto('/login');
      await signIn(page, DEMO.driver);
      await setCookie(context, walk.server, 'dl_language', language);
      signedIn = true;
    }
    await setCookie(context, walk.server, 'dl_mapView', step.map ? 'on' : 'off');
    const primary = await step.open(page, walk);
    await check(step, primary);
  }
}
