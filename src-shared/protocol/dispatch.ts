/**
 * The dispatcher API (reference-backend.md, "Dispatcher API"); bearer DISPATCH_TOKEN. Each request's type is its
 * schema's (src-shared/schemas/dispatch.ts, TypeBox), re-exported here as a type only.
 */
import type { Route, RouteSummary } from './entities.ts';

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

/** A stop update as the server received it, with its proof. */
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
  completions: CompletionRecord[];
  /** The most recent, oldest first. */
  locations: LocationRecord[];
  /** The most recent, oldest first. */
  events: RouteEventRecord[];
  links: LinkRecord[];
}
