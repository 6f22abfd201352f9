/**
 * The open route fetched from the server, or, when the server cannot be reached, shown from the device's copy; a
 * refusal says why (route-errors.ts) and may close the shared link.
 */
import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import { clearsLink, routeFetchFailure } from './route-errors.ts';
import { routeCacheKey, type ShownRoute } from './shown-route.ts';

export interface RouteFetch {
  /**
   * Fetches the open route and shows the server's answer; offline, the device's copy. A refusal says why and may end
   * the shared link (`closeLink`, section 8).
   */
  fetchRoute(routeId: number): Promise<Result>;
}

export function createRouteFetch(core: CoreContext, shown: ShownRoute, closeLink: () => void): RouteFetch {
  const { store } = core;
  return {
    async fetchRoute(routeId) {
      // Read before the call: a refused link is closed by the time its answer is read.
      const linked = store.get().session.link?.routeId === routeId;
      const res = await core.api.request<Route>('GET', `/v1/projects/routes/${routeId}`, { auth: 'route' });
      if (shown.current()?.routeId !== routeId) return okVoid;
      if (res.ok) {
        if (!res.data.publication_settings) return fail('no_publication_settings');
        await shown.show(res.data, false);
        return okVoid;
      }
      const failure = routeFetchFailure(res, linked);
      const storage = await core.storage();
      const cached = await storage.getCache<Route>(routeCacheKey(routeId));
      if (failure.error === 'fetch_failed' && cached) {
        await shown.show(cached, true);
        return fail('offline');
      }
      if (clearsLink(failure)) closeLink();
      // A refused link is said through `lost`, whichever call of the link found it (linkRefused, from the session).
      if (failure.error !== 'link_refused' && shown.current()?.status !== 'ready') shown.patch({ status: 'failed' });
      return failure;
    },
  };
}
