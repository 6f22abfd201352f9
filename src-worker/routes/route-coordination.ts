/**
 * What the route features do across their services, each a short sequence the driver or the session sets off: opening
 * a route (through a refused link, to its message), picking a stop, a position, the arrival answered, the route
 * closed, the session ended, the shared link refused. Every other route intent is one service's method.
 */
import { fail, type PositionReport, type Result } from '../../src-shared/api/worker-api.ts';
import type { CoreContext } from '../core-context.ts';
import type { Live } from '../live/live.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Session } from '../session/session.ts';
import type { ArrivalOffer } from './arrival-offer.ts';
import type { ArrivalRecords } from './arrival-records.ts';
import type { RouteOpening } from './route-opening.ts';
import type { RouteUpdates } from './route-updates.ts';

export interface RouteCoordination {
  /**
   * Opens the route for the route view. Through a shared link the server refused (now, or at any earlier open on this
   * device) it opens to the link's message, with or without a network: no request, no copy of the route, no error
   * alert. The refusal's steps run again (each idempotent): a tab closed between them left nothing undone.
   */
  open(routeId: number, shared: boolean): Promise<Result>;
  /** The driver picked a stop's card: the arrival prompt follows it. */
  select(stopId: number): void;
  /** A position from the page or the wrapper: sent live, watched for arrival; a network again sends what waits. */
  position(report: PositionReport): void;
  /** The arrival prompt answered with Arrived: it goes, and the arrival is the driver's. */
  confirmArrival(stopId: number): Promise<void>;
  /** The route closed: nothing live, nothing offered. */
  routeClosed(): void;
  /** The session ended: this session's retries stop (the queue stays on the device), and the route closes. */
  sessionEnded(): void;
  /** The server refused the route's shared link: its unsent completions are parked, and the view says how many. */
  linkRefused(routeId: number, owner: string): Promise<void>;
}

/** The services it sets off (route-features.ts makes them), and the session's word on a refused link. */
export interface RouteCoordinationDeps {
  opening: RouteOpening;
  updates: RouteUpdates;
  outbox: Outbox;
  live: Live;
  arrival: ArrivalOffer;
  arrivals: ArrivalRecords;
  session: Pick<Session, 'refusedLinkFor'>;
}

export function createRouteCoordination(
  core: Pick<CoreContext, 'store'>,
  { opening, updates, outbox, live, arrival, arrivals, session }: RouteCoordinationDeps,
): RouteCoordination {
  const coordination: RouteCoordination = {
    async open(routeId, shared) {
      const refusedOwner = shared ? session.refusedLinkFor(routeId) : null;
      if (refusedOwner === null) return opening.open(routeId, shared);
      opening.openEmpty(routeId, shared);
      await coordination.linkRefused(routeId, refusedOwner);
      return fail('link_refused');
    },
    select(stopId) {
      opening.select(stopId);
      arrival.routeChanged();
    },
    position(report) {
      live.location.tracker.position(report);
      arrival.position(report);
      void arrivals.retry();
    },
    async confirmArrival(stopId) {
      arrival.dismiss(stopId);
      const route = core.store.get().route?.route;
      if (route) await arrivals.record(route, stopId, 'driver');
    },
    routeClosed() {
      live.routeClosed();
      arrival.routeClosed();
    },
    sessionEnded() {
      outbox.flushes.cancelRetries();
      coordination.routeClosed();
    },
    async linkRefused(routeId, owner) {
      const notSaved = await outbox.parked.parkRefusedLink(owner, routeId);
      await updates.linkRefused(routeId, notSaved);
    },
  };
  return coordination;
}
