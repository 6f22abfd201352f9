/**
 * Everything the core does for routes (the list, the open route, the outbox of completions, the planned line),
 * loaded on first use: a start on the sign-in or account screen does not pay for it (critical-path budget).
 *
 * This file composes them: the outbox (route-outbox.ts) and its summary in the state (outbox-summary.ts), the open
 * route (active-route.ts), the live channel (src-worker/live/live.ts) and the route list (route-list.ts). They do not
 * call one another back: each emits its events on the core's seam (base/events.ts), and `listen` below says, in one
 * place, which service hears which.
 */
import { fail, type PositionReport, type Result } from '../../src-shared/api/worker-api.ts';
import type { EventSeam } from '../base/events.ts';
import { inProcessLockRunner, type LockRunner } from '../base/locks.ts';
import type { Timers } from '../base/timers.ts';
import type { CoreContext } from '../core-context.ts';
import type { CoreEvent } from '../core-events.ts';
import { createLive, type Live } from '../live/live.ts';
import type { LiveDeps } from '../live/live-deps.ts';
import type { OutboxChannel, Sender } from '../outbox/outbox-deps.ts';
import { type ActiveRoute, type ActiveRouteDeps, createActiveRoute } from './active-route.ts';
import { type ArrivalOffer, createArrivalOffer } from './arrival-offer.ts';
import { type ArrivalRecords, createArrivalRecords } from './arrival-records.ts';
import { createOutboxSummary, type OutboxSummary } from './outbox-summary.ts';
import { createRouteList } from './route-list.ts';
import { createRouteOutbox } from './route-outbox.ts';

export interface RouteFeatureDeps extends Omit<ActiveRouteDeps, 'outbox' | 'emit'> {
  // glue until the lead's move: the members of route-outbox.ts' former RouteOutboxDeps, as they were.
  randomId: () => string;
  random: () => number;
  senderFor: (routeId: number) => Sender | null;
  senders: () => Sender[];
  /** Web Locks across tabs; in-process when not given. */
  locks?: LockRunner;
  timers: Timers;
  sendTimeoutMs?: number;
  /** Shared with the other tabs' cores (see WorkerDeps.outboxChannel). */
  channel: OutboxChannel | null;
  /** The core's event seam: the route features emit on it, and listen to one another's events there. */
  events: EventSeam<CoreEvent>;
  /** The live channel's needs (src-worker/live/live.ts). */
  live: Omit<LiveDeps, 'store' | 'api' | 'timers' | 'now' | 'route' | 'nextFrame'>;
  /** The sender of the tab's shared link to the route when the server refused it; null otherwise (session.ts). */
  refusedLinkFor: (routeId: number) => string | null;
}

interface Listeners {
  events: EventSeam<CoreEvent>;
  activeRoute: ActiveRoute;
  live: Live;
  arrival: ArrivalOffer;
  arrivals: ArrivalRecords;
  summary: OutboxSummary;
  channel: OutboxChannel | null;
}

/** Who hears what among the route features. */
function listen({ events, activeRoute, live, arrival, arrivals, summary, channel }: Listeners) {
  // The outbox changed a route's items (this tab's or another's): the counts and the open route's marks follow, and
  // the other tabs hear of this tab's changes.
  events.on('outbox/changed', ({ routeId, elsewhere }) => {
    summary.summarise();
    void activeRoute.outboxChanged(routeId);
    if (!elsewhere) channel?.postMessage({ routeId });
  });
  events.on('outbox/sent', ({ item, route, stopRemoved }) => {
    void activeRoute.completionSent(item.routeId, route);
    // The route as the device has it may still show the stop (its removal came while the phone was offline).
    if (stopRemoved) void activeRoute.refetch(item.routeId);
  });
  events.on('outbox/parked', ({ item }) => void activeRoute.refetch(item.routeId));
  events.on('route/started', ({ route, position }) => live.routeStarted(route, position));
  events.on('route/stopChanged', ({ route, stopId, body }) => live.stopChanged(route, stopId, body));
  events.on('route/shown', ({ route }) => live.routeShown(route));
  // The arrival prompt follows the route: a stop done, another stop next, the route started or changed.
  events.on('route/shown', () => arrival.routeChanged());
  events.on('route/started', () => arrival.routeChanged());
  events.on('route/stopChanged', () => arrival.routeChanged());
  // Where the organisation records arrivals by itself, the phone's noticing is sent as the arrival.
  events.on('arrival/noticed', ({ route, stopId }) => void arrivals.record(route, stopId, 'phone'));
  // Another tab sent, parked or added items: this tab's counts and marks follow (its own queue is in the same store).
  channel?.addEventListener('message', ({ data }) =>
    events.emit({ type: 'outbox/changed', routeId: data.routeId, elsewhere: true }),
  );
}

export function createRouteFeatures(deps: RouteFeatureDeps) {
  const { store, events } = deps;
  // glue until the lead's move: the root's CoreContext, rebuilt from what the route features are given.
  const core: CoreContext<CoreEvent> = {
    store,
    storage: deps.storage,
    api: deps.api(),
    now: deps.now,
    timers: deps.timers,
    random: deps.random,
    locks: deps.locks ?? inProcessLockRunner(),
    newId: deps.randomId,
    emit: events.emit,
  };
  const outbox = createRouteOutbox(core, { senderFor: deps.senderFor, senders: deps.senders }, deps.sendTimeoutMs);
  const summary = createOutboxSummary(store, outbox);
  const activeRoute = createActiveRoute({ ...deps, outbox, emit: events.emit });
  const live = createLive({
    ...deps.live,
    store,
    api: deps.api,
    timers: deps.timers,
    now: deps.now,
    route: activeRoute,
    // About one frame: patches are for painting, so they need go no faster.
    nextFrame: (release) => void setTimeout(release, 16),
  });
  const arrival = createArrivalOffer({ store, timers: deps.timers, now: deps.now, emit: events.emit });
  const arrivals = createArrivalRecords({ store, api: deps.api, now: deps.now });
  listen({ events, activeRoute, live, arrival, arrivals, summary, channel: deps.channel });
  summary.summarise();

  /** The server refused the route's shared link: its unsent completions are parked, and the view says how many. */
  async function linkRefused(routeId: number, owner: string): Promise<void> {
    const notSaved = await outbox.parked.parkRefusedLink(owner, routeId);
    await activeRoute.linkRefused(routeId, notSaved);
  }

  return {
    linkRefused,
    /**
     * Opens the route for the route view. Through a shared link the server refused (now, or at any earlier open on
     * this device) it opens to the link's message, with or without a network: no request, no copy of the route, no
     * error alert. The refusal's steps run again (each idempotent): a tab closed between them left nothing undone.
     */
    async open(routeId: number, shared: boolean): Promise<Result> {
      const refusedOwner = shared ? deps.refusedLinkFor(routeId) : null;
      if (refusedOwner === null) return activeRoute.open(routeId, shared);
      activeRoute.openEmpty(routeId, shared);
      await linkRefused(routeId, refusedOwner);
      return fail('link_refused');
    },
    routeList: createRouteList({ ...deps, emit: events.emit }),
    activeRoute,
    outbox,
    live,
    arrival,
    summarise: summary.summarise,
    /** The driver picked a stop's card: the arrival prompt follows it. */
    select(stopId: number) {
      activeRoute.select(stopId);
      arrival.routeChanged();
    },
    /** A position from the page or the wrapper: sent live, watched for arrival; a network again sends what waits. */
    position(report: PositionReport) {
      live.position(report);
      arrival.position(report);
      void arrivals.retry();
    },
    /** The arrival prompt answered with Arrived: it goes, and the arrival is the driver's. */
    async confirmArrival(stopId: number) {
      arrival.dismiss(stopId);
      const route = store.get().route?.route;
      if (route) await arrivals.record(route, stopId, 'driver');
    },
    /** The route closed, or the session ended: nothing live, nothing offered. */
    routeClosed() {
      live.routeClosed();
      arrival.routeClosed();
    },
  };
}

export type RouteFeatures = ReturnType<typeof createRouteFeatures>;
