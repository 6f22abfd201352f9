/**
 * Everything the core does for routes (the list, the open route, the outbox of completions, the planned line),
 * loaded on first use: a start on the sign-in or account screen does not pay for it (critical-path budget).
 *
 * This file composes them and answers them by name, so an intent reaches the service that does it in one step
 * (core/route-intents.ts: `(await routes.get()).completion.complete(…)`). They do not call one another back: each
 * emits its events on the core's seam (base/events.ts), and `listen` below says, in one place, which service hears
 * which. What crosses services is route-coordination.ts.
 */
import type { EventSeam } from '../base/events.ts';
import type { WorkerDeps } from '../core/worker-deps.ts';
import type { CoreContext } from '../core-context.ts';
import type { CoreEvent } from '../core-events.ts';
import { createLive, type Live } from '../live/live.ts';
import type { PreparedPhotos } from '../media/prepared-photos.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxChannel } from '../outbox/outbox-deps.ts';
import type { Session } from '../session/session.ts';
import { type ArrivalOffer, createArrivalOffer } from './arrival-offer.ts';
import { type ArrivalRecords, createArrivalRecords } from './arrival-records.ts';
import type { OpenRouteDeps } from './open-route-deps.ts';
import { createOutboxSummary, type OutboxSummary } from './outbox-summary.ts';
import { createRouteCoordination, type RouteCoordination } from './route-coordination.ts';
import { createRouteFetch } from './route-fetch.ts';
import { createRouteLine } from './route-line.ts';
import { createRouteList, type RouteList } from './route-list.ts';
import { createRouteOpening, type RouteOpening } from './route-opening.ts';
import { createRouteOutbox } from './route-outbox.ts';
import { createRouteProgress, type RouteProgress } from './route-status.ts';
import { createRouteUpdates, type RouteUpdates } from './route-updates.ts';
import { createShownRoute } from './shown-route.ts';
import { createStopCompleter, type StopCompleter } from './stop-completion.ts';

/** What the route features need besides the core's context. */
export interface RouteFeatureDeps {
  /** The core's event seam: the route features emit on it, and listen to one another's events there. */
  events: EventSeam<CoreEvent>;
  /** Who sends a route's completions, the live channel's token, and the shared link's end and refusal. */
  session: Pick<Session, 'senderFor' | 'senders' | 'closeLink' | 'liveToken' | 'channelWithdrawn' | 'refusedLinkFor'>;
  /** Photos resized for the complete screen. */
  photos: PreparedPhotos;
  /** The API's origin, for the live channel's URL. */
  baseUrl: () => string;
  /** The platform's parts only the route features use. */
  platform: Pick<WorkerDeps, 'openWebSocket' | 'outboxChannel' | 'sendTimeoutMs'>;
}

export interface RouteFeatures {
  /** The route list and the Closed tab's preview. */
  routeList: RouteList;
  /** Opening, refreshing and closing the open route, and picking a stop. */
  opening: RouteOpening;
  /** Starting and finishing the open route. */
  progress: RouteProgress;
  /** Completing a stop. */
  completion: StopCompleter;
  /** What the live channel, the outbox and the session tell the open route. */
  updates: RouteUpdates;
  /** Every completion on the device until the server has it. */
  outbox: Outbox;
  /** The outbox's counts in the state. */
  summary: OutboxSummary;
  /** The open route's socket, live status and location. */
  live: Live;
  /** The arrival prompt. */
  arrival: ArrivalOffer;
  /** Arrivals sent to the server. */
  arrivals: ArrivalRecords;
  /** What crosses the services above (route-coordination.ts). */
  coordination: RouteCoordination;
}

/** Who hears what among the route features. */
function listen(events: EventSeam<CoreEvent>, features: RouteFeatures, channel: OutboxChannel | null) {
  const { updates, live, arrival, arrivals, summary } = features;
  // The outbox changed a route's items (this tab's or another's): the counts and the open route's marks follow, and
  // the other tabs hear of this tab's changes.
  events.on('outbox/changed', ({ routeId, elsewhere }) => {
    summary.summarise();
    void updates.outboxChanged(routeId);
    if (!elsewhere) channel?.postMessage({ routeId });
  });
  events.on('outbox/sent', ({ item, route, stopRemoved }) => {
    void updates.completionSent(item.routeId, route);
    // The route as the device has it may still show the stop (its removal came while the phone was offline).
    if (stopRemoved) void updates.refetch(item.routeId);
  });
  events.on('outbox/parked', ({ item }) => void updates.refetch(item.routeId));
  events.on('route/started', ({ route, position }) => live.status.routeStarted(route, position));
  events.on('route/stopChanged', ({ route, stopId, body }) => live.status.stopChanged(route, stopId, body));
  events.on('route/shown', ({ route }) => live.location.follow(route));
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

/** The open route's services, in the order each needs the one before. */
function createOpenRoute(core: CoreContext<CoreEvent>, deps: RouteFeatureDeps, outbox: Outbox) {
  const shown = createShownRoute(core, outbox);
  const fetch = createRouteFetch(core, shown, () => deps.session.closeLink());
  const line = createRouteLine(core, shown);
  const open: OpenRouteDeps = {
    shown,
    fetch,
    line,
    outbox,
    photos: deps.photos,
    closeLink: () => deps.session.closeLink(),
  };
  return {
    opening: createRouteOpening(core, open),
    progress: createRouteProgress(core, open),
    completion: createStopCompleter(core, open),
    updates: createRouteUpdates(shown, fetch),
  };
}

export function createRouteFeatures(core: CoreContext<CoreEvent>, deps: RouteFeatureDeps): RouteFeatures {
  const { session, platform } = deps;
  const channel = platform.outboxChannel?.() ?? null;
  const outbox = createRouteOutbox(core, session, platform.sendTimeoutMs);
  const openRoute = createOpenRoute(core, deps, outbox);
  const live = createLive(core, {
    openWebSocket: platform.openWebSocket,
    baseUrl: deps.baseUrl,
    deviceId: async () => (await core.storage()).deviceId(core.newId),
    liveToken: (routeId, renew) => session.liveToken(routeId, renew),
    channelWithdrawn: (routeId) => session.channelWithdrawn(routeId),
    route: openRoute.updates,
    // About one frame: patches are for painting, so they need go no faster.
    nextFrame: (release) => void setTimeout(release, 16),
  });
  const arrival = createArrivalOffer(core);
  const arrivals = createArrivalRecords(core);
  const services = { ...openRoute, outbox, live, arrival, arrivals };
  const features: RouteFeatures = {
    ...services,
    routeList: createRouteList(core),
    summary: createOutboxSummary(core.store, outbox),
    coordination: createRouteCoordination(core, { ...services, session }),
  };
  listen(deps.events, features, channel);
  features.summary.summarise();
  return features;
}
