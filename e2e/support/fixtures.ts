/**
 * The browser tests' `test`: Playwright's, with the app server and helpers. Every test gets a fresh browser
 * context (so fresh IndexedDB, cookies, storage and service worker) on the phone-sized device of
 * playwright.config.ts, with `baseURL` set to the server, so `page.goto('/')` opens the app.
 *
 *   import { expect, test } from './support/fixtures.ts';
 *   test('signs in', async ({ page, signIn }) => {
 *     await signIn(page, DEMO.driver);
 *   });
 *
 * By default the tests of one worker share its server (seeded with the demo data when the worker starts; a worker
 * runs its tests one at a time, and workers never share a server). A test that changes data others of its file rely
 * on, or needs pristine data, asks for its own server:
 * `test.use({ freshServer: true })`, or `test.use({ serverEnv: { ACCESS_TOKEN_TTL: '5' } })` for one with other
 * settings (README, Configuration). Such a server starts in a second or two and is stopped after the test.
 */
import { test as base, type ConsoleMessage, type Page } from '@playwright/test';
import { localDate } from '../../src-shared/domain/geo.ts';
import { deCore } from '../../src-ui/i18n/de-core.ts';
import { enCore } from '../../src-ui/i18n/en-core.ts';
import { nlCore } from '../../src-ui/i18n/nl-core.ts';
import { DEMO } from './demo.ts';
import { type Dispatch, dispatcher } from './dispatch.ts';
import {
  type SignedInSetup,
  setUpTodaysRoute,
  signInOnRoute,
  type TodaysRoute,
  type TodaysRouteFixture,
} from './route-setup.ts';
import { type AppServer, startAppServer } from './server.ts';

export { expect } from '@playwright/test';

export { DEMO } from './demo.ts';
export { type Dispatch, dispatcher } from './dispatch.ts';

export type ServerInfo = Pick<AppServer, 'url' | 'dispatchToken' | 'sharedLink'>;
export type SignIn = (page: Page, email: string, password?: string) => Promise<void>;

interface Options {
  /** Give each test of this file (or describe block) a server of its own, with freshly seeded demo data. */
  freshServer: boolean;
  /** Environment for a server of the test's own (implies freshServer), e.g. { SEED: 'none' }. */
  serverEnv: Record<string, string> | undefined;
}

interface Fixtures {
  /** The server this test talks to: { url, dispatchToken, sharedLink }. */
  server: ServerInfo;
  /** Calls the dispatcher API with the server's token. */
  dispatch: Dispatch;
  /** Signs in through the app's own sign-in screen (see signIn below). */
  signIn: SignIn;
  /**
   * Starts today's route of a demo driver through the driver API, its first stop asking for the given proofs, the
   * route view as a list or on the map (route-setup.ts): `await todaysRoute({ requirements: {}, view: 'list' })`.
   */
  todaysRoute: TodaysRouteFixture;
  /**
   * todaysRoute, then the driver signed in through the app and a screen of the route opened:
   * `await signedInOnRoute({ requirements: { picture: true }, view: 'list', open: 'complete' })`.
   */
  signedInOnRoute: (setup?: SignedInSetup) => Promise<TodaysRoute>;
}

/**
 * A server given from outside (E2E_BASE_URL and E2E_DISPATCH_TOKEN: `npm start`, say), or null: then each worker
 * starts its own (the `sharedServer` worker fixture below).
 */
function givenServer(): ServerInfo | null {
  const url = process.env.E2E_BASE_URL;
  if (!url) return null;
  const dispatchToken = process.env.E2E_DISPATCH_TOKEN;
  if (!dispatchToken) throw new Error('E2E_BASE_URL is set: set E2E_DISPATCH_TOKEN too.');
  return { url, dispatchToken, sharedLink: process.env.E2E_SHARED_LINK ?? null };
}

/** A worker's shared server, and the day its demo data is dated from. */
interface SharedServer {
  info: ServerInfo;
  /** YYYY-MM-DD, or null for a server given from outside (its day is not ours to judge). */
  seedDay: string | null;
}

/**
 * Whether the shared server's demo data is dated from today. Its "today" is the day it started: in a run that goes
 * past midnight the app calls those routes yesterday's, so every later test gets a server seeded now.
 */
const isCurrent = (shared: SharedServer) => shared.seedDay === null || shared.seedDay === localDate(new Date());

/** The sign-in's words in each language of the app: the page's first paint comes in the browser's. */
const SIGN_IN_WORDS = Object.fromEntries(
  Object.entries({ en: enCore, nl: nlCore, de: deCore }).map(([language, core]) => [language, core.login]),
);

/**
 * Signs in through the real UI: opens the app when the page has not been anywhere yet, then the two steps of
 * the sign-in screen (email, Next; password, Next), and waits until the password step has gone. Written against
 * accessible names only, in the page's language (a new visitor's sign-in comes in the browser's: the tests' locale).
 */
export async function signIn(page: Page, email: string, password: string = DEMO.password): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  const language = (await page.locator('html').getAttribute('lang')) ?? 'en';
  const words = SIGN_IN_WORDS[language] ?? enCore.login;
  await page.getByRole('textbox', { name: words.email, exact: true }).fill(email);
  await page.getByRole('button', { name: words.next, exact: true }).click();
  // A password input has no ARIA role (not "textbox"): find it by its label.
  const passwordField = page.getByLabel(words.password, { exact: true });
  await passwordField.fill(password);
  await page.getByRole('button', { name: words.next, exact: true }).click();
  await passwordField.waitFor({ state: 'hidden', timeout: 15_000 });
}

/** Chromium's console line for a blocked load or script, in a page or a worker. */
const CSP_CONSOLE = /Content Security Policy|Refused to (load|connect|execute|apply|create|frame)/i;

/**
 * Fails the test on any Content-Security-Policy violation (issue 16): the page's securitypolicyviolation events,
 * CSP console errors of the page, its workers and service workers, and the reports the server received meanwhile
 * (reports from workers reach only the server).
 */
async function watchCsp(page: Page, server: ServerInfo, use: (page: Page) => Promise<void>): Promise<void> {
  const violations: string[] = [];
  const onConsole = (where: string) => (message: ConsoleMessage) => {
    if (CSP_CONSOLE.test(message.text())) violations.push(`${where}: ${message.text()}`);
  };
  page.on('console', onConsole('page'));
  page.on('worker', (worker) => worker.on('console', onConsole(`worker ${worker.url()}`)));
  page.context().on('serviceworker', (worker) => worker.on('console', onConsole('service worker')));
  await page.exposeBinding('__cspViolation', (_source, text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation?: (text: string) => void }).__cspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const reports = dispatcher(server);
  const before = (await reports<unknown[]>('GET', '/csp-reports')).body?.length ?? 0;
  await use(page);
  // A report is sent a moment after its violation.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const after = await reports<{ directive: string; blocked: string; document: string }[]>('GET', '/csp-reports');
  for (const r of (after.body ?? []).slice(before)) violations.push(`report: ${r.directive} blocked ${r.blocked}`);
  if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
}

interface WorkerFixtures {
  /**
   * The worker's shared server, seeded with the demo data when the worker starts, and stopped when it ends: the
   * tests of one worker run one at a time and share it (as one run's tests did when the run had one worker), and
   * two workers never share data, so they can run side by side (playwright.config.ts `workers`).
   */
  sharedServer: SharedServer;
}

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  freshServer: [false, { option: true }],
  serverEnv: [undefined, { option: true }],

  sharedServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const given = givenServer();
      if (given) {
        await use({ info: given, seedDay: null });
        return;
      }
      // Taken before the server seeds: a start that straddles midnight then counts as the earlier day, and the
      // tests take servers of their own, which is the safe side.
      const seedDay = localDate(new Date());
      const own = await startAppServer();
      try {
        await use({ info: own, seedDay });
      } finally {
        await own.stop();
      }
    },
    { scope: 'worker' },
  ],

  server: async ({ freshServer, serverEnv, sharedServer }, use) => {
    if (!freshServer && !serverEnv && isCurrent(sharedServer)) {
      await use(sharedServer.info);
      return;
    }
    const own = await startAppServer({ env: serverEnv });
    try {
      await use(own);
    } finally {
      await own.stop();
    }
  },

  // page.goto('/'), page.request and the like go to this test's server.
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  dispatch: async ({ server }, use) => {
    await use(dispatcher(server));
  },

  page: async ({ page, server }, use) => {
    await watchCsp(page, server, use);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
  signIn: async ({}, use) => {
    await use(signIn);
  },

  todaysRoute: async ({ context, server, dispatch }, use) => {
    await use((setup) => setUpTodaysRoute(context, server, dispatch, setup));
  },

  signedInOnRoute: async ({ page, server, dispatch }, use) => {
    await use((setup) => signInOnRoute(page, server, dispatch, signIn, setup));
  },
});
