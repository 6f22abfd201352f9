/**
 * index.html's early classic script (src-ui/platform/early-start.ts), run as the page runs it: its serialised text
 * in a fresh context with nothing but the globals it may use. A reference to anything outside the function (an
 * import, a module constant) fails here as it would in the page. Its rules are held to the app's own.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CORE_WORKER_NAMES } from '../../src-shared/api/core-worker-name.ts';
import { resolveTheme } from '../../src-shared/domain/settings.ts';
import { routeScreenAt } from '../../src-ui/app/first-screen.ts';
import { PATHS } from '../../src-ui/app/paths.ts';
import { coreModeFrom, coreWorkerName } from '../../src-ui/bridge/core-mode.ts';
import { readSettings, settingCookieName } from '../../src-ui/platform/cookies.ts';
import { EARLY_WORKER, type EarlyStartFacts, earlyStartScript } from '../../src-ui/platform/early-start.ts';

const facts: EarlyStartFacts = {
  worker: '/assets/core-abc.js',
  workerNames: CORE_WORKER_NAMES,
  inlineBuild: false,
  paths: { routes: PATHS.routes, routesClosed: PATHS.routesClosed },
  screens: {
    list: { js: ['/assets/RoutesScreen-a.js', '/assets/list-screen-b.js'], css: ['/assets/list-screen-b.css'] },
    route: { js: ['/assets/RouteScreen-c.js'], css: [] },
  },
  routeStrings: { en: ['/assets/en-route-d.js'], nl: ['/assets/nl-route-e.js'], de: ['/assets/de-route-f.js'] },
  languageCookie: settingCookieName('language'),
  themeCookie: settingCookieName('theme'),
  visibilityCookie: settingCookieName('highVisibility'),
  firstPaint: { attribute: 'data-first-paint', pressedGlobal: '__pressed', listenerGlobal: '__listener' },
};

/** Runs the script on a page at `url` (on a phone in dark mode when `systemDark`); what it started, linked and set. */
function runOn(url: string, given: EarlyStartFacts = facts, cookie = '', systemDark = false) {
  const { pathname, search } = new URL(url, 'https://app.example');
  const workers: { url: string; options: WorkerOptions }[] = [];
  const links: Record<string, string>[] = [];
  const dataset: Record<string, string> = {};
  const listeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];
  const page: Record<string, unknown> = {
    location: { pathname, search },
    URLSearchParams,
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
    Worker: class {
      constructor(workerUrl: string, options: WorkerOptions) {
        workers.push({ url: workerUrl, options });
      }
    },
    document: {
      cookie,
      createElement: () => {
        const attrs: Record<string, string> = {};
        const setAttribute = (name: string, value: string) => {
          attrs[name] = value;
        };
        return { attrs, setAttribute };
      },
      head: { append: (link: { attrs: Record<string, string> }) => void links.push(link.attrs) },
      documentElement: { dataset },
      addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
        void listeners.push({ type, listener, capture }),
    },
  };
  page.self = page;
  runInNewContext(earlyStartScript(given), page);
  return { workers, links, left: page[EARLY_WORKER], dataset, listeners, page };
}

/** A submit event from a form that is (or is not) inside an element with `attribute`. */
function submitFrom(inside: boolean) {
  const event = {
    target: { closest: (selector: string) => (inside && selector === '[data-first-paint]' ? {} : null) },
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

describe('the early script', () => {
  it('starts the core worker and leaves it for connect.ts', () => {
    const { workers, left } = runOn('/login');
    expect(workers).toEqual([{ url: '/assets/core-abc.js', options: { type: 'module', name: 'droplane-core' } }]);
    expect(left).toBeDefined();
  });

  it.each([
    ['/?core=inline', false],
    ['/routes?core=worker', true],
    ['/routes', true],
  ])('on %s starts a worker: %s, as coreModeFrom says', (url, started) => {
    expect(runOn(url).workers.length > 0).toBe(started);
    expect(coreModeFrom(new URL(url, 'https://app.example').search) === 'worker').toBe(started);
  });

  it.each(['/routes?trace=off', '/routes', '/login?trace=on'])(
    'on %s names the worker as coreWorkerName does (untraced with trace=off)',
    (url) => {
      const [worker] = runOn(url).workers;
      expect(worker?.options.name).toBe(coreWorkerName(new URL(url, 'https://app.example').search));
    },
  );

  it('starts the worker untraced only with trace=off', () => {
    expect(runOn('/routes?trace=off').workers[0]?.options.name).toBe(CORE_WORKER_NAMES.untraced);
    expect(runOn('/routes').workers[0]?.options.name).toBe(CORE_WORKER_NAMES.traced);
  });

  it('starts none in a build whose core runs inline', () => {
    expect(runOn('/routes', { ...facts, inlineBuild: true }).workers).toEqual([]);
  });

  it.each(['/routes', '/routes/closed', '/routes/7', '/routes/single/abc', '/login', '/account', '/'])(
    'on %s preloads the files and strings of the screen routeScreenAt names',
    (path) => {
      const screen = routeScreenAt(path);
      const expected = screen
        ? [
            ...facts.screens[screen].js.map((href) => ({ rel: 'modulepreload', crossorigin: '', href })),
            ...facts.screens[screen].css.map((href) => ({ rel: 'preload', as: 'style', crossorigin: '', href })),
            { rel: 'modulepreload', crossorigin: '', href: '/assets/en-route-d.js' },
          ]
        : [];
      expect(runOn(path).links).toEqual(expected);
    },
  );

  it.each([
    ['nothing chosen', '', ['en']],
    ['Dutch', 'dl_theme=dark; dl_language=nl', ['nl', 'en']],
    ['German, among other cookies', 'a=1; dl_language=de; b=2', ['de', 'en']],
    ['English', 'dl_language=en', ['en']],
    ['a language the app does not have', 'dl_language=fr', ['en']],
    ['a cookie of another name ending the same', 'xdl_language=nl', ['en']],
    ['a name every object has', 'dl_language=constructor', ['en']],
  ])("preloads the route strings of the driver's language and English: %s", (_, cookie, languages) => {
    const strings = runOn('/routes', facts, cookie)
      .links.map((link) => link.href)
      .filter((href) => /-route-/.test(href ?? ''));
    expect(strings).toEqual(languages.map((lng) => facts.routeStrings[lng]![0]));
    // The same language readSettings gives the app itself (the core's start loads that one).
    expect(readSettings(cookie).settings.language).toBe(languages[0]);
  });

  it.each([
    ['nothing chosen, a light phone', '', false, 'light'],
    ['nothing chosen, a dark phone', '', true, 'dark'],
    ['System on a dark phone', 'dl_theme=system', true, 'dark'],
    ['Light on a dark phone', 'dl_theme=light', true, 'light'],
    ['Dark on a light phone', 'a=1; dl_theme=dark', false, 'dark'],
    ['Sunlight on a dark phone', 'dl_theme=sunlight', true, 'sunlight'],
    ['Sunlight on a light phone', 'dl_theme=sunlight', false, 'sunlight'],
  ])('draws the page in the theme the app would take: %s', (_, cookie, systemDark, theme) => {
    expect(runOn('/login', facts, cookie, systemDark).dataset.theme).toBe(theme);
    // The app's own rule (platform/theme.ts), which the early script cannot import.
    expect(resolveTheme(readSettings(cookie).settings.theme, systemDark)).toBe(theme);
  });

  it('sets high visibility from its cookie', () => {
    expect(runOn('/login', facts, 'dl_highVisibility=on').dataset.visibility).toBe('high');
    expect(runOn('/login', facts, '').dataset.visibility).toBe('normal');
  });

  it("holds the sign-in first paint's form from submitting itself, notes the press, and leaves its listener", () => {
    const { listeners, page } = runOn('/login');
    expect(listeners.map((l) => [l.type, l.capture])).toEqual([['submit', true]]);
    const hold = listeners[0]!.listener;
    expect(page.__listener).toBe(hold);

    const elsewhere = submitFrom(false);
    hold(elsewhere);
    expect(elsewhere.defaultPrevented).toBe(false);
    expect(page.__pressed).toBeUndefined();

    const firstPaint = submitFrom(true);
    hold(firstPaint);
    expect(firstPaint.defaultPrevented).toBe(true);
    expect(page.__pressed).toBe(true);
  });
});
