/**
 * Scenario 7 (issue 20): a driver signs in on a phone that has never opened the app (no session, no caches, no
 * service worker yet), on the low-end profile. Figures: when the first screen is usable (the email field enabled),
 * how long after the first contentful paint that is (issue 32: the server's HTML is the sign-in, so it is usable as
 * it paints), the main thread's blocking from that paint until a second after the app took the form over (cold TBT),
 * and from the last Next (the password's) to the first route card: time, requests, and round trips in a row.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { blockingTime, installMetrics, readMetrics, waitSeen } from '../metrics.ts';
import { recordRequests, requestsBetween, roundTripDepth } from '../network.ts';
import { newPhoneContext, throttledPage } from '../profile.ts';
import { tap, until } from '../touch.ts';
import { appUrl, type CoreMode, round, type ScenarioEnv, sleep } from './common.ts';

export interface SignInFigures {
  /** ms after navigation start until the email field could be typed in. */
  firstScreenUsable: number;
  /** ms from the first contentful paint until the email field could be typed in (0: usable as it painted). */
  emailUsableAfterFcp: number;
  /** Blocking (the part of each long task over 50 ms) from the first contentful paint until 1 s after the takeover. */
  tbt: number;
  /** ms from the tap on the password's Next to the first route card painted. */
  signInToList: number;
  requestsSignInToList: number;
  roundTripsSignInToList: number;
}

const EMAIL_FIELD = 'input[name="email"][autocomplete="username"]:not([disabled]):not([hidden])';
const PASSWORD_FIELD = 'input[autocomplete="current-password"]';
/** The server's HTML of the sign-in, until the app has taken it over (src-ui/platform/first-paint.ts). */
const FIRST_PAINT = '[data-first-paint]';
/** How long after the takeover blocking still counts: the boot's tail (the worker's answers, idle preloads). */
const TBT_TAIL_MS = 1_000;

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
    await until(page, FIRST_PAINT, undefined, { gone: true });
    const takenOverAt = await page.evaluate(() => performance.now());
    await sleep(TBT_TAIL_MS);
    const early = await readMetrics(page);
    const fcp = early.fcp ?? usableAt;
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
      emailUsableAfterFcp: round(Math.max(0, usableAt - fcp)),
      tbt: round(blockingTime(early.longTasks, fcp, takenOverAt + TBT_TAIL_MS)),
      signInToList: round(listWall - tapWall),
      requestsSignInToList: flow.length,
      roundTripsSignInToList: roundTripDepth(flow),
    };
  } finally {
    await context.close();
  }
}
