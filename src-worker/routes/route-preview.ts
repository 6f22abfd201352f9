/** The Closed tab's read-only preview of a route: fetched when the driver opens it, shown while it is still the one. */
import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import { listFailure } from './list-failure.ts';

export interface RoutePreview {
  /** Shows this route's preview (null: none). */
  preview(routeId: number | null): Promise<Result>;
}

export function createRoutePreview(core: Pick<CoreContext, 'store' | 'api'>): RoutePreview {
  const { store } = core;
  return {
    async preview(routeId) {
      if (routeId === null) {
        store.set(['preview'], null);
        return okVoid;
      }
      store.set(['preview'], { routeId, status: 'loading', route: null });
      const res = await core.api.request<Route>('GET', `/v1/projects/routes/${routeId}`);
      // The driver may have closed or switched the preview meanwhile.
      if (store.get().preview?.routeId !== routeId) return okVoid;
      if (res.ok) {
        store.set(['preview'], { routeId, status: 'ready', route: res.data });
        return okVoid;
      }
      store.set(['preview'], { routeId, status: 'failed', route: null });
      if (res.kind === 'offline') return fail('offline');
      return res.status === 404 ? fail('not_found', res.message) : listFailure(res);
    },
  };
}
