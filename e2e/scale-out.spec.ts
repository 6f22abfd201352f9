/**
 * Two server processes on one PostgreSQL database (issue 18), as behind a load balancer without sticky sessions:
 * the driver's app is connected to one, the dispatcher's reorder goes to the other, and the app says "Your route
 * has been updated." The event crosses between the processes through PostgreSQL (LISTEN/NOTIFY).
 *
 * PostgreSQL comes from E2E_POSTGRES_URL (the cluster `npm test` starts), else a throw-away cluster of this test's
 * own (scripts/pg-cluster.mjs); without PostgreSQL installed the test is skipped, saying so.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findPostgresBin, startCluster } from '../scripts/pg-cluster.mjs';
import { dispatcher, expect, test } from './support/fixtures.ts';
import { type AppServer, startAppServer } from './support/server.ts';

const NO_POSTGRES = 'skipped: PostgreSQL not installed (apt-get install postgresql, or set E2E_POSTGRES_URL)';
const havePostgres = Boolean(process.env.E2E_POSTGRES_URL) || findPostgresBin() !== null;
if (!havePostgres) console.log(`e2e/scale-out.spec.ts: ${NO_POSTGRES}`);

/** A fresh database in the given cluster (superuser URL); drop() removes it. */
async function freshDatabase(admin: string) {
  const name = `droplane_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const it = test.extend<{ processes: [AppServer, AppServer] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
  processes: async ({}, use) => {
    const cluster = process.env.E2E_POSTGRES_URL ? null : await startCluster();
    const database = await freshDatabase(process.env.E2E_POSTGRES_URL ?? cluster!.url);
    // Started together on the empty database: one seeds the demo, the other waits for it and finds it.
    const started = await Promise.allSettled([0, 1].map(() => startAppServer({ env: { DATABASE_URL: database.url } })));
    try {
      const [a, b] = started.map((s) => {
        if (s.status === 'rejected') throw s.reason;
        return s.value;
      });
      await use([a!, b!]);
    } finally {
      for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
      await database.drop();
      await cluster?.stop();
    }
  },
  // The app (page, sign-in, driver API) talks to the first process.
  server: async ({ processes }, use) => {
    await use(processes[0]);
  },
});

it.skip(!havePostgres, NO_POSTGRES);

it('the dispatcher reorders through one process; the app, on the other, says the route was updated', async ({
  page,
  processes: [appServer, otherServer],
  signedInOnRoute,
}) => {
  expect(new URL(otherServer.url).port).not.toBe(new URL(appServer.url).port);
  // On appServer: the test's `server` (see `it` above).
  const { route } = await signedInOnRoute({ view: 'list', open: 'route' });
  await expect(page.locator('[data-live="connected"]')).toBeVisible();

  const ids = route.stops.map((s) => s.id);
  const swapped = [...ids];
  [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
  const reorder = await dispatcher(otherServer)('PUT', `/routes/${route.id}/order`, { stop_ids: swapped });
  expect(reorder.status).toBe(200);
  await expect(page.getByRole('status').getByText('Your route has been updated.')).toBeVisible();
  // The message comes with the event; the list follows once the route is read again, a moment later under load.
  const firstFour = () =>
    page
      .getByRole('list', { name: 'Stops', exact: true })
      .locator('[data-stop-id]')
      .evaluateAll((rows) => rows.slice(0, 4).map((r) => Number(r.getAttribute('data-stop-id'))));
  await expect.poll(firstFour).toEqual(swapped.slice(0, 4));
});
