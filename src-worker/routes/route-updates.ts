/**
 * What the rest of the core tells the open route: the live channel's changes (server-events.ts), the outbox's sends
 * and refusals, and the session's refused link. Each lands on the route only while it is the one open.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';
import { losesRoute } from './route-errors.ts';
import type { RouteFetch } from './route-fetch.ts';
import type { ShownRoute } from './shown-route.ts';

export interface RouteUpdatesDeps {
  shown: ShownRoute;
  fetch: RouteFetch;
}

export function createRouteUpdates(deps: RouteUpdatesDeps) {
  const { shown } = deps;
  const current = shown.current;
  return {
    /** The route as the server last had it (for the live channel's merges), if this route is open. */
    serverRoute: shown.serverRoute,

    /** A change the live channel learned of (a stop, the settings): shown as if the server had answered it. */
    async showServerChange(route: Route): Promise<void> {
      if (current()?.routeId === route.id) await shown.show(route, false);
    },

    /** The server refused the route's shared link (any call of it): the route goes, and the view says why. */
    async linkRefused(routeId: number, notSaved: number): Promise<void> {
      await shown.forget(routeId);
      if (current()?.routeId === routeId) shown.patch({ lost: 'link_refused', lostNotSaved: notSaved });
    },

    /** The dispatcher changed the route under the driver: the New Changes dialog asks to refresh. */
    flagChanges(routeId: number, kind: NonNullable<ActiveRouteState['changes']>) {
      if (current()?.routeId === routeId) shown.patch({ changes: kind });
    },

    dismissChanges() {
      shown.patch({ changes: null });
    },

    /** The outbox changed this route's items: what shows as unsent (and done) follows. */
    async outboxChanged(routeId: number): Promise<void> {
      const serverCopy = shown.serverRoute(routeId);
      if (serverCopy) await shown.show(serverCopy, current()?.fromCache ?? false);
    },

    /** The server took a completion: its answer is the route as it has it now. */
    async completionSent(routeId: number, answer: Route | null): Promise<void> {
      if (answer && current()?.routeId === routeId) await shown.show(answer, false);
    },

    /**
     * Fetches the route again without the driver asking (a refused completion, a dispatcher's reorder): when it is
     * gone or no longer theirs, `lost` says so and the UI leaves the spec's way.
     */
    async refetch(routeId: number): Promise<void> {
      if (current()?.routeId !== routeId) return;
      const result = await deps.fetch.fetchRoute(routeId);
      // A refused link is said by linkRefused, with the count of what it leaves unsaved (see fetchRoute).
      if (!result.ok && losesRoute(result) && result.error !== 'link_refused')
        shown.patch({ lost: result.error, ...(result.message ? { lostMessage: result.message } : {}) });
    },
  };
}
