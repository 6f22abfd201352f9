/**
 * What the open route tells the rest of the core: the live channel (src-worker/live) sends on these, and the driver
 * is told of a changed stop list.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';

export interface RouteEvents {
  /** The route was started (the answer's ETAs included): the start sync of section 7. */
  started(route: Route, position: { lat: number; lng: number } | null): void;
  /** A stop was completed on this device just now (not a replay of an older one). */
  stopChanged(route: Route, stopId: number, body: StopUpdateRequest): void;
  /** The server's copy of the open route has other stops, or in another order, than before. */
  stopListChanged(): void;
  /** A copy of the route was shown (the server's, or the device's): its status decides live tracking. */
  shown(route: Route): void;
}
