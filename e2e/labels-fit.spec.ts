/**
 * Every button and link label on the screens with action rows fits its box on a 390 px phone, in English, Dutch
 * and German: the route view's active stop in list mode and the map's carousel card (Start route, Arrived, Resume
 * work, Complete route), More info's quick actions (pending and done), and the complete screen. A label fails when
 * its text runs outside its button, a CSS ellipsis cuts it, or a word is broken over two lines; in the action rows
 * a label must also stay on one line ("Route starten" wrapping was the bug, as were "Directio…" and "Naviger…").
 */
import type { Locator, Page } from '@playwright/test';
import type { Language } from '../src-shared/domain/settings.ts';
import type { Route, Stop } from '../src-shared/protocol/entities.ts';
import { deRoute } from '../src-ui/i18n/de-route.ts';
import type { RouteMessages } from '../src-ui/i18n/en.ts';
import { enRoute } from '../src-ui/i18n/en-route.ts';
import { nlRoute } from '../src-ui/i18n/nl-route.ts';
import { alert } from './stop-windows.helpers.ts';
import { labelProblems } from './support/a11y.ts';
import { withoutRequiredProofs } from './support/app.ts';
import { DEMO, expect, type ServerInfo, test } from './support/fixtures.ts';
import { driver } from './support/route-setup.ts';

test.use({ freshServer: true });

/** No label problem in the action rows (one line each), nor on any other button or link of the page. */
async function expectLabelsFit(page: Page, rows: Locator, where: string) {
  const problems = [...(await labelProblems(rows, true)), ...(await labelProblems(page.locator('body'), false))];
  expect([...new Set(problems)], where).toEqual([]);
}

async function setCookie(page: Page, server: ServerInfo, name: string, value: string) {
  await page.context().addCookies([{ name, value, url: server.url }]);
}

/** Opens a stop window, past its notes alert. */
async function openStopWindow(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (await alert(page).isVisible()) await alert(page).getByRole('button').click();
}

const MESSAGES = { en: enRoute, nl: nlRoute, de: deRoute } satisfies Record<Language, RouteMessages>;

for (const language of ['en', 'nl', 'de'] as const) {
  test(`action labels fit at 390 px in ${language}`, async ({ page, server, dispatch, signIn }) => {
    test.setTimeout(120_000);
    const m = MESSAGES[language];
    const api = await driver(server, DEMO.driver);
    const { summary, route } = await api.route('Cargo bike 1');
    const base = `/routes/${route.id}`;
    const service = (id: number) => `/v1/projects/${summary.project_id}/routes/${route.id}/services/${id}`;
    const finish = async (stops: readonly Stop[]) => {
      await withoutRequiredProofs(server, route.id, stops);
      for (const s of stops) await api.post(service(s.id), { status: 'finished' });
    };
    await signIn(page, DEMO.driver);
    await setCookie(page, server, 'dl_language', language);
    const mapView = (on: boolean) => setCookie(page, server, 'dl_mapView', on ? 'on' : 'off');

    // The route view's action rows: what holds Directions, in the list's active row or on the map's cards.
    const directions = page.getByRole('link', { name: m.route.actions.directions });
    const actionRows = directions.locator('..');
    async function routeView(on: boolean, main: string | null, where: string) {
      await mapView(on);
      await page.goto(base);
      await expect(directions.first()).toBeVisible({ timeout: 15_000 });
      if (main) await expect(actionRows.getByRole('button', { name: main }).first()).toBeVisible();
      await expectLabelsFit(page, actionRows, where);
    }

    await routeView(false, m.route.actions.startRoute, 'list: Start route');
    await routeView(true, m.route.actions.startRoute, 'map: Start route');
    await api.start(summary);
    await routeView(false, m.route.actions.arrived, 'list: Arrived');

    // More info's quick actions, then the complete screen's footer.
    const first = route.stops.find((s) => s.type === 'delivery')!;
    const quickActions = page.getByRole('region', { name: m.stop.actions.label });
    await openStopWindow(page, `${base}/stops/${first.id}`);
    await expect(quickActions.getByRole('button', { name: m.stop.actions.arrived })).toBeVisible();
    await expectLabelsFit(page, quickActions, 'More info');
    await openStopWindow(page, `${base}/stops/${first.id}/complete`);
    const done = page.getByRole('button', { name: m.complete.done, exact: true });
    await expectLabelsFit(page, done.locator('..'), 'complete screen');

    // A done stop: Call beside View completion.
    await finish([first]);
    await openStopWindow(page, `${base}/stops/${first.id}`);
    await expect(quickActions.getByRole('button', { name: m.stop.actions.viewCompletion })).toBeVisible();
    await expectLabelsFit(page, quickActions, 'More info, done');

    // Every stop before the break done: Resume work; then all but the end: Complete route.
    const { body: current } = await dispatch<Route>('GET', `/routes/${route.id}`);
    const breakAt = current.stops.findIndex((s) => s.type === 'break');
    await finish(current.stops.slice(0, breakAt).filter((s) => s.status === 'pending'));
    await routeView(false, m.route.actions.resumeWork, 'list: Resume work');
    await routeView(true, m.route.actions.resumeWork, 'map: Resume work');
    await finish(current.stops.slice(breakAt, -1));
    // The drawer opens on the list, whose last row offers Complete route under the end stop's actions.
    await routeView(true, null, 'map: the end stop');
    const complete = page.getByRole('button', { name: m.route.actions.completeRoute });
    await expect(complete).toBeVisible();
    expect(await labelProblems(complete, true), 'Complete route').toEqual([]);
  });
}
