/**
 * The dispatcher API (reference-backend.md, "Dispatcher API"); bearer DISPATCH_TOKEN. Each request's type is its
 * schema's (src-shared/schemas/dispatch.ts, TypeBox), re-exported here as a type only.
 */
import type { Route, RouteSummary, Stop } from './entities.ts';

export type {
  CreateDriverRequest,
  CreateOrganisationRequest,
  CreateRouteRequest,
  DriverAssignRequest,
  DriversRequest,
  PublicationSettingsRequest,
  ReorderRequest,
  RoutesRequest,
  StopInput,
  UpdateOrganisationRequest,
  UpdateStopRequest,
} from '../schemas/dispatch.ts';

export interface LinkAnswer {
  url: string;
  token: string;
  linkId: string;
}

/** DELETE .../links/{linkId}. */
export interface LinkRevokeAnswer {
  linkId: string;
  revoked_at: string;
}

/** GET /v1/dispatch/routes: routes of every driver, newest date first. */
export interface DispatchRouteSummary extends RouteSummary {
  organisation_id: number;
}

/**
 * Where a completion record stands (docs/server.md, "Finished is final, proofs are kept"): `current`, what its stop
 * holds now (the newest record the stop took); `superseded`, taken by the stop and then replaced by a newer edit;
 * `late`, arrived after the route was finished for a stop already done, so stored beside its current record and
 * never applied to the stop.
 */
export type CompletionRole = 'current' | 'superseded' | 'late';

/** A stop update as the server received it, with its proof (every record keeps its own images for good). */
export interface CompletionRecord {
  id: number;
  stop_id: number;
  status: string;
  /** Who sent it: "driver:12" or "link:abc". */
  principal: string;
  idempotency_key: string | null;
  /** The update as applied; its proof images appear as ids. */
  body: unknown;
  /** URLs of the proof the body names, readable with the dispatcher token. */
  image_urls: string[];
  signature_url: string | null;
  finish_time: number | null;
  completed_at: string | null;
  received_at: string;
  /** The record the stop holds now: exactly one per stop that has records. */
  current: boolean;
  role: CompletionRole;
}

/** A stop the dispatcher took off the route: on no route the driver sees, kept for what was sent for it. */
export interface RemovedStop extends Stop {
  removed_at: string;
}

export interface LocationRecord {
  id: number;
  principal: string;
  lat: number | null;
  lng: number | null;
  error: string | null;
  source: string;
  recorded_at: string;
}

export interface RouteEventRecord {
  id: number;
  principal: string;
  type: string;
  body: unknown;
  source: string;
  received_at: string;
}

export interface LinkRecord {
  id: string;
  created_at: string;
  revoked_at: string | null;
}

/** GET /v1/dispatch/routes/{routeId}: the route as stored, every completion, and the latest tracking records. */
export interface DispatchRouteDetail extends Route {
  organisation_id: number;
  /** Every record of every stop (removed ones included), newest first: the order the server received them in, reversed. */
  completions: CompletionRecord[];
  /** Stops taken off the route, in their former order; `stops` lists the route's stops as the driver has them. */
  removed_stops: RemovedStop[];
  /** The most recent, oldest first. */
  locations: LocationRecord[];
  /** The most recent, oldest first. */
  events: RouteEventRecord[];
  links: LinkRecord[];
}
