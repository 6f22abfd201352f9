/**
 * The map's code fetched ahead: with map view on, the route list asks for the map's chunk, its styles and
 * maplibre's worker (named by the build in `<meta name="droplane-map-code">`, scripts/map-code-meta.ts) once the
 * page is idle, so the first route opens with its map at once instead of 640 KB gzip later. `<link rel=prefetch>`:
 * a low-priority download that goes through the service worker (whose map cache keeps it for offline use) and runs
 * nothing on the main thread; the lazy import later finds it there. Only when fetching ahead is welcome (no data
 * saver, not a slow connection: connection.ts), and once per page.
 */
import { mayFetchMapAhead } from '../platform/connection.ts';
import { MAP_CODE } from './cache-rules.ts';

let asked = false;

/** The files the build named; none in development (Vite serves the map's modules one by one). */
export function mapCodeUrls(doc: Pick<Document, 'querySelector'> = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MAP_CODE.meta}"]`)?.content ?? '';
  return content.split(/\s+/).filter(Boolean);
}

/** Adds the prefetch links, at most once per page; says whether it did. */
export function prefetchMapCode(): boolean {
  if (asked || !mayFetchMapAhead()) return false;
  asked = true;
  for (const href of mapCodeUrls()) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    link.dataset.mapCode = '';
    document.head.append(link);
  }
  return true;
}
