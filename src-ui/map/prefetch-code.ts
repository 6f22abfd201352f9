/**
 * The map's code fetched ahead: with map view on, the route list and an open route ask for the map's chunk, its
 * styles and maplibre's worker (named by the build in `<meta name="droplane-map-code">`, scripts/map-code-meta.ts)
 * once the page is idle, so the first route opens with its map at once instead of 640 KB gzip later, and a route
 * never opened online has its map offline. `<link rel=prefetch>`: a low-priority download that goes through the
 * service worker (whose map cache keeps it for offline use) and runs nothing on the main thread; the lazy import
 * later finds it there. Only when fetching ahead is welcome (no data saver, not a slow connection: connection.ts),
 * and once per page.
 *
 * Only through the service worker does the map cache keep it: in a driver's first session the links wait until
 * the service worker has installed and taken the page over (clientsClaim, vite.config.ts). By then the map may have
 * loaded its code from the network already (a route opened with the map); the service worker's copy then comes from
 * the browser's HTTP cache, not the network again.
 */
import { connectionWelcomesPrefetch } from '../platform/connection.ts';
import { MAP_CODE } from './cache-rules.ts';

let asked = false;

/** The files the build named; none in development (Vite serves the map's modules one by one). */
function mapCodeUrls(doc: Pick<Document, 'querySelector'> = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MAP_CODE.meta}"]`)?.content ?? '';
  return content.split(/\s+/).filter(Boolean);
}

function addLinks(): void {
  for (const href of mapCodeUrls()) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.dataset.mapCode = '';
    document.head.append(link);
  }
}

/**
 * Adds the prefetch links once the service worker controls the page (at once, or when it takes over), at most once
 * per page; says whether it did or will.
 */
export function prefetchMapCode(): boolean {
  const container = navigator.serviceWorker;
  if (asked || !container || !connectionWelcomesPrefetch()) return false;
  asked = true;
  if (container.controller) addLinks();
  else
    container.addEventListener(
      'controllerchange',
      () => {
        if (connectionWelcomesPrefetch()) addLinks();
      },
      { once: true },
    );
  return true;
}
