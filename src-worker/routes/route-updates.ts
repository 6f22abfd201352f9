/**
 * What the rest of the core tells the open route: the live channel's changes (server-events.ts), the outbox's sends
 * and refusals, and the session's refused link. Each lands on the route only while it is the one open.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { OpenRoute } from '../live/server-events.ts';
import { losesRoute } from './route-errors.ts';
import type { RouteFetch } from './route-fetch.ts';
import type { ShownRoute } from './shown-route.ts';

/** What the live channel, the outbox and the session tell the open route (the live channel's `OpenRoute` too). */
export interface RouteUpdates extends OpenRoute {
  /** The server refused the route's shared link (any call of it): the route goes, and the view says why. */
  linkRefused(routeId: number, notSaved: number): Promise<void>;
  /** The driver closed the New Changes dialog. */
  dismissChanges(): void;
  /** The outbox changed this route's items: what shows as unsent (and done) follows. */
  outboxChanged(routeId: number): Promise<void>;
  /** The server took a completion: its answer is the route as it has it now. */
  completionSent(routeId: number, answer: Route | null): Promise<void>;
}

export function createRouteUpdates(shown: ShownRoute, fetch: RouteFetch): RouteUpdates {
  const current = shown.current;
  return {
    serverRoute: (routeId) => shown.serverRoute(routeId),

    /** A change the live channel learned of (a stop, the settings): shown as if the server had answered it. */
    async showServerChange(route) {
      if (current()?.routeId === route.id) await shown.show(route, false);
    },

    /** The server refused the route's shared link (any call of it): the route goes, and the view says why. */
    async linkRefused(routeId, notSaved) {
      await shown.forget(routeId);
      if (current()?.routeId === routeId) shown.patch({ lost: 'link_refused', lostNotSaved: notSaved });
    },

    /** The dispatcher changed the route under the driver: the New Changes dialog asks to refresh. */
    flagChanges(routeId, kind) {
      if (current()?.routeId === routeId) shown.patch({ changes: kind });
    },

    dismissChanges() {
      shown.patch({ changes: null });
    },

    /** The outbox changed this route's items: what shows as unsent (and done) follows. */
    async outboxChanged(routeId) {
      const serverCopy = shown.serverRoute(routeId);
      if (serverCopy) await shown.show(serverCopy, current()?.fromCache ?? false);
    },

    /** The server took a completion: its answer is the route as it has it now. */
    async completionSent(routeId, answer) {
      if (answer && current()?.routeId === routeId) await shown.show(answer, false);
    },

    /**
     * Fetches the route again without the driver asking (a refused completion, a dispatcher's reorder): when it is
     * gone or no longer theirs, `lost` says so and the UI leaves the spec's way.
     */
    async refetch(routeId) {
      if (current()?.routeId !== routeId) return;
      const result = await fetch.fetchRoute(routeId);
      // A refused link is said by linkRefused, with the count of what it leaves unsaved (see fetchRoute).
      if (!result.ok && losesRoute(result) && result.error !== 'link_refused')
        shown.patch({ lost: result.error, ...(result.message ? { lostMessage: result.message } : {}) });
    },
  };
}
