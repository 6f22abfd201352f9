/**
 * Live stop status out (spec section 7, ft_live_status_updates): a service_change for the route's start and for a
 * stop changed on this device just now, with the route's ETAs. Only what the plan allows, and only live: a change
 * made offline is not replayed later (the outbox carries the completion itself).
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ServiceChangeData, ServiceChangeMessage } from '../../src-shared/protocol/socket.ts';
import type { CoreContext } from '../core-context.ts';
import { planAllows } from './live-deps.ts';
import type { LiveSocket } from './live-socket.ts';

const ETAsOf = (route: Route) =>
  Object.fromEntries(route.stops.filter((s) => s.arr_time !== null).map((s) => [String(s.id), s.arr_time!]));

/** Live stop status out, as the plan allows. */
export interface LiveStatus {
  /** The route started: its start stop is finished, where the driver is. */
  routeStarted(route: Route, position: { lat: number; lng: number } | null): void;
  /** A stop changed on this device just now. */
  stopChanged(route: Route, stopId: number, body: StopUpdateRequest): void;
}

/** `socket`: the open route's channel, null where there is no WebSocket. */
export function createLiveStatus(core: CoreContext, socket: LiveSocket | null): LiveStatus {
  const allowed = () => planAllows(core.store, 'ft_live_status_updates');

  /**
   * On the socket when it is open, else the events call (reference-backend.md's internal sync call): a page just
   * loaded has its socket still connecting, and the dispatcher must still see the change at once. Offline the call
   * fails and is not tried again: only live.
   */
  function sendStatus(route: Route, data: ServiceChangeData): void {
    if (!allowed()) return;
    const message: ServiceChangeMessage = { type: 'service_change', data };
    if (socket?.send(message)) return;
    void core.api.request('POST', `/v1/projects/${route.project_id}/routes/${route.id}/events`, {
      auth: 'route',
      body: message,
      timeoutMs: 15_000,
    });
  }

  return {
    routeStarted(route, position) {
      const first = route.stops[0];
      if (!first || !allowed()) return;
      const data: ServiceChangeData = {
        status: 'finished',
        service_id: first.id,
        ETAs: ETAsOf(route),
        date: new Date(core.now()).toISOString(),
        ...(position ? { lat: position.lat.toFixed(7), lng: position.lng.toFixed(7) } : {}),
      };
      sendStatus(route, data);
    },

    stopChanged(route, stopId, body) {
      sendStatus(route, {
        status: body.status,
        service_id: stopId,
        ...(body.lat !== undefined ? { lat: body.lat } : {}),
        ...(body.lng !== undefined ? { lng: body.lng } : {}),
        date: body.completed_at ?? new Date(core.now()).toISOString(),
        completion_note: body.completion_note ?? null,
        recipient_note: body.recipient_note ?? null,
        ETAs: ETAsOf(route),
      });
    },
  };
}
