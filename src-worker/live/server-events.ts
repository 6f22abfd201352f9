/**
 * What the dispatcher's changes do to the open route (spec section 4 "Real-time events", section 8 "Route changes"):
 * every message of the server's union through one exhaustive switch.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';
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

/** Applies one server message to the open route; resolves once what it changes is shown. */
export async function applyServerMessage(message: ServerMessage, ctx: ServerEventContext): Promise<void> {
  switch (message.type) {
    case 'stop_update': {
      const { route_id: routeId, stop, updated_at: updatedAt } = message.data;
      const server = ctx.route.serverRoute(routeId);
      if (!server) return;
      // Older than the copy shown (the dispatcher's change was already in the last answer, or this one is late).
      if (Date.parse(updatedAt) < Date.parse(server.fetched_at)) return;
      if (!server.stops.some((s) => s.id === stop.id)) return ctx.route.refetch(routeId);
      return ctx.route.showServerChange({
        ...server,
        stops: server.stops.map((s) => (s.id === stop.id ? stop : s)),
      });
    }
    case 'publication_settings': {
      const { route_id: routeId, publication_settings: settings } = message.data;
      const server = ctx.route.serverRoute(routeId);
      // The gates (photo, signature, age, notes) follow at once: they are read from the route's settings.
      if (server) await ctx.route.showServerChange({ ...server, publication_settings: settings });
      return;
    }
    case 'route_reorder':
      // The new order comes with the route: "Your route has been updated" is said when it differs (active-route.ts).
      return ctx.route.refetch(message.data.route_id);
    case 'driver_change': {
      const { route_id: routeId, driver_id: driverId } = message.data;
      const mine = ctx.driverId() ?? ctx.route.serverRoute(routeId)?.driver?.id ?? null;
      if (driverId !== mine) ctx.route.flagChanges(routeId, 'driver_changed');
      return;
    }
    case 'republish':
      ctx.route.flagChanges(message.data.route_id, 'republished');
      return;
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
