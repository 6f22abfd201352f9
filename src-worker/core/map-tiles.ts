/** Prefetching a route's map for a dead zone (src-worker/map/prefetch-tiles.ts), its code loaded on first use. */
import { ok, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { TilePrefetch } from '../map/prefetch-tiles.ts';
import type { ServerOrigin } from './server-origin.ts';

export function createMapTileIntents(fetchFn: typeof fetch, origin: ServerOrigin): Pick<WorkerApi, 'prefetchMapTiles'> {
  let tilePrefetch: Promise<TilePrefetch> | null = null;
  return {
    async prefetchMapTiles(urls, options) {
      tilePrefetch ??= import('../map/prefetch-tiles.ts').then((m) => m.createTilePrefetch(fetchFn, origin.url));
      return ok(await (await tilePrefetch)(urls, options));
    },
  };
}
