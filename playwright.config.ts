/**
 * Browser tests (e2e/): the built app served by the real server, in Chromium on a phone-sized touch screen.
 * Chromium is Debian's (/usr/bin/chromium) unless CHROMIUM_PATH names another; Playwright never downloads one
 * here. e2e/support/global-setup.ts builds the app when needed and starts the server; e2e/support/fixtures.ts
 * has the `test` to write specs with. E2E_JSON_REPORT=file adds a JSON report (what .ci/run counts).
 */
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { chromiumLaunch } from './scripts/chromium.mjs';

/** Chromium as every project launches it (scripts/chromium.mjs); a spec that needs more (the fake camera) adds to it. */
export const CHROMIUM = chromiumLaunch();

const reporter: ReporterDescription[] = [['list']];
if (process.env.E2E_JSON_REPORT) reporter.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Each worker has a seeded server of its own (support/fixtures.ts), so workers share no data. Two on the 2 cores: with
  // one, the run kept the cores busy about half its time (Chromium waits on the server, timers and animations). A
  // server given from outside (E2E_BASE_URL) is shared, so then one at a time. E2E_WORKERS=N overrides.
  workers: Number(process.env.E2E_WORKERS) || (process.env.E2E_BASE_URL ? 1 : 2),
  fullyParallel: false,
  // One retry absorbs a machine too loaded to finish an animation within the action timeout (software GL and the
  // server share two cores); a test that fails twice fails the run, and .ci/count.mjs names every flaky one.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter,
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [{ name: 'chromium' }],
});
