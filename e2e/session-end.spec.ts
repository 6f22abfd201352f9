/**
 * Sessions end when they should (issue 30), in the browser against the real server: the server closes the live
 * socket when its token expires and the app reconnects with a fresh token without the driver seeing it; after Sign out
 * the refresh token the app held no longer works.
 *
 * Playwright does not see a dedicated worker's sockets, so the test reads what the server saw: its database (the
 * server's own SQLite file, read-only) says when each refresh token was used, and the dispatcher API's change reaches
 * the screen only through a socket the server still serves.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { DEMO, expect, test } from './support/fixtures.ts';
import { type AppServer, startAppServer } from './support/server.ts';

/** Access tokens live this long on the test's server: the socket's token ends while the test watches. */
const ACCESS_TTL_S = 8;

const it = test.extend<{ own: AppServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
  own: async ({}, use) => {
    const server = await startAppServer({ env: { ACCESS_TOKEN_TTL: String(ACCESS_TTL_S) } });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  server: async ({ own }, use) => {
    await use(own);
  },
});

interface TokenRow {
  jti: string;
  issued_at: string;
  used_at: string | null;
}

/** The refresh tokens of a driver as the server recorded them. */
function refreshTokens(server: AppServer, email: string): TokenRow[] {
  const db = new Database(join(server.dataDir, 'droplane.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select jti, issued_at, used_at from refresh_tokens
         where driver_id = (select id from drivers where email = ?) order by issued_at`,
      )
      .all(email) as TokenRow[];
  } finally {
    db.close();
  }
}

/** Every state the route's live dot shows, in order ("none" while it shows none). */
async function recordLiveDot(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __liveDot: string[] }).__liveDot = seen;
    const record = () => {
      const state = document.querySelector('[data-live]')?.getAttribute('data-live') ?? 'none';
      if (seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __liveDot: string[] }).__liveDot);
}

it('the socket closes when its token expires and the app reconnects with a fresh one, unseen', async ({
  page,
  own,
  dispatch,
  signedInOnRoute,
}) => {
  it.setTimeout(60_000);
  const liveDot = await recordLiveDot(page);
  // On `own`: the test's `server` (see `it` above).
  const { route } = await signedInOnRoute({ view: 'list', open: 'route' });
  await expect(page.locator('[data-live="connected"]')).toBeVisible();
  const openedAt = Date.now();

  // A token used only once it had expired: the renewal the server's 4401 asked for. Before this issue the socket
  // outlived its token and nothing renewed it while the route was open.
  await expect
    .poll(
      () =>
        refreshTokens(own, DEMO.driver).filter(
          (row) =>
            row.used_at !== null &&
            Date.parse(row.used_at) - Date.parse(row.issued_at) >= (ACCESS_TTL_S - 1) * 1000 &&
            Date.parse(row.used_at) >= openedAt,
        ).length,
      { timeout: (ACCESS_TTL_S + 10) * 1000 },
    )
    .toBeGreaterThan(0);

  // The renewed socket carries the dispatcher's change to the screen, and the driver never saw a reconnect.
  const deliveries = route.stops.filter((s) => s.type === 'delivery');
  const changed = deliveries[1]!;
  expect(
    (await dispatch('PATCH', `/routes/${route.id}/stops/${changed.id}`, { recipient_name: 'Anna de Wit' })).status,
  ).toBe(200);
  await expect(page.getByRole('list', { name: 'Stops', exact: true }).getByText('Anna de Wit')).toBeVisible();
  const states = await liveDot();
  expect(states.slice(states.indexOf('connected'))).toEqual(['connected']);
});

it('after Sign out the refresh token the app held gets no new pair', async ({ page, own, signIn }) => {
  await signIn(page, DEMO.driver);
  const held = await page.evaluate(
    () =>
      new Promise<{ refreshToken: string; accessToken: string }>((resolve, reject) => {
        const open = indexedDB.open('droplane');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('session').objectStore('session').get('driver');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error);
        };
      }),
  );
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const refresh = () =>
    fetch(`${own.url}/v1/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: held.refreshToken }),
    });
  await expect.poll(async () => (await refresh()).status).toBe(401);
  const me = await fetch(`${own.url}/v1/organisations`, { headers: { authorization: `Bearer ${held.accessToken}` } });
  expect(me.status).toBe(401);
});
