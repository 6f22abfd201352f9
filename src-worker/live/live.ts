/**
 * The live route (issue 13): the socket of the open route, the dispatcher's changes reaching it, live stop status and
 * live location out. Made with the route features (src-worker/routes/route-features.ts); the core tells it when a
 * route opens, shows, starts and closes, when a stop is completed, when positions and visibility change, and when the network is back.
 *
 * Outbound, only what the organisation's plan allows (spec section 7): service_change for a stop changed on this
 * device just now and for the route's start (ft_live_status_updates), location (ft_realtime_driver_tracking). A
 * change made offline is not replayed later as live: the outbox carries the completion itself, and by then the
 * moment has passed. Proof images and signatures never travel live (the completion carries them).
 *
 * This file composes the live route's services: the open route's channel (route-channel.ts), the stop status it
 * sends (live-status.ts) and the location timer's wiring (live-location.ts); their shared deps are live-deps.ts.
 */
import type { PositionReport } from '../../src-shared/api/worker-api.ts';
import type { LiveDeps } from './live-deps.ts';
import { createLiveLocation } from './live-location.ts';
import { createLiveStatus } from './live-status.ts';
import { createRouteChannel } from './route-channel.ts';

export function createLive(deps: LiveDeps) {
  const socket = deps.openWebSocket ? createRouteChannel(deps, deps.openWebSocket) : null;
  const status = createLiveStatus(deps, socket);
  const location = createLiveLocation(deps, socket);
  const { tracker } = location;

  return {
    /** The open route was started on this device: the start sync goes out (route-features.ts wires it). */
    routeStarted: status.routeStarted,
    /** A stop was completed on this device just now: its live status goes out. */
    stopChanged: status.stopChanged,
    /** A copy of the route was shown: its status decides whether the location timer runs. */
    routeShown: location.follow,
    /** A route is open (or opening): its channel opens. */
    routeOpened(routeId: number, projectId: number) {
      socket?.open({ routeId, projectId });
    },
    routeClosed() {
      socket?.close();
      tracker.stop();
    },
    position(report: PositionReport) {
      tracker.position(report);
    },
    visible(visible: boolean) {
      tracker.visible(visible);
      if (visible) socket?.resume();
    },
    online() {
      socket?.retryNow();
    },
    /** The platform says the network is gone: the live channel goes down with it until `online`. */
    offline() {
      socket?.drop();
    },
    /** For tests: whether the location timer runs. */
    get tracking() {
      return tracker.running;
    },
  };
}

export type Live = ReturnType<typeof createLive>;
