/**
 * What the dispatcher's changes do to the open route (spec section 4 "Real-time events", section 8 "Route changes"):
 * every message of the server's union through one exhaustive switch.
 *
 * Events carry the version their change brought the route to (issue 30). One the copy already holds is old news and
 * changes nothing; one that skips a version means a change never reached this device (the socket was down, or a
 * change that sends no event, such as another device's completion), so the route is fetched again instead. The socket
 * opens with the route's version (`route_version`): a copy behind it is fetched again, so what changed while the
 * phone had no signal shows once the socket is back.
 */
import { reorderedRoute } from '../../src-shared/domain/route-plan.ts';
import { copyIsBehind, eventFreshness } from '../../src-shared/domain/route-version.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { DispatchEvent, ServerMessage } from '../../src-shared/protocol/socket.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';

/** What the handler needs of the open route (src-worker/routes/active-route.ts). */
export interface OpenRoute {
  serverRoute(routeId: number): Route | null;
  showServerChange(route: Route): Promise<void>;
  /** Fetches the route again in the background; a route that is gone is said the spec's way. */
  refetch(routeId: number): Promise<void>;
  flagChanges(routeId: number, kind: NonNullable<ActiveRouteState['changes']>): void;
}

export interface ServerEventContext {
  route: OpenRoute;
  /** The signed-in driver's id; null on a shared link (whose route's driver is whoever it was made for). */
  driverId: () => number | null;
}

/**
 * The open route's copy when the event is the next change to it (the caller applies it, at the event's version); null
 * when there is nothing to apply: no copy of that route, an event the copy already holds, or a gap (then the route is
 * being fetched again).
 */
function nextChange(event: DispatchEvent, ctx: ServerEventContext): Route | null {
  const { route_id: routeId, version } = event.data;
  const server = ctx.route.serverRoute(routeId);
  if (!server) return null;
  const freshness = eventFreshness(server.version, version);
  if (freshness === 'gap') void ctx.route.refetch(routeId);
  return freshness === 'next' ? { ...server, ...(version === undefined ? {} : { version }) } : null;
}

/** Applies one server message to the open route; resolves once what it changes is shown. */
export async function applyServerMessage(message: ServerMessage, ctx: ServerEventContext): Promise<void> {
  switch (message.type) {
    case 'stop_update': {
      const { route_id: routeId, stop } = message.data;
      const server = nextChange(message, ctx);
      if (!server) return;
      if (!server.stops.some((s) => s.id === stop.id)) return ctx.route.refetch(routeId);
      return ctx.route.showServerChange({ ...server, stops: server.stops.map((s) => (s.id === stop.id ? stop : s)) });
    }
    case 'publication_settings': {
      const server = nextChange(message, ctx);
      // The gates (photo, signature, age, notes) follow at once: they are read from the route's settings.
      if (server)
        await ctx.route.showServerChange({ ...server, publication_settings: message.data.publication_settings });
      return;
    }
    case 'route_reorder': {
      // The event's order is all that changed: the planned times, legs and completion time follow from it by the
      // shared plan the server used (route-plan.ts), so nothing is fetched. Only ids that are not exactly the copy's
      // stops (a stop taken off) need the route itself. "Your route has been updated" is said when the order differs
      // (shown-route.ts). A gap fetches the route already.
      const server = nextChange(message, ctx);
      if (!server) return;
      const reordered = reorderedRoute(server, message.data.stop_ids);
      if (!reordered) return ctx.route.refetch(message.data.route_id);
      return ctx.route.showServerChange(reordered);
    }
    case 'driver_change': {
      const { route_id: routeId, driver_id: driverId } = message.data;
      const server = nextChange(message, ctx);
      if (!server) return;
      const mine = ctx.driverId() ?? server.driver?.id ?? null;
      await ctx.route.showServerChange({ ...server, driver: driverId === null ? null : { id: driverId } });
      if (driverId !== mine) ctx.route.flagChanges(routeId, 'driver_changed');
      return;
    }
    case 'republish': {
      const server = nextChange(message, ctx);
      if (!server) return;
      await ctx.route.showServerChange(server);
      ctx.route.flagChanges(message.data.route_id, 'republished');
      return;
    }
    case 'route_version': {
      const { route_id: routeId, version } = message.data;
      const server = ctx.route.serverRoute(routeId);
      if (server && copyIsBehind(server.version, version)) await ctx.route.refetch(routeId);
      return;
    }
    case 'error':
      // The server could not take something this device sent live: live messages are best effort, the outbox is
      // what must arrive.
      return;
    default: {
      const unhandled: never = message;
      throw new Error(`Unhandled server message ${JSON.stringify(unhandled)}`);
    }
  }
}
