/**
 * The driver's intents on which route is open: opening it (the device's copy at once, then the server's), pulling to
 * refresh, closing it, and selecting a stop.
 */
import { fail, type Result } from '../../src-shared/api/worker-api.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import type { OpenRouteDeps } from './open-route-deps.ts';
import { routeCacheKey } from './shown-route.ts';

export interface RouteOpening {
  /** Opens a route: the device's copy at once (and its line), then the server's; what waits for it is sent. */
  open(routeId: number, shared: boolean): Promise<Result>;
  /** A route that opens with nothing to show: its shared link was refused (route-coordination.ts says so). */
  openEmpty(routeId: number, shared: boolean): void;
  /** Pull to refresh: the server's copy of the open route. */
  refresh(): Promise<Result>;
  /** No route open any more. */
  close(): void;
  /** The driver picked a stop's card: it is the active stop. */
  select(stopId: number): void;
}

export function createRouteOpening(core: Pick<CoreContext, 'storage'>, open: OpenRouteDeps): RouteOpening {
  const { shown, line } = open;
  return {
    async open(routeId, shared) {
      shown.open(routeId, shared);
      // Stale-while-revalidate: the device's copy shows at once, and the server's answer replaces it when it comes.
      line.forget();
      const cached = await (await core.storage()).getCache<Route>(routeCacheKey(routeId));
      if (cached && shown.current()?.routeId === routeId && shown.current()?.status === 'loading') {
        await shown.show(cached, false, true);
        shown.patch({ busy: 'refreshing' });
        // The line of the stops as the device has them, asked for beside the route (not one round trip after it);
        // the server's answer asks again only if the stops moved.
        void line.load(cached);
      }
      const result = await open.fetch.fetchRoute(routeId);
      if (shown.current()?.routeId === routeId && shown.current()?.busy === 'refreshing') shown.patch({ busy: null });
      const route = shown.current()?.route;
      if (route) {
        void line.load(route);
        void open.outbox.flushes.flush(routeId);
      }
      return result;
    },

    openEmpty(routeId, shared) {
      shown.open(routeId, shared);
    },

    async refresh() {
      const active = shown.current();
      if (!active) return fail('not_found');
      shown.patch({ busy: 'refreshing', changes: null });
      const result = await open.fetch.fetchRoute(active.routeId);
      shown.patch({ busy: null });
      return result;
    },

    close() {
      shown.close();
    },

    select(stopId) {
      shown.patch({ activeStopId: stopId });
    },
  };
}
