/**
 * Live location out (ft_realtime_driver_tracking): the location timer (location-tracker.ts) sends on the open
 * route's socket, or by HTTP when the socket cannot take it, and follows the route shown: it runs while that route
 * is in progress and the plan allows.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import { planAllows } from './live-deps.ts';
import type { LiveSocket } from './live-socket.ts';
import { createLocationTracker, type LocationTracker } from './location-tracker.ts';

/** The location timer, and which route it tracks. */
export interface LiveLocation {
  /** The location timer: positions and the page's visibility go to it. */
  tracker: LocationTracker;
  /** Tracks the open route while it is in progress and the plan allows. */
  follow(route: Route | null): void;
}

/** `socket`: the open route's channel, null where there is no WebSocket (positions then go by HTTP). */
export function createLiveLocation(core: CoreContext, socket: LiveSocket | null): LiveLocation {
  const tracker = createLocationTracker(core, {
    send: (message) => socket?.send(message) ?? false,
    async patch(route, position) {
      await core.api.request('PATCH', `/v1/projects/${route.projectId}/routes/${route.routeId}/location`, {
        auth: 'route',
        body: position,
        timeoutMs: 15_000,
      });
    },
  });

  return {
    tracker,
    follow(route) {
      const tracked = route?.status === 'in_progress' && planAllows(core.store, 'ft_realtime_driver_tracking');
      tracker.follow(tracked && route ? { routeId: route.id, projectId: route.project_id } : null);
    },
  };
}
