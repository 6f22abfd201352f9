/**
 * The open route fetched from the server, or, when the server cannot be reached, shown from the device's copy; a
 * refusal says why (route-errors.ts) and may close the shared link.
 */
import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { Store } from '../base/store.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { AppStorage } from '../storage/app-db.ts';
import { clearsLink, routeFetchFailure } from './route-errors.ts';
import { routeCacheKey, type ShownRoute } from './shown-route.ts';

export interface RouteFetchDeps {
  store: Store;
  api: () => ApiClient;
  storage: () => Promise<AppStorage>;
  /** Ends the shared link's session (section 8: other 404/400 clear the link data). */
  closeLink: () => void;
  shown: ShownRoute;
}

export function createRouteFetch(deps: RouteFetchDeps) {
  const { store, shown } = deps;
  return {
    async fetchRoute(routeId: number): Promise<Result> {
      // Read before the call: a refused link is closed by the time its answer is read.
      const linked = store.get().session.link?.routeId === routeId;
      const res = await deps.api().request<Route>('GET', `/v1/projects/routes/${routeId}`, { auth: 'route' });
      if (shown.current()?.routeId !== routeId) return okVoid;
      if (res.ok) {
        if (!res.data.publication_settings) return fail('no_publication_settings');
        await shown.show(res.data, false);
        return okVoid;
      }
      const failure = routeFetchFailure(res, linked);
      const storage = await deps.storage();
      const cached = await storage.getCache<Route>(routeCacheKey(routeId));
      if (failure.error === 'fetch_failed' && cached) {
        await shown.show(cached, true);
        return fail('offline');
      }
      if (clearsLink(failure)) deps.closeLink();
      // A refused link is said through `lost`, whichever call of the link found it (linkRefused, from the session).
      if (failure.error !== 'link_refused' && shown.current()?.status !== 'ready') shown.patch({ status: 'failed' });
      return failure;
    },
  };
}

export type RouteFetch = ReturnType<typeof createRouteFetch>;
