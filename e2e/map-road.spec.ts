/**
 * The planned line follows the roads when the server has OSRM_URL (issue 14, "Road geometry"): the route has no
 * stored polyline, so the core asks POST /v1/osrmb, the server asks OSRM and passes its geometry on, and the map
 * draws it solid (data-line="road"), not as the dashed straight fallback (map-streets.spec.ts checks that one).
 * The OSRM server is a small fake on this machine that answers each leg as an L (along one street, then the cross
 * street), as a road network would bend; the map host is unreachable, so the built-in style shows.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import polyline from '@mapbox/polyline';
import { chromiumLaunch } from '../scripts/chromium.mjs';
import { dayFrom, driverApi, mapDrawn, routeOn } from './support/app.ts';
import { test as base, DEMO, expect } from './support/fixtures.ts';
import { blockMapHost } from './support/map-hosts.ts';

interface FakeOsrm {
  url: string;
  /** The paths OSRM was asked for. */
  asked: string[];
}

/** A fake OSRM: /route/v1/{profile}/{lng,lat;...} answers an L-shaped leg between each two points. */
async function startFakeOsrm(): Promise<FakeOsrm & { server: Server }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://osrm').pathname;
    asked.push(path);
    const points = decodeURIComponent(path.split('/').at(-1) ?? '')
      .split(';')
      .map((p) => p.split(',').map(Number) as [number, number]);
    const latLngs: [number, number][] = [];
    points.forEach(([lng, lat], i) => {
      const previous = points[i - 1];
      if (previous) latLngs.push([previous[1], lng]); // the corner: along the previous stop's latitude first
      latLngs.push([lat, lng]);
    });
    const geometry = polyline.encode(latLngs, 5);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ code: 'Ok', routes: [{ geometry, distance: 1000, duration: 300 }], waypoints: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, server };
}

const test = base.extend<{ osrm: FakeOsrm }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
  osrm: async ({}, use) => {
    const fake = await startFakeOsrm();
    await use(fake);
    await new Promise((resolve) => fake.server.close(resolve));
  },
  // This test's own app server, pointed at the fake OSRM.
  serverEnv: async ({ osrm }, use) => {
    await use({ OSRM_URL: osrm.url });
  },
});

test.use({
  launchOptions: chromiumLaunch({ webgl: true }),
});

test('with OSRM_URL the line follows the roads OSRM gives, drawn solid', async ({
  page,
  context,
  server,
  signIn,
  osrm,
}) => {
  await blockMapHost(context);
  const bike = routeOn(await (await driverApi(server)).routes(), 'Cargo bike 1', dayFrom(0));
  await signIn(page, DEMO.driver);
  await page.goto(`/routes/${bike.id}`);
  await mapDrawn(page);
  const root = page.locator('[data-map-style]');
  await expect(root).toHaveAttribute('data-line', 'road', { timeout: 20_000 });
  // Asked for the cargo bike's profile, through every stop.
  expect(osrm.asked.some((p) => p.startsWith('/route/v1/cycling/'))).toBe(true);
});
