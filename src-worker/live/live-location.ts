/**
 * Live location out (ft_realtime_driver_tracking): the location timer (location-tracker.ts) sends on the open
 * route's socket, or by HTTP when the socket cannot take it, and follows the route shown: it runs while that route
 * is in progress and the plan allows.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import { type LiveDeps, planAllows } from './live-deps.ts';
import type { LiveSocket } from './live-socket.ts';
import { createLocationTracker } from './location-tracker.ts';

export function createLiveLocation(
  deps: Pick<LiveDeps, 'store' | 'api' | 'timers' | 'now'>,
  socket: LiveSocket | null,
) {
  const tracker = createLocationTracker({
    timers: deps.timers,
    now: deps.now,
    send: (message) => socket?.send(message) ?? false,
    async patch(route, position) {
      await deps.api().request('PATCH', `/v1/projects/${route.projectId}/routes/${route.routeId}/location`, {
        auth: 'route',
        body: position,
        timeoutMs: 15_000,
      });
    },
  });

  return {
    tracker,
    /** Tracks the open route while it is in progress and the plan allows. */
    follow(route: Route | null) {
      const tracked = route?.status === 'in_progress' && planAllows(deps.store, 'ft_realtime_driver_tracking');
      tracker.follow(tracked && route ? { routeId: route.id, projectId: route.project_id } : null);
    },
  };
}
