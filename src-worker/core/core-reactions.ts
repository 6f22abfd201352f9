/**
 * What the core does when one of its services says something happened: the reactions that cross services, wired in
 * one place on the core's event seam (base/events.ts). The route features wire their own among themselves
 * (routes/route-features.ts).
 */

import { initialState } from '../../src-shared/state/app-state.ts';
import type { EventSeam } from '../base/events.ts';
import type { Store } from '../base/store.ts';
import type { CoreEvent } from '../core-events.ts';
import type { CoreServices } from './core-services.ts';
import type { Notices } from './notices.ts';

/** The driver's routes leave memory with the session, in the same patch as the sign-out. */
function forgetRoutes(store: Store) {
  const blank = initialState();
  store.set(['routeList'], blank.routeList);
  store.set(['preview'], null);
  store.set(['route'], null);
  store.set(['outbox'], blank.outbox);
}

/** The session's changes reach the routes and the photos: a sign-in asks for the list, its end lets go of them. */
function listenToSession(events: EventSeam<CoreEvent>, store: Store, services: CoreServices) {
  const { routes } = services;
  events.on('session/signedIn', () => services.listAhead.load());
  events.on('session/ended', () => {
    forgetRoutes(store);
    // The queue stays on the device for its sender's next session; only this session's retries stop.
    void routes.whenLoaded(({ coordination }) => coordination.sessionEnded());
    services.proofMedia.forget();
  });
  events.on('session/linkRefused', ({ routeId, owner }) => {
    void routes.whenLoaded(({ coordination }) => coordination.linkRefused(routeId, owner));
  });
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

export function listenAcrossServices(events: EventSeam<CoreEvent>, store: Store, services: CoreServices): void {
  // What a request found out of the network, on the client's stack.
  events.on('net/reached', ({ answered }) => services.connectivity.reached(answered));
  listenToSession(events, store, services);
  listenForNotices(events, services.notices);
}
