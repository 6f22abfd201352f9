// Throw-away: CPU profile of the page's main thread while the 300-stop map opens (not committed).
import { writeFileSync } from 'node:fs';
import { startAppServer } from '../e2e/support/server.ts';
import { installMetrics } from './app/metrics.ts';
import { launchChromium } from './app/profile.ts';
import { cacheApp } from './app/scenarios/start.ts';
import { warmMap } from './app/scenarios/open-map.ts';
import { BENCH_DRIVER, BIG_ROUTE_VEHICLE, seedBench } from './app/seed.ts';
import { captureSession, signedInContext } from './app/session.ts';
import { tap, until } from './app/touch.ts';
import { waitSeen } from './app/metrics.ts';

const server = await startAppServer({ env: { SEED: 'none', ACCESS_TOKEN_TTL: '86400' } });
const browser = await launchChromium({ webgl: true });
try {
  await seedBench(server.url, server.dispatchToken, 1);
  const env = { browser, baseUrl: server.url, distDir: 'dist', session: await captureSession(browser, server.url, BENCH_DRIVER.email, BENCH_DRIVER.password) };
  const context = await signedInContext(browser, server.url, env.session, true);
  await installMetrics(context);
  await cacheApp(env, context);
  await warmMap(env, context, 'worker');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${server.url}/routes`, { waitUntil: 'commit' });
  await waitSeen(page, 'routeList');
  await until(page, '[role="tabpanel"] article h3', BIG_ROUTE_VEHICLE);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await tap(page, '[role="tabpanel"] article h3', BIG_ROUTE_VEHICLE);
  await page.waitForFunction(() => performance.getEntriesByName('droplane:map-loaded').length > 0, null, { timeout: 120000 });
  await new Promise((r) => setTimeout(r, 3000));
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/map14prof/map.cpuprofile', JSON.stringify(profile));
} finally {
  await browser.close();
  await server.stop();
}
