/**
 * The open route's live channel as the core sees it: a socket (live-socket.ts) whose token is the open route's,
 * whose state shows in the store, whose messages reach the open route (server-events.ts) a frame's burst at a time,
 * and whose withdrawal (4403) is said as the route's driver having changed, or, on a shared link's channel, as the
 * link refused.
 */

import type { CoreContext } from '../core-context.ts';
import type { OpenWebSocket } from './live-connection.ts';
import type { LiveDeps } from './live-deps.ts';
import { createLiveSocket, type LiveSocket } from './live-socket.ts';
import { applyServerMessage } from './server-events.ts';

export function createRouteChannel(core: CoreContext, deps: LiveDeps, openWebSocket: OpenWebSocket): LiveSocket {
  const { store } = core;
  return createLiveSocket(core, {
    open: openWebSocket,
    baseUrl: deps.baseUrl,
    deviceId: deps.deviceId,
    token: (renew) => {
      const open = store.get().route;
      return open ? deps.liveToken(open.routeId, renew) : Promise.resolve(null);
    },
    state: (state) => store.set(['live', 'socket'], state),
    message(message) {
      store.hold(deps.nextFrame);
      applyServerMessage(message, {
        route: deps.route,
        driverId: () => store.get().session.driver?.id ?? null,
      }).catch(() => {
        // A message of a kind this version does not know: ignored, never fatal.
      });
    },
    withdrawn() {
      const open = store.get().route;
      if (!open) return;
      // A shared link's channel is withdrawn when its link is revoked: the link's refusal (issue 45), not a new driver.
      void deps.channelWithdrawn(open.routeId).then((link) => {
        if (!link) deps.route.flagChanges(open.routeId, 'driver_changed');
      });
    },
  });
}
