/**
 * The app inside a simulated Android wrapper and a simulated iOS wrapper (issue 17, docs/native-bridge.md): each
 * test runs for both. The wrapper's init script installs its bridge before the app loads and records every message
 * (e2e/support/native-wrapper.ts). Tokens handed over sign the driver in without the sign-in screen, and refreshed
 * tokens go back; starting and finishing the route are reported; Directions, Help, Terms and Privacy go to the
 * wrapper and no window opens; Call hands over the plus-prefixed number; the wrapper's camera photo reaches the
 * server resized; the wrapper's positions reach the dispatcher; a malformed message is ignored.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { serverStop } from './stop-windows.helpers.ts';
import { dayFrom, driverApi, routeOn, untilAccessTokenExpired } from './support/app.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { fetchImage, jpegSize } from './support/images.ts';
import {
  inWrapper,
  PLATFORMS,
  rawFromWrapper,
  toWrapper,
  wrapperErrors,
  wrapperKeychain,
  wrapperSignIn,
} from './support/native-wrapper.ts';
import { driver, mapView } from './support/route-setup.ts';

/** Every path the app has been at in this page (its history changes, recorded from before it loads). */
async function recordPaths(page: Page) {
  await page.addInitScript(() => {
    const paths = [location.pathname];
    (window as unknown as { __paths: string[] }).__paths = paths;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        paths.push(location.pathname);
      };
    }
  });
}
const pathsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);

/** No page besides the app's opened (a link with target _blank would open one). */
function countPopups(context: BrowserContext) {
  let opened = 0;
  context.on('page', () => {
    opened += 1;
  });
  return () => opened;
}

/** A webview whose geolocation prompt was never answered: only the wrapper reports positions. */
async function silentGeolocation(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition() {}, watchPosition: () => 1, clearWatch() {} },
    });
  });
}

for (const platform of PLATFORMS) {
  test.describe(`inside the ${platform} wrapper`, () => {
    test('tokens handed over sign the driver in without the sign-in screen; About’s links and Sign out go to the wrapper', async ({
      page,
      context,
      server,
    }) => {
      const popups = countPopups(context);
      const warnings: string[] = [];
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      await recordPaths(page);
      await inWrapper(page, platform, { tokens: await wrapperSignIn(server) });
      await page.goto('/');
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: 'Sam de Vries' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      expect(await pathsSeen(page)).not.toContain('/login');
      expect(await toWrapper(page, 'ready')).toEqual([{ type: 'ready', protocol: 1 }]);

      // What does not fit the contract is logged and ignored; the app goes on.
      await rawFromWrapper(page, { type: 'vibrate' });
      await rawFromWrapper(page, '{"type":');
      await rawFromWrapper(page, { type: 'location', lat: 'north', lng: 5 });
      await rawFromWrapper(page, { type: 'session', tokens: { accessToken: 'a' } });
      await expect.poll(() => warnings.filter((w) => w.includes('native bridge: ignored')).length).toBe(4);

      await page
        .getByRole('link', { name: 'About' })
        .or(page.getByRole('button', { name: 'About' }))
        .click();
      await expect(page).toHaveURL(/\/about$/);
      await page.getByRole('link', { name: 'Terms of service' }).click();
      await page.getByRole('link', { name: 'Privacy policy' }).click();
      await expect
        .poll(() => toWrapper(page, 'open_url'))
        .toEqual([
          { type: 'open_url', url: `${server.url}/terms`, purpose: 'terms' },
          { type: 'open_url', url: `${server.url}/privacy`, purpose: 'privacy' },
        ]);
      await expect(page).toHaveURL(/\/about$/);

      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect.poll(() => toWrapper(page, 'signed_out')).toEqual([{ type: 'signed_out' }]);
      expect(await wrapperKeychain(page)).toBeNull();
      expect(popups()).toBe(0);
      expect(await wrapperErrors(page)).toEqual([]);
    });

    test('a pair the app cannot read is no session: the sign-in, and signed_out to the wrapper', async ({ page }) => {
      const unreadable = { accessToken: 'not-a-token', refreshToken: 'nor-this', expiresAt: Date.now() + 600_000 };
      await inWrapper(page, platform, { tokens: unreadable });
      await page.goto('/');
      await expect(page).toHaveURL(/\/login$/);
      await expect.poll(() => toWrapper(page, 'signed_out')).toEqual([{ type: 'signed_out' }]);
    });

    test('a pair the server refuses after a refresh: the sign-in on a route’s page, not a route error', async ({
      page,
      server,
    }) => {
      const real = await wrapperSignIn(server);
      // Readable, so the app starts signed in; signed by no key of this server, so every call is refused.
      const forge = (token: string) => token.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
      const forged = { ...real, accessToken: forge(real.accessToken), refreshToken: forge(real.refreshToken) };
      const routeId = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0)).id;
      await inWrapper(page, platform, { tokens: forged });
      await page.goto(`/routes/${routeId}`);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Something went wrong while fetching route.')).toHaveCount(0);
      await expect.poll(() => toWrapper(page, 'signed_out')).toEqual([{ type: 'signed_out' }]);
    });

    test('a shared link handed over opens its route without signing in', async ({ page, server }) => {
      test.skip(!server.sharedLink, 'the server printed no shared link');
      const q = new URL(server.sharedLink!).searchParams;
      const link = { projectId: Number(q.get('projectId')), routeId: Number(q.get('routeId')), token: q.get('token')! };
      await recordPaths(page);
      await inWrapper(page, platform, { tokens: null, link });
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`/routes/single/${link.routeId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Cargo bike 1' })).toBeVisible();
      expect(await pathsSeen(page)).not.toContain('/login');
    });

    test.describe('on a server of its own', () => {
      test.use({ freshServer: true });

      test('starting and finishing the route are reported; Directions and Help go to the wrapper; its positions reach the dispatcher', async ({
        page,
        context,
        server,
        dispatch,
      }) => {
        const popups = countPopups(context);
        await mapView(context, server, 'list');
        await silentGeolocation(page);
        await inWrapper(page, platform, { tokens: await wrapperSignIn(server) });
        const api = await driver(server, DEMO.driver);
        const { summary, route } = await api.route('Cargo bike 1');
        const active = page.getByRole('list', { name: 'Stops', exact: true }).locator('[aria-current="step"]');

        await page.goto(`/routes/${route.id}`);
        await active.getByRole('button', { name: 'Start route' }).click();
        await page
          .getByRole('alertdialog', { name: 'Start the route?' })
          .getByRole('button', { name: 'Start route' })
          .click();
        await expect
          .poll(() => toWrapper(page, 'route_started'))
          .toEqual([{ type: 'route_started', routeId: route.id, projectId: route.project_id }]);

        // Directions to the first delivery, in the navigation app of the settings (Google Maps).
        const first = route.stops.find((s) => s.type === 'delivery')!;
        await expect(active).toContainText(first.information.recipient_name!);
        await active.getByRole('link', { name: 'Directions' }).click();
        await expect
          .poll(() => toWrapper(page, 'open_map'))
          .toEqual([
            {
              type: 'open_map',
              url: `https://www.google.com/maps/dir/?api=1&destination=${first.address.lat},${first.address.lng}&travelmode=driving`,
              app: 'google',
              lat: first.address.lat,
              lng: first.address.lng,
            },
          ]);

        // The wrapper tracks the driver: its position is the one the dispatcher sees.
        await expect(page.locator('[data-live="connected"]')).toBeVisible();
        await page.evaluate(() =>
          (window as unknown as { __wrapper: { sendLocation(lat: number, lng: number): void } }).__wrapper.sendLocation(
            52.0912,
            5.1222,
          ),
        );
        await expect
          .poll(async () =>
            (await dispatch<{ locations: unknown[] }>('GET', `/routes/${route.id}`)).body.locations.at(-1),
          )
          .toMatchObject({ lat: 52.0912, lng: 5.1222 });

        await page.getByRole('button', { name: 'More options' }).click();
        await page.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Help' }).click();
        await expect
          .poll(() => toWrapper(page, 'open_url'))
          .toEqual([{ type: 'open_url', url: `${server.url}/support`, purpose: 'help' }]);

        // Every stop done elsewhere, then Complete route.
        for (const stop of route.stops.filter((s) => s.type !== 'start' && s.type !== 'end'))
          await api.post(`/v1/projects/${summary.project_id}/routes/${route.id}/services/${stop.id}`, {
            status: 'skipped',
          });
        await page.reload();
        // The device's copy shows first, its stops still open there (Complete route then says to finish them): tap
        // once the server's answer is shown.
        await expect(page.getByRole('banner')).toContainText('10/10 stops');
        await page.getByRole('button', { name: 'Complete route' }).click();
        await expect(page.getByText('Route completed!')).toBeVisible({ timeout: 10_000 });
        await expect
          .poll(() => toWrapper(page, 'route_finished'))
          .toEqual([{ type: 'route_finished', routeId: route.id, projectId: route.project_id }]);
        expect(popups()).toBe(0);
        expect(await wrapperErrors(page)).toEqual([]);
      });

      test('Call hands the wrapper the plus-prefixed number; the wrapper’s camera photo reaches the server resized', async ({
        page,
        server,
        dispatch,
        todaysRoute,
      }) => {
        let fileChoosers = 0;
        page.on('filechooser', () => {
          fileChoosers += 1;
        });
        const { route, stop, number } = await todaysRoute({ requirements: { picture: true }, view: 'list' });
        const patched = await dispatch('PATCH', `/routes/${route.id}/stops/${stop.id}`, {
          recipient_phone: '06 1234 5678',
          country: 'Netherlands',
        });
        expect(patched.status).toBeLessThan(300);
        await inWrapper(page, platform, { tokens: await wrapperSignIn(server), photo: { width: 4000, height: 3000 } });

        const stopPath = `/routes/${route.id}/stops/${stop.id}`;
        await page.goto(stopPath);
        await page.getByRole('region', { name: 'Stop actions' }).getByRole('link', { name: 'Call' }).click();
        await expect.poll(() => toWrapper(page, 'call')).toEqual([{ type: 'call', number: '+31612345678' }]);
        await expect(page).toHaveURL(new RegExp(`${stopPath}$`));

        await page.goto(`${stopPath}/complete`);
        const proofs = page.getByRole('region', { name: 'Proof of delivery' });
        await proofs.getByRole('button', { name: 'Add photo' }).click();
        await expect(proofs.getByRole('img', { name: 'Photo 1' })).toBeVisible({ timeout: 15_000 });
        expect(await toWrapper(page, 'open_camera')).toEqual([{ type: 'open_camera', requestId: expect.any(String) }]);
        expect(fileChoosers).toBe(0);

        await page.getByRole('button', { name: 'Done' }).click();
        await expect(page.getByRole('status').getByText(`Stop ${number(stop)} delivered`)).toBeVisible();
        const saved = await serverStop(dispatch, route.id, stop.id, 'finished', (s) => s.images.length, 1);
        const photo = await fetchImage(server, saved.images[0]!);
        expect(photo.type).toBe('image/jpeg');
        expect(jpegSize(photo.bytes)).toEqual({ width: 800, height: 600 });
      });
    });

    test.describe('with access tokens that expire in 5 s', () => {
      test.use({ serverEnv: { ACCESS_TOKEN_TTL: '5' } });

      test('the pair the app refreshed goes back to the wrapper, which hands it over at the next start', async ({
        page,
        server,
      }) => {
        const handed = await wrapperSignIn(server);
        await inWrapper(page, platform, { tokens: handed });
        await page.goto('/routes');
        await expect(page.getByRole('heading', { name: 'My Routes' })).toBeVisible();
        expect(await toWrapper(page, 'tokens')).toEqual([]);

        await untilAccessTokenExpired(page);
        await page.reload();
        await expect(page.getByRole('heading', { name: 'My Routes' })).toBeVisible();
        await expect.poll(async () => (await toWrapper(page, 'tokens')).length).toBe(1);
        const [sent] = await toWrapper(page, 'tokens');
        expect(sent!.refreshToken).not.toBe(handed.refreshToken);
        const { type: _type, ...pair } = sent!;
        expect(await wrapperKeychain(page)).toEqual(pair);

        // The next start hands over the new pair: still signed in, never logged out.
        await page.reload();
        await expect(page.getByRole('heading', { name: 'My Routes' })).toBeVisible();
        await expect(page.getByText('You have been logged out automatically')).toHaveCount(0);
      });
    });
  });
}
