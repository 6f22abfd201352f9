/**
 * What the route features tell the rest of the core, through the event seam (base/events.ts). route-features.ts
 * wires the open route's events to the live channel (src-worker/live); core/core-reactions.ts says what the driver
 * is told.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';

/** The open route's events. */
export type RouteEvent =
  /** The route was started (the answer's ETAs included): the start sync of section 7. */
  | { type: 'route/started'; route: Route; position: { lat: number; lng: number } | null }
  /** A stop was completed on this device just now (not a replay of an older one). */
  | { type: 'route/stopChanged'; route: Route; stopId: number; body: StopUpdateRequest }
  /** The server's copy of the open route has other stops, or in another order, than before. */
  | { type: 'route/stopListChanged' }
  /** A copy of the route was shown (the server's, or the device's): its status decides live tracking. */
  | { type: 'route/shown'; route: Route }
  /**
   * The phone noticed the driver arrived at `stopId` and the organisation records that by itself
   * (arrival-offer.ts, `arrival_auto_record`).
   */
  | { type: 'arrival/noticed'; route: Route; stopId: number };

/** The route list's events. */
export type RouteListEvent =
  /** The list could not be fetched for want of a network: the driver is told "No internet connection". */
  { type: 'routeList/offline' };
