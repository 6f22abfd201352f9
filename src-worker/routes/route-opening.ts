/**
 * The driver's intents on which route is open: opening it (the device's copy at once, then the server's), pulling to
 * refresh, closing it, and selecting a stop.
 */
import { fail, type Result } from '../../src-shared/api/worker-api.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { AppStorage } from '../storage/app-db.ts';
import type { RouteFetch } from './route-fetch.ts';
import type { RouteLine } from './route-line.ts';
import { routeCacheKey, type ShownRoute } from './shown-route.ts';

export interface RouteOpeningDeps {
  storage: () => Promise<AppStorage>;
  outbox: Pick<Outbox, 'flushes'>;
  shown: ShownRoute;
  line: RouteLine;
  fetch: RouteFetch;
}

export function createRouteOpening(deps: RouteOpeningDeps) {
  const { shown, line } = deps;
  return {
    async open(routeId: number, shared: boolean): Promise<Result> {
      shown.open(routeId, shared);
      // Stale-while-revalidate: the device's copy shows at once, and the server's answer replaces it when it comes.
      line.forget();
      const cached = await (await deps.storage()).getCache<Route>(routeCacheKey(routeId));
      if (cached && shown.current()?.routeId === routeId && shown.current()?.status === 'loading') {
        await shown.show(cached, false, true);
        shown.patch({ busy: 'refreshing' });
        // The line of the stops as the device has them, asked for beside the route (not one round trip after it);
        // the server's answer asks again only if the stops moved.
        void line.load(cached);
      }
      const result = await deps.fetch.fetchRoute(routeId);
      if (shown.current()?.routeId === routeId && shown.current()?.busy === 'refreshing') shown.patch({ busy: null });
      const route = shown.current()?.route;
      if (route) {
        void line.load(route);
        void deps.outbox.flushes.flush(routeId);
      }
      return result;
    },

    /** A route that opens with nothing to show: its shared link was refused (route-features.ts says so). */
    openEmpty(routeId: number, shared: boolean) {
      shown.open(routeId, shared);
    },

    async refresh(): Promise<Result> {
      const active = shown.current();
      if (!active) return fail('not_found');
      shown.patch({ busy: 'refreshing', changes: null });
      const result = await deps.fetch.fetchRoute(active.routeId);
      shown.patch({ busy: null });
      return result;
    },

    close() {
      shown.close();
    },

    select(stopId: number) {
      shown.patch({ activeStopId: stopId });
    },
  };
}
