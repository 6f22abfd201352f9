/**
 * What the core does when one of its services says something happened: the reactions that cross services, wired in
 * one place on the core's event seam (base/events.ts). The route features wire their own among themselves
 * (routes/route-features.ts).
 */
import type { EventSeam } from '../base/events.ts';
import type { CoreEvent } from '../core-events.ts';
import type { ListAhead } from '../routes/list-ahead.ts';
import type { Connectivity } from './connectivity.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';
import type { Notices } from './notices.ts';
import type { ProofMedia } from './proof-media.ts';

export interface CoreReactionDeps {
  notices: Notices;
  routeFeatures: LazyRouteFeatures;
  listAhead: ListAhead;
  proofMedia: ProofMedia;
  connectivity: Connectivity;
}

/** The session's changes reach the routes and the photos: a sign-in asks for the list, its end lets go of them. */
function listenToSession(events: EventSeam<CoreEvent>, deps: CoreReactionDeps) {
  events.on('session/signedIn', () => deps.listAhead.load());
  events.on('session/ended', () => {
    deps.routeFeatures.sessionEnded();
    deps.proofMedia.forget();
  });
  events.on('session/linkRefused', ({ routeId, owner }) => deps.routeFeatures.linkRefused(routeId, owner));
}

/** What the driver is told, and of which event. */
function listenForNotices(events: EventSeam<CoreEvent>, notices: Notices) {
  events.on('session/loggedOutAutomatically', () => notices.notify('logged_out_automatically'));
  events.on('routeList/offline', () => notices.notify('no_internet'));
  events.on('route/stopListChanged', () => notices.notify('route_updated'));
  events.on('outbox/parked', ({ item }) => notices.notify('completion_refused', undefined, item.id));
  events.on('outbox/sent', ({ item, stopRemoved }) => {
    if (stopRemoved) notices.notify('completion_kept_removed_stop', undefined, item.id);
  });
}

export function listenAcrossServices(events: EventSeam<CoreEvent>, deps: CoreReactionDeps): void {
  // What a request found out of the network, on the client's stack.
  events.on('net/reached', ({ answered }) => deps.connectivity.reached(answered));
  listenToSession(events, deps);
  listenForNotices(events, deps.notices);
}
