/**
 * Profiling the core (docs/performance.md, "Profiling the core"; issue 33): a Chromium trace of a stop's completion,
 * taken from the running app as DevTools' Performance panel takes it, holds the worker's User Timing measures
 * (`core:<intent>`, `net:<METHOD> <path>`) and the page's `ui:patch` marks, so it reads as a story across both threads.
 * With DOCS_SCREENSHOTS=1 the story is drawn into docs/screenshots/trace-complete-stop.png.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DispatchRouteDetail } from '../src-shared/protocol/dispatch.ts';
import { dayFrom, driverApi, routeOn, withoutRequiredProofs } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { storyHtml, userTimingByThread } from './support/trace-story.ts';

test.use({ freshServer: true });

test("a trace of a stop's completion holds the core's measures in the worker and the page's patch marks", async ({
  browser,
  page,
  context,
  server,
  dispatch,
  signIn,
}, testInfo) => {
  const driver = await driverApi(server);
  const summary = routeOn(await driver.routes(), 'Cargo bike 1', dayFrom(0));
  const route = (await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`)).body;
  const first = route.stops.find((s) => s.type === 'delivery')!;
  await withoutRequiredProofs(server, route.id, [first]);
  await driver.start(summary);
  await context.addCookies([{ name: 'dl_mapView', value: 'off', url: server.url }]);
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${summary.id}`);
  const active = page.getByRole('list', { name: 'Stops', exact: true }).locator('[aria-current="step"]');
  await expect(active.getByRole('button', { name: 'Arrived' })).toBeVisible();

  await browser.startTracing(page, { categories: ['blink.user_timing', '__metadata'] });
  await active.getByRole('button', { name: 'Arrived' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toBeVisible();
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete stop' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('1/10 stops');
  // The intent answers once the completion is queued; the outbox sends it after: the trace waits for the server.
  await expect
    .poll(async () => (await dispatch<DispatchRouteDetail>('GET', `/routes/${summary.id}`)).body.stops)
    .toContainEqual(expect.objectContaining({ id: first.id, status: 'finished' }));
  // The server stores it before the worker has the answer, and the request's measure ends with that answer: wait until
  // the outbox let the completion go (the route's "not sent" strip gone), or the trace can stop before the measure.
  await expect(page.locator('[data-sync="unsent"]')).toHaveCount(0);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));

  const threads = userTimingByThread(trace);
  const names = (thread: string) => threads.filter((t) => t.thread.includes(thread)).flatMap((t) => t.entries);
  const worker = names('DedicatedWorker').map((e) => e.name);
  const completion = 'net:POST /v1/projects/:id/routes/:id/services/:id';
  expect(worker).toContain('core:completeStop');
  expect(worker).toContain(completion);
  expect(names('CrRendererMain').map((e) => e.name)).toContain('ui:patch');
  // The request follows its intent: the outbox sends what the intent queued.
  const intent = names('DedicatedWorker').find((e) => e.name === 'core:completeStop')!;
  // The completion's own request: Arrived's status event may go by HTTP too (before the socket is up), and first.
  const request = names('DedicatedWorker').find((e) => e.name === completion)!;
  expect(request.start).toBeGreaterThanOrEqual(intent.start);

  const story = await context.newPage();
  const lanes = threads
    .filter((t) => /CrRendererMain|DedicatedWorker/.test(t.thread))
    .map((t) => ({ ...t, thread: t.thread.includes('DedicatedWorker') ? 'Worker (droplane-core)' : 'Page (main)' }));
  await story.setContent(storyHtml('A stop completed: Arrived, then Done (Chromium trace, User Timing)', lanes));
  const png = await story.locator('body').screenshot();
  writeFileSync(testInfo.outputPath('trace-complete-stop.png'), png);
  if (process.env.DOCS_SCREENSHOTS === '1') {
    writeFileSync(join(import.meta.dirname, '../docs/screenshots/trace-complete-stop.png'), png);
  }
});
