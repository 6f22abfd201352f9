/**
 * What the page starts before any module has run: the core's worker and, on a route screen's path, that screen's
 * code. The build serialises `earlyStart` into a small inline classic script first in index.html's head
 * (scripts/start-early.ts), because that is what Chromium runs first: a module script, even an `async` one, ran
 * only after the main module had downloaded and evaluated as soon as it imported a chunk the main module shares
 * (on the low-end profile 500 ms later on a cold start, 100 ms on a warm one), and the worker is the longest chain
 * of a start (its script, its storage, then the list's request).
 *
 * So `earlyStart` may use nothing but its arguments and the browser's own globals: no imports, no closures; its
 * text is all that reaches the page. The worker it starts waits on the page's global under EARLY_WORKER for the
 * main module's connect.ts (core-worker.ts), which takes it instead of starting a second one.
 */

/** The global the early script leaves the worker in; core-worker.ts takes it from there. */
export const EARLY_WORKER = '__droplaneEarlyWorker';

interface EarlyStartConfig {
  /** The core's worker script, as built. */
  worker: string;
  /** Where to leave the worker: EARLY_WORKER (a constant the function's text cannot reach, so it comes in here). */
  workerGlobal: typeof EARLY_WORKER;
  /** The worker's names (src-shared/api/core-worker-name.ts): untraced on a page opened with `?trace=off`. */
  workerNames: { traced: string; untraced: string };
  /** The build runs its core inline (VITE_CORE=inline): no worker to start. */
  inlineBuild: boolean;
  /** The route screens' paths (app/paths.ts) and, per screen, its files beyond the HTML's own. */
  paths: { routes: string; routesClosed: string };
  screens: Record<'list' | 'route', { js: string[]; css: string[] }>;
  /** Per language, the files of its route strings, which every route screen waits for (i18n/index.ts). */
  routeStrings: Record<string, string[]>;
  /** The cookie holding the driver's language (platform/cookies.ts). */
  languageCookie: string;
  /** The cookies of the theme and high-visibility settings, which the page is drawn in from its first paint. */
  themeCookie: string;
  visibilityCookie: string;
  /** The sign-in's first paint (src-shared/protocol/first-paint.ts): its attribute and the globals left for the app. */
  firstPaint: { attribute: string; pressedGlobal: string; listenerGlobal: string };
}

interface EarlyScope {
  location: Pick<Location, 'pathname' | 'search'>;
  document: Pick<Document, 'createElement' | 'head' | 'cookie' | 'addEventListener'> & {
    documentElement: { dataset: Record<string, string | undefined> };
  };
  Worker: new (url: string, options: WorkerOptions) => unknown;
  matchMedia?: (query: string) => { matches: boolean };
  [global: string]: unknown;
}

/** The config without what is always the same. */
export type EarlyStartFacts = Omit<EarlyStartConfig, 'workerGlobal'>;

function earlyStart(config: EarlyStartConfig, scope: EarlyScope): void {
  const doc = scope.document;
  const cookies: Record<string, string> = {};
  for (const part of doc.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name && value) cookies[name] = value;
  }
  // Drawn in the driver's theme from the first paint (the sign-in's is real HTML): the same rule as platform/theme.ts.
  const theme = cookies[config.themeCookie];
  const systemDark = Boolean(scope.matchMedia?.('(prefers-color-scheme: dark)').matches);
  doc.documentElement.dataset.theme =
    theme === 'dark' || theme === 'light' || theme === 'sunlight' ? theme : systemDark ? 'dark' : 'light';
  doc.documentElement.dataset.visibility = cookies[config.visibilityCookie] === 'on' ? 'high' : 'normal';

  // A Next (or Enter) on the sign-in's first paint before the app's code ran: noted for the app, which answers it
  // when it takes the form over (platform/first-paint.ts), instead of the browser sending the form to the server.
  const { attribute, pressedGlobal, listenerGlobal } = config.firstPaint;
  const hold = (event: Event) => {
    const form = event.target as Element | null;
    if (!form?.closest?.(`[${attribute}]`)) return;
    event.preventDefault();
    scope[pressedGlobal] = true;
  };
  doc.addEventListener('submit', hold, true);
  scope[listenerGlobal] = hold;

  // The same rules as coreModeFrom (bridge/core-mode.ts) and routeScreenAt (app/first-screen.ts); the early script
  // cannot import them, and tests/build/start-early.test.ts holds the two to the same table.
  const params = new URLSearchParams(scope.location.search);
  const inline = params.get('core') === 'inline' || config.inlineBuild;
  // The same rule as coreWorkerName (src-shared/api/core-worker-name.ts), held to it by the same test.
  const name = params.get('trace') === 'off' ? config.workerNames.untraced : config.workerNames.traced;
  if (!inline) scope[config.workerGlobal] = new scope.Worker(config.worker, { type: 'module', name });

  const path = scope.location.pathname;
  if (!path.startsWith(config.paths.routes)) return;
  const screen = path === config.paths.routes || path === config.paths.routesClosed ? 'list' : 'route';
  const link = (attrs: Record<string, string>) => {
    const element = doc.createElement('link');
    for (const name of Object.keys(attrs)) element.setAttribute(name, attrs[name] as string);
    doc.head.append(element);
  };
  for (const href of config.screens[screen].js) link({ rel: 'modulepreload', crossorigin: '', href });
  for (const href of config.screens[screen].css) link({ rel: 'preload', as: 'style', crossorigin: '', href });

  // The screen's strings in the driver's language and in English, its fallback (the same rule as readSettings in
  // platform/cookies.ts: a cookie naming no language of the app means English). Else they are asked for only once
  // the main module has run: on a cold start one more round trip, after the shell.
  const chosen = cookies[config.languageCookie];
  const language = chosen && Array.isArray(config.routeStrings[chosen]) ? chosen : 'en';
  const strings = language === 'en' ? ['en'] : [language, 'en'];
  for (const lng of strings) {
    for (const href of config.routeStrings[lng] ?? []) link({ rel: 'modulepreload', crossorigin: '', href });
  }
}

/** The classic script's text: the function and its arguments, called on the page's global scope. */
export function earlyStartScript(facts: EarlyStartFacts): string {
  const config: EarlyStartConfig = { ...facts, workerGlobal: EARLY_WORKER };
  return `(${earlyStart.toString()})(${JSON.stringify(config)}, self);\n`;
}
