/**
 * Builds the app into dist/ (which the server serves): the UI, the core's worker, and a service worker that
 * precaches the shell so the app opens with no network. In development, `vite` serves the app and passes the
 * API, its socket and the runtime settings through to the API server, so the app talks to one origin.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mapCodeMeta } from './scripts/map-code-meta.ts';
import { SCREEN_CODE, screenChunkOf } from './scripts/screen-chunks.ts';
import { signInFirstPaint } from './scripts/sign-in-first-paint.ts';
import { simulatedWrapperPlugin, type WrapperPlatform } from './scripts/simulated-wrapper/index.mjs';
import { startEarly } from './scripts/start-early.ts';
import { STATIC_ROUTES_FILE, swStaticRoutes } from './scripts/sw-static-routes.ts';
import { MAP_STYLE_CACHE, MAP_TILE_CACHE } from './src-shared/domain/map-caches.ts';
import { LANGUAGES, type Language } from './src-shared/domain/settings.ts';
import { isMapStyleRequest, isMapTileRequest, MAP_CODE } from './src-ui/map/cache-rules.ts';

/** The modules of the first screen that lazy screens share too (see build.rolldownOptions below). */
const SHELL =
  /node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/]icons|react|react-dom|scheduler|i18next|react-i18next|@preact[\\/]signals-(core|react)|wouter|regexparam|use-sync-external-store)[\\/]|src-ui[\\/](app[\\/](core-context|paths)|screens[\\/]shared[\\/]navigation|components[\\/](?!BottomSheet|PullToRefresh|ConfirmDialog|LoadingOverlay|RadioList|use-minimum-visible|use-pull-gesture|pull-distance|pull-tracker))|src-shared[\\/]domain[\\/]settings/;

/**
 * The route screens: index.html's early script preloads the one a path opens (scripts/start-early.ts); the list's
 * code beyond the shell comes in one file (scripts/screen-chunks.ts).
 */
const LIST_SCREEN = fileURLToPath(new URL('./src-ui/screens/routes/RoutesScreen.tsx', import.meta.url));
const ROUTE_SCREEN = fileURLToPath(new URL('./src-ui/screens/route-view/RouteScreen.tsx', import.meta.url));
/** A language's route strings, which every route screen waits for (src-ui/i18n/index.ts). */
const ROUTE_STRINGS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    fileURLToPath(new URL(`./src-ui/i18n/${language}-route.ts`, import.meta.url)),
  ]),
) as Record<Language, string>;

/** The API server; `npm run dev` sets API_URL from PORT. */
const apiServer = process.env.API_URL ?? 'http://localhost:8080';
/** `npm run dev -- --wrapper android|ios`: the dev server's page runs inside a simulated native wrapper. */
const simulatedWrapper = process.env.DROPLANE_WRAPPER as WrapperPlatform | undefined;

export default defineConfig({
  plugins: [
    react(),
    startEarly({
      screens: { list: LIST_SCREEN, route: ROUTE_SCREEN },
      routeStrings: ROUTE_STRINGS,
    }),
    mapCodeMeta(),
    signInFirstPaint(),
    swStaticRoutes(),
    simulatedWrapperPlugin(simulatedWrapper),
    VitePWA({
      // The app decides when to apply an update (never in the middle of a stop), so: prompt, not autoUpdate.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.svg', 'icons/*.png'],
      manifest: {
        name: 'Droplane Driver',
        short_name: 'Droplane',
        description: 'Work through your delivery route: stops, proof of delivery, offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // No orientation lock (WCAG 1.3.4): a phone in a car mount lies on its side (docs/accessibility.md).
        background_color: '#ffffff',
        theme_color: '#0052b4',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // A driver's first session is offline-first too: the service worker installed from this page controls it
        // (and the core's worker) as soon as it is active, not from the next launch on; before, every request of
        // that session passed it by, and a lost signal lost the screens not loaded yet (issue 31). An update is
        // unchanged: it still waits for the app's word (sw-update.ts: at a safe moment, SKIP_WAITING), then takes
        // the pages over as before and the app reloads.
        clientsClaim: true,
        // .mjs too: maplibre's worker is one (toolchain notes, pitfall 5).
        globPatterns: ['**/*.{js,mjs,css,html,wasm,webmanifest,png,svg,json}'],
        // The map (about 640 KB gzip with its worker) is not precached: with map view Off it is never downloaded.
        // It is cached on first use instead, so a phone that has shown the map once has it offline too.
        // Nor the sign-in's first paint of each language (scripts/sign-in-first-paint.ts): only the server sends those.
        globIgnores: [...MAP_CODE.names.map((name) => `**/${name}-*`), `**/${STATIC_ROUTES_FILE}`, 'first-paint/**'],
        // The hashed app files are answered from the precache without starting the service worker, where the
        // browser can (src-ui/app/sw-static-routes.ts); part of the service worker, so not precached itself.
        importScripts: [STATIC_ROUTES_FILE],
        runtimeCaching: [
          {
            urlPattern: MAP_CODE.url,
            handler: 'CacheFirst',
            options: { cacheName: MAP_CODE.cache, expiration: { maxEntries: 8 } },
          },
          // The map hosts' tiles, styles, sprites and glyphs, bounded (src-ui/map/cache-rules.ts, docs/map.md): what
          // the driver has seen online, and the route's area fetched ahead (src-ui/map/prefetch.ts), works offline.
          {
            urlPattern: isMapTileRequest,
            handler: 'CacheFirst',
            options: {
              cacheName: MAP_TILE_CACHE.name,
              // The same rules as the core's own writes before the service worker controls the page (map-cache.ts).
              expiration: {
                maxEntries: MAP_TILE_CACHE.maxEntries,
                maxAgeSeconds: MAP_TILE_CACHE.maxAgeSeconds,
                purgeOnQuotaError: MAP_TILE_CACHE.purgeOnQuotaError,
              },
              cacheableResponse: { statuses: [...MAP_TILE_CACHE.statuses] },
            },
          },
          {
            urlPattern: isMapStyleRequest,
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: MAP_STYLE_CACHE.name,
              expiration: {
                maxEntries: MAP_STYLE_CACHE.maxEntries,
                maxAgeSeconds: MAP_STYLE_CACHE.maxAgeSeconds,
                purgeOnQuotaError: MAP_STYLE_CACHE.purgeOnQuotaError,
              },
              cacheableResponse: { statuses: [...MAP_STYLE_CACHE.statuses] },
            },
          },
        ],
        navigateFallback: '/index.html',
        // The API, its socket, the runtime settings and the API reference (issue 48) always go to the network.
        navigateFallbackDenylist: [/^\/v1\//, /^\/app-config\.json$/, /^\/docs\/api(?:\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: {
    format: 'es',
    // The core's script by what it is (a profile or a request log says `core-…js`, not a second `index-…js`), and
    // minified as the page's own chunks are: without `comments` the worker keeps its license and /* @__PURE__ */
    // comments, bytes on the critical path (the core starts with the app).
    rolldownOptions: {
      output: { entryFileNames: 'assets/core-[hash].js', comments: { legal: false, annotation: false, jsdoc: false } },
    },
  },
  build: {
    // No modulepreload polyfill (0.2 KB gzip on the critical path): every browser of the es2022 target but Safari
    // before 17 reads <link rel="modulepreload"> itself, and there it only costs the early fetch, never a module.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The lazy map chunk (maplibre + deck.gl) is about 1.8 MB: warn only past Workbox's 2 MiB precache limit,
    // above which a file would silently not be cached for offline use.
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the first screen needs, in one file: a few small shared chunks cost more (a request each,
              // and gzip works worse on small files) than they save.
              name: 'shell',
              test: SHELL,
              tags: ['$initial'],
              priority: 10,
            },
            // The lazy screens' shared code in two files, not 25 (scripts/screen-chunks.ts).
            {
              name: (id, graph) => (screenChunkOf(id, graph, LIST_SCREEN) === 'list-screen' ? 'list-screen' : null),
              debugName: 'list-screen',
              test: SCREEN_CODE,
              priority: 6,
              // Not the first screen's modules they import: those stay on the critical path where they are.
              includeDependenciesRecursively: false,
            },
            {
              name: (id, graph) => screenChunkOf(id, graph, LIST_SCREEN),
              debugName: 'route-screens',
              test: SCREEN_CODE,
              minShareCount: 2,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  optimizeDeps: { include: ['comlink', '@preact/signals-core', 'idb'] },
  server: {
    proxy: {
      // changeOrigin stays off: the server sees the browser's own Host, as it would behind a reverse proxy.
      '/v1': { target: apiServer, ws: true },
      '/app-config.json': { target: apiServer },
    },
  },
});
