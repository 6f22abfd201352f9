/**
 * The live route (issue 13): the socket of the open route, the dispatcher's changes reaching it, live stop status and
 * live location out. Made with the route features (src-worker/routes/route-features.ts); the core tells it when a
 * route opens, shows, starts and closes, when a stop is completed, when positions and visibility change, and when
 * the network is back.
 *
 * Outbound, only what the organisation's plan allows (spec section 7): service_change for a stop changed on this
 * device just now and for the route's start (ft_live_status_updates), location (ft_realtime_driver_tracking). A
 * change made offline is not replayed later as live: the outbox carries the completion itself, and by then the
 * moment has passed. Proof images and signatures never travel live (the completion carries them).
 *
 * This file composes the live route's services: the open route's channel (route-channel.ts), the stop status it
 * sends (live-status.ts) and the location timer's wiring (live-location.ts); what they are made with beyond the
 * core's context is live-deps.ts. It answers them by name (issue 46): a caller reaches `live.status.stopChanged(…)`,
 * and only what takes more than one of them is a method of its own.
 */
import type { CoreContext } from '../core-context.ts';
import type { LiveDeps } from './live-deps.ts';
import { createLiveLocation, type LiveLocation } from './live-location.ts';
import type { LiveSocket } from './live-socket.ts';
import { createLiveStatus, type LiveStatus } from './live-status.ts';
import { createRouteChannel } from './route-channel.ts';

/** The live route's services, by name, and what the core tells more than one of them. */
export interface Live {
  /** The open route's channel; null where there is no WebSocket (the rest of the app works without it). */
  socket: LiveSocket | null;
  /** Live stop status out: the route's start, a stop changed on this device just now. */
  status: LiveStatus;
  /** Live location out: the location timer, following the route shown. */
  location: LiveLocation;
  /** The route closed, or the session ended: the channel closes and the location timer stops. */
  routeClosed(): void;
  /** The page was shown or hidden: the location timer hears it, and a channel another tab replaced comes back. */
  visible(visible: boolean): void;
}

export function createLive(core: CoreContext, deps: LiveDeps): Live {
  const socket = deps.openWebSocket ? createRouteChannel(core, deps, deps.openWebSocket) : null;
  const status = createLiveStatus(core, socket);
  const location = createLiveLocation(core, socket);

  return {
    socket,
    status,
    location,
    routeClosed() {
      socket?.close();
      location.tracker.stop();
    },
    visible(visible) {
      location.tracker.visible(visible);
      if (visible) socket?.resume();
    },
  };
}
