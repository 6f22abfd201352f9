/**
 * The service worker's static routes (src-ui/app/sw-static-routes.ts), run as the service worker runs them: the
 * serialised script in a fresh context with nothing but a service worker's globals. Its rules are held to Workbox's
 * precache name and to the map's cache rules.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cacheNames } from 'workbox-core/_private/cacheNames.js';
import { STATIC_ROUTES } from '../../scripts/sw-static-routes.ts';
import { type StaticRoute, staticRoutesScript } from '../../src-ui/app/sw-static-routes.ts';
import { MAP_CODE } from '../../src-ui/map/cache-rules.ts';

const SCOPE = 'https://app.example/';

/** Runs the script in a service worker's scope, then fires `install` with the given `addRoutes`. */
async function install(addRoutes?: (rules: StaticRoute[]) => Promise<void>) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const waited: Promise<unknown>[] = [];
  const worker: Record<string, unknown> = {
    registration: { scope: SCOPE },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
  };
  worker.self = worker;
  runInNewContext(staticRoutesScript(STATIC_ROUTES), worker);
  listeners.install?.({ addRoutes, waitUntil: (promise: Promise<unknown>) => void waited.push(promise) });
  await Promise.all(waited);
  return { listens: Object.keys(listeners), waited: waited.length };
}

/** The rules `addRoutes` was given on install. */
async function installedRules(): Promise<StaticRoute[]> {
  let given: StaticRoute[] = [];
  await install(async (rules) => {
    given = rules;
  });
  return given;
}

describe('the service worker static routes', () => {
  it('send the API to the network, the hashed app files to the precache, the map code through the fetch handler', async () => {
    const rules = await installedRules();
    const precache = `${STATIC_ROUTES.precachePrefix}${SCOPE}`;
    expect(rules).toEqual([
      { condition: { urlPattern: '/v1/*' }, source: 'network' },
      { condition: { urlPattern: '/assets/RouteMap-*' }, source: 'fetch-event' },
      { condition: { urlPattern: '/assets/maplibre-gl-worker-*' }, source: 'fetch-event' },
      { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: precache } },
    ]);
  });

  it("name Workbox's own precache", async () => {
    // Workbox names it from the registration's scope, as the generated service worker does.
    cacheNames.updateDetails({ suffix: SCOPE });
    const [fromPrecache] = (await installedRules()).filter((rule) => typeof rule.source === 'object');
    expect(fromPrecache?.source).toEqual({ cacheName: cacheNames.getPrecacheName() });
  });

  it('send every file of the map code, which is cached on first use, through the fetch handler', () => {
    const toPath = (pattern: string, file: string) => pattern.replace('*', file);
    const mapFiles = ['abc123.js', 'abc123.css', 'x1.mjs'];
    for (const pattern of STATIC_ROUTES.viaFetchHandler) {
      for (const file of mapFiles) {
        const path = toPath(pattern, file);
        if (path.endsWith('.css') && pattern.includes('maplibre')) continue;
        expect(MAP_CODE.file.test(path), path).toBe(true);
      }
    }
    expect(STATIC_ROUTES.viaFetchHandler.map((p) => p.split('-')[0])).toEqual(['/assets/RouteMap', '/assets/maplibre']);
  });

  it('leave a browser without static routing to the fetch handler', async () => {
    expect(await install(undefined)).toEqual({ listens: ['install'], waited: 0 });
  });

  it('never fail the install when the browser refuses a rule', async () => {
    const result = await install(() => Promise.reject(new TypeError('invalid rule')));
    expect(result.waited).toBe(1);
  });
});
