/**
 * Scenario 7 (issue 20): a driver signs in on a phone that has never opened the app (no session, no caches, no
 * service worker yet), on the low-end profile. Figures: when the first screen is usable (the email field enabled),
 * and from the last Next (the password's) to the first route card: time, requests, and round trips in a row.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { installMetrics, readMetrics, waitSeen } from '../metrics.ts';
import { recordRequests, requestsBetween, roundTripDepth } from '../network.ts';
import { newPhoneContext, throttledPage } from '../profile.ts';
import { tap, until } from '../touch.ts';
import { appUrl, type CoreMode, round, type ScenarioEnv } from './common.ts';

export interface SignInFigures {
  /** ms after navigation start until the email field could be typed in. */
  firstScreenUsable: number;
  /** ms from the tap on the password's Next to the first route card painted. */
  signInToList: number;
  requestsSignInToList: number;
  roundTripsSignInToList: number;
}

const EMAIL_FIELD = 'input[type="email"][autocomplete="username"]:not([disabled]):not([hidden])';
const PASSWORD_FIELD = 'input[autocomplete="current-password"]';

/** Types into a field the way a keyboard does, without Playwright's in-page locator polling. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await page.focus(selector);
  await page.keyboard.type(text);
}

export async function signInToList(
  env: ScenarioEnv,
  mode: CoreMode,
  driver: { email: string; password: string },
): Promise<SignInFigures> {
  const context: BrowserContext = await newPhoneContext(env.browser);
  try {
    await installMetrics(context);
    const requests = recordRequests(context);
    const page = await throttledPage(context);
    await page.goto(appUrl(env, '/login', mode), { waitUntil: 'commit' });
    await until(page, EMAIL_FIELD);
    const usableAt = await page.evaluate(() => performance.now());
    await typeInto(page, EMAIL_FIELD, driver.email);
    await tap(page, 'button[type="submit"]', 'Next');
    await until(page, PASSWORD_FIELD);
    await typeInto(page, PASSWORD_FIELD, driver.password);
    // Give the password step's early downloads the time a driver's typing would (a few seconds on a phone).
    await page.waitForLoadState('networkidle');
    const tapWall = Date.now();
    await tap(page, 'button[type="submit"]', 'Next');
    const listAt = await waitSeen(page, 'routeList');
    const m = await readMetrics(page);
    const listWall = m.timeOrigin + listAt;
    // The browser's own fetch of the favicon (Chromium asks again after a same-document navigation) is no wait
    // of the driver's: the page never needs it.
    const flow = requestsBetween(requests, tapWall, listWall).filter(
      (r) => r.endWall <= listWall && !new URL(r.url).pathname.startsWith('/icons/'),
    );
    // BENCH_DEBUG=1 lists the flow's requests (ms after the tap: sent, answered) to see what chains.
    if (process.env.BENCH_DEBUG)
      for (const r of flow) console.log(round(r.startWall - tapWall), round(r.endWall - tapWall), r.url);
    return {
      firstScreenUsable: round(usableAt),
      signInToList: round(listWall - tapWall),
      requestsSignInToList: flow.length,
      roundTripsSignInToList: roundTripDepth(flow),
    };
  } finally {
    await context.close();
  }
}
