/**
 * The service worker's static routes (Chromium 123+, `InstallEvent.addRoutes`): the app's own hashed files come
 * straight from the precache, without the browser first starting the service worker and running its fetch handler
 * for each. Measured on a warm start at 4x CPU (issue 12), the core's worker script waited 120–250 ms for the service
 * worker's answer, after it had been asked for; the list waits for that script.
 *
 * The build serialises `installStaticRoutes` into `sw-static-routes.js`, which Workbox's generated service worker
 * imports (scripts/sw-static-routes.ts). So it may use nothing but its arguments: no imports, no closures.
 *
 * Safe by construction:
 * - Only `/assets/` files, whose names carry their content's hash: the precache's copy is that very file, so it can
 *   never be stale. A file not in the precache falls through to the network, as the spec's "cache" source does.
 * - The map's code is not precached but cached on first use by the fetch handler (vite.config.ts runtimeCaching):
 *   its files keep going through the fetch event, the first rule that matches wins.
 * - The API (`/v1/`) goes to the network without the service worker, which never caches it (vite.config.ts).
 * - A browser without static routing ignores this, and the fetch handler answers as before.
 */

/** A static routing rule, as `addRoutes` takes it (the part of the spec used here). */
export interface StaticRoute {
  condition: { urlPattern: string; requestMethod?: string };
  source: 'fetch-event' | 'network' | { cacheName: string };
}

export interface StaticRoutesConfig {
  /** Workbox's precache name without its scope suffix (`workbox-precache-v2-` + the registration's scope). */
  precachePrefix: string;
  /**
   * Path patterns (URLPattern syntax) served from the precache. As strings the browser reads them against the
   * service worker's own URL, so they only ever match this origin's files.
   */
  fromPrecache: string[];
  /** Path patterns that keep going through the fetch handler although they match the above. */
  viaFetchHandler: string[];
  /**
   * Path patterns that go straight to the network: the API, which the service worker never answers. Without this
   * rule every call first waits for the service worker to start and run its fetch handler, which lets it fall
   * through to the browser's own request (docs/performance.md, "The API past the service worker").
   */
  toNetwork: string[];
}

interface InstallEventWithRoutes {
  addRoutes?: (rules: StaticRoute[]) => Promise<void>;
  waitUntil(promise: Promise<unknown>): void;
}

interface ServiceWorkerScope {
  registration: { scope: string };
  addEventListener(type: 'install', listener: (event: InstallEventWithRoutes) => void): void;
}

/** The rules, in the order the browser tries them. */
function staticRoutes(config: StaticRoutesConfig, scope: string): StaticRoute[] {
  const cacheName = config.precachePrefix + scope;
  return [
    ...config.toNetwork.map((pathname) => ({ condition: { urlPattern: pathname }, source: 'network' as const })),
    ...config.viaFetchHandler.map((pathname) => ({
      condition: { urlPattern: pathname },
      source: 'fetch-event' as const,
    })),
    ...config.fromPrecache.map((pathname) => ({
      condition: { urlPattern: pathname, requestMethod: 'GET' },
      source: { cacheName },
    })),
  ];
}

function installStaticRoutes(
  config: StaticRoutesConfig,
  scope: ServiceWorkerScope,
  rulesFor: typeof staticRoutes,
): void {
  scope.addEventListener('install', (event) => {
    if (typeof event.addRoutes !== 'function') return;
    // A rule the browser refuses must not fail the install: the fetch handler answers everything without them.
    event.waitUntil(event.addRoutes(rulesFor(config, scope.registration.scope)).catch(() => {}));
  });
}

/** The classic script's text: both functions and the config, run on the service worker's global scope. */
export function staticRoutesScript(config: StaticRoutesConfig): string {
  return `(${installStaticRoutes.toString()})(${JSON.stringify(config)}, self, ${staticRoutes.toString()});\n`;
}
