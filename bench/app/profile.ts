/**
 * The low-end phone the app benchmark pretends to be: a 390x844 touch screen, the main thread slowed 4x through
 * CDP, and Lighthouse's slow-4G figures (150 ms RTT, 1.6 Mbps down, 750 Kbps up). CDP's CPU slowdown reaches the
 * page's main thread only, not its workers (field-research.md): the worker's own figures are measured apart.
 */
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../scripts/chromium.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
} as const;

export const CPU_SLOWDOWN = 4;

/** Lighthouse's mobile network: round trip in ms, throughput in bytes per second. */
export const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
} as const;

/**
 * The benchmark's Chromium. `webgl` swaps --disable-gpu for SwiftShader's software WebGL (the map scenario: maplibre
 * and deck.gl need WebGL; frames are slow, so only ratios and trends count).
 */
export function launchChromium(options: { webgl?: boolean; extraArgs?: string[] } = {}): Promise<Browser> {
  return chromium.launch(
    chromiumLaunch({
      webgl: options.webgl,
      extraArgs: [
        // A background tab's timers are throttled; the benchmark's page is never in the background.
        '--disable-background-timer-throttling',
        '--disable-renderer-backgrounding',
        // The worker harness's page is served by request interception (no address of its own), which Chromium's
        // local network checks take for a public page and refuse its socket to localhost; the app's own pages, served
        // by the server, are not affected.
        '--disable-features=LocalNetworkAccessChecks',
        // The scan scenario's fake camera.
        ...(options.extraArgs ?? []),
      ],
    }),
  );
}

export function newPhoneContext(browser: Browser, options: { serviceWorkers?: 'allow' | 'block' } = {}) {
  return browser.newContext({ ...PHONE, serviceWorkers: options.serviceWorkers ?? 'allow' });
}

/**
 * Room for the browser's own toolbar above the page (87 px in Chromium 156's headless window), with some to spare.
 * Playwright sizes a headless window to the viewport exactly, as if it had no toolbar (its headless shell has none);
 * Debian's Chromium runs the full browser headless, so the bottom of the 844 px page lay outside the window. The
 * display never drew a change made only there, and the page learnt of that frame's paint (Event Timing's end) only
 * with the next frame that changed something in view: Done, at the screen's foot, measured 150-300 ms for a
 * 20-30 ms paint (issue 47, docs/performance.md "Done's paint").
 */
const WINDOW_TOOLBAR_ROOM = 200;

/** Makes the page's window tall enough to show the whole emulated screen under the browser's toolbar. */
async function roomForTheScreen(cdp: CDPSession): Promise<void> {
  const { windowId, bounds } = await cdp.send('Browser.getWindowForTarget');
  const height = PHONE.viewport.height + WINDOW_TOOLBAR_ROOM;
  if ((bounds.height ?? 0) < height) await cdp.send('Browser.setWindowBounds', { windowId, bounds: { height } });
}

/**
 * Slows the page's main thread and its network (the page's requests and its dedicated worker's), in a window that
 * shows all of it.
 */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await roomForTheScreen(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
}

/** A page of the context with the low-end profile applied before it loads anything. */
export async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await throttle(page);
  return page;
}
