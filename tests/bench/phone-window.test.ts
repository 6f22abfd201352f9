/**
 * The bench's phone shows its whole screen (issue 47, docs/performance.md "Done's paint, found"): Debian's Chromium
 * runs the full browser headless, with an 87 px toolbar (Chromium 156, read from the browser's layer tree), while
 * Playwright sizes a headless window to the viewport alone. A page's change below the window's edge is never drawn,
 * and Event Timing then waits for the next change in view: Done at the screen's foot measured 150-300 ms for a
 * 25 ms paint. Every measured page comes from `throttledPage`, which makes the room.
 */
import type { Page } from '@playwright/test';
import { expect, it } from 'vitest';
import { launchChromium, newPhoneContext, throttledPage } from '../../bench/app/profile.ts';

const SCREEN_HEIGHT = 844;
/** The headless browser's toolbar above the page. */
const TOOLBAR_PX = 87;

async function windowHeight(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { bounds } = await cdp.send('Browser.getWindowForTarget');
  return bounds.height ?? 0;
}

it('gives each measured page a window that holds the whole screen under the toolbar', async () => {
  const browser = await launchChromium();
  try {
    const context = await newPhoneContext(browser);
    // The premise: as Playwright sizes it, the window is the screen's height, toolbar and all.
    expect(await windowHeight(await context.newPage())).toBe(SCREEN_HEIGHT);
    const measured = await throttledPage(context);
    expect(await windowHeight(measured)).toBeGreaterThanOrEqual(SCREEN_HEIGHT + TOOLBAR_PX);
    // The page itself still sees the phone's screen.
    await measured.setContent('<meta name="viewport" content="width=device-width">');
    expect(await measured.evaluate(() => [innerWidth, innerHeight])).toEqual([390, SCREEN_HEIGHT]);
  } finally {
    await browser.close();
  }
}, 30_000);
