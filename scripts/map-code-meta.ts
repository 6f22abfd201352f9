/**
 * A Vite build plugin: index.html names the map's code (its lazy chunk, its styles and maplibre's worker, about 640 KB gzip) in
 * `<meta name="droplane-map-code">`, so the page can fetch it ahead while the driver is on the route list, when
 * map view is on (src-ui/map/prefetch-code.ts), and the first route opens with its map at once (issue 20). Only
 * named, never fetched from the HTML: with map view off the map is never downloaded.
 */
import type { Plugin } from 'vite';
import { MAP_CODE } from '../src-ui/map/cache-rules.ts';

/** The map's files among a build's output file names, as root paths. */
export function mapCodeFiles(fileNames: Iterable<string>): string[] {
  return [...fileNames]
    .filter((name) => MAP_CODE.file.test(name))
    .map((name) => `/${name}`)
    .sort();
}

export function mapCodeMeta(): Plugin {
  return {
    name: 'droplane:map-code-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = mapCodeFiles(Object.keys(ctx.bundle ?? {}));
        // e2e/map-prefetch.spec.ts is what notices a build that lost them.
        if (files.length === 0) console.warn('map-code-meta: no map chunk in the build, nothing to name');
        return [{ tag: 'meta', attrs: { name: MAP_CODE.meta, content: files.join(' ') }, injectTo: 'head' as const }];
      },
    },
  };
}
