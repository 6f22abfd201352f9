/**
 * The live route (issue 13): the socket of the open route, the dispatcher's changes reaching it, live stop status and
 * live location out. Made with the route features (src-worker/routes/route-features.ts); the core tells it when a
 * route opens and closes, when positions and visibility change, and when the network is back.
 *
 * Outbound, only what the organisation's plan allows (spec section 7): service_change for a stop changed on this
 * device just now and for the route's start (ft_live_status_updates), location (ft_realtime_driver_tracking). A
 * change made offline is not replayed later as live: the outbox carries the completion itself, and by then the
 * moment has passed. Proof images and signatures never travel live (the completion carries them).
 */
import type { PositionReport } from '../../src-shared/api/worker-api.ts';
import type { Plan, Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ServiceChangeData, ServiceChangeMessage } from '../../src-shared/protocol/socket.ts';
import type { Store } from '../core/store.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { Timers } from '../outbox/outbox.ts';
import type { RouteEvents } from '../routes/active-route.ts';
import { createLiveSocket, type OpenWebSocket } from './live-socket.ts';
import { createLocationTracker } from './location-tracker.ts';
import { applyServerMessage, type OpenRoute } from './server-events.ts';

export interface LiveDeps {
  store: Store;
  api: () => ApiClient;
  /** Absent where there is no WebSocket (the live channel is then off; the rest of the app works). */
  openWebSocket?: OpenWebSocket;
  timers: Timers;
  now: () => number;
  baseUrl: () => string;
  deviceId: () => Promise<string>;
  /** The token of the route's channel; `renew`: the server ended the last one (session.ts liveToken). */
  liveToken: (routeId: number, renew: boolean) => Promise<string | null>;
  route: () => OpenRoute;
  /** Runs `release` about a frame later: a burst of events is sent to the UI as one patch (a real timer, not the clock). */
  nextFrame: (release: () => void) => void;
}

/** What the plan allows; an unknown plan (a shared link sees no organisation) allows, the server decides. */
const allows = (plan: Plan | undefined, flag: 'ft_live_status_updates' | 'ft_realtime_driver_tracking') =>
  plan ? plan[flag] !== false : true;

const ETAsOf = (route: Route) =>
  Object.fromEntries(route.stops.filter((s) => s.arr_time !== null).map((s) => [String(s.id), s.arr_time!]));

export function createLive(deps: LiveDeps) {
  const { store } = deps;
  const plan = () => store.get().organisation?.plan;

  const socket = deps.openWebSocket
    ? createLiveSocket({
        open: deps.openWebSocket,
        timers: deps.timers,
        baseUrl: deps.baseUrl,
        deviceId: deps.deviceId,
        token: (renew) => {
          const open = store.get().route;
          return open ? deps.liveToken(open.routeId, renew) : Promise.resolve(null);
        },
        now: deps.now,
        state: (state) => store.set(['live', 'socket'], state),
        message(message) {
          store.hold(deps.nextFrame);
          applyServerMessage(message, {
            route: deps.route(),
            driverId: () => store.get().session.driver?.id ?? null,
          }).catch(() => {
            // A message of a kind this version does not know: ignored, never fatal.
          });
        },
        withdrawn() {
          const open = store.get().route;
          if (open) deps.route().flagChanges(open.routeId, 'driver_changed');
        },
      })
    : null;

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

  /** Tracks the open route while it is in progress and the plan allows. */
  function follow(route: Route | null) {
    const tracked = route?.status === 'in_progress' && allows(plan(), 'ft_realtime_driver_tracking');
    tracker.follow(tracked && route ? { routeId: route.id, projectId: route.project_id } : null);
  }

  function sendStatus(data: ServiceChangeData): boolean {
    if (!allows(plan(), 'ft_live_status_updates')) return true;
    const message: ServiceChangeMessage = { type: 'service_change', data };
    return socket?.send(message) ?? false;
  }

  const events: RouteEvents = {
    started(route, position) {
      const first = route.stops[0];
      if (!first || !allows(plan(), 'ft_live_status_updates')) return;
      const data: ServiceChangeData = {
        status: 'finished',
        service_id: first.id,
        ETAs: ETAsOf(route),
        date: new Date(deps.now()).toISOString(),
        ...(position ? { lat: position.lat.toFixed(7), lng: position.lng.toFixed(7) } : {}),
      };
      // The internal sync call (reference-backend.md): on the socket when it is open, else the events call.
      if (sendStatus(data)) return;
      void deps.api().request('POST', `/v1/projects/${route.project_id}/routes/${route.id}/events`, {
        auth: 'route',
        body: { type: 'service_change', data },
        timeoutMs: 15_000,
      });
    },
    stopChanged(route, stopId, body: StopUpdateRequest) {
      sendStatus({
        status: body.status,
        service_id: stopId,
        ...(body.lat !== undefined ? { lat: body.lat } : {}),
        ...(body.lng !== undefined ? { lng: body.lng } : {}),
        date: body.completed_at ?? new Date(deps.now()).toISOString(),
        completion_note: body.completion_note ?? null,
        recipient_note: body.recipient_note ?? null,
        ETAs: ETAsOf(route),
      });
    },
    stopListChanged() {
      // Said by the core (create-worker-api.ts wires it to the "route_updated" notice).
    },
    shown(route) {
      follow(route);
    },
  };

  return {
    events,
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
