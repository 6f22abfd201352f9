/**
 * A Vite build plugin: writes `sw-static-routes.js` beside the service worker, which Workbox's generated service
 * worker imports (vite.config.ts `importScripts`). Its text is src-ui/app/sw-static-routes.ts serialised with the
 * rules: the hashed app files from the precache without running the service worker, the map's code through it, and
 * the API straight to the network.
 */
import type { Plugin } from 'vite';
import { type StaticRoutesConfig, staticRoutesScript } from '../src-ui/app/sw-static-routes.ts';
import { MAP_CODE } from '../src-ui/map/cache-rules.ts';

export const STATIC_ROUTES_FILE = 'sw-static-routes.js';

/** Workbox's precache (workbox-core's cacheNames: prefix, name and the registration's scope, joined by "-"). */
export const STATIC_ROUTES: StaticRoutesConfig = {
  precachePrefix: 'workbox-precache-v2-',
  fromPrecache: ['/assets/*'],
  // Cached on first use by the fetch handler (vite.config.ts runtimeCaching), not precached.
  viaFetchHandler: MAP_CODE.names.map((name) => `/assets/${name}-*`),
  // Never cached by the service worker: each call goes out without waiting for it to start.
  toNetwork: ['/v1/*'],
};

export function swStaticRoutes(): Plugin {
  return {
    name: 'droplane:sw-static-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: STATIC_ROUTES_FILE, source: staticRoutesScript(STATIC_ROUTES) });
    },
  };
}
