/** The dispatcher API (reference-backend.md, "Dispatcher API"); bearer DISPATCH_TOKEN. */
import type {
  CleaningStatus,
  OrganisationConfig,
  Plan,
  PublicationSettings,
  Requirements,
  Route,
  RouteStatus,
  RouteSummary,
  StopStatus,
  StopType,
  SubscriptionStatus,
  TimeWindow,
  Unit,
  VehicleProfile,
} from './entities.ts';

export interface CreateOrganisationRequest {
  name: string;
  customer_id?: string | null;
  plan?: Partial<Plan>;
  config?: Partial<OrganisationConfig>;
  subscription_status?: SubscriptionStatus;
  /** IANA name such as Europe/Amsterdam; null or left out: the server's TIME_ZONE. */
  time_zone?: string | null;
}
export type UpdateOrganisationRequest = Partial<CreateOrganisationRequest>;

export interface CreateDriverRequest {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone?: string | null;
  organisation_id: number;
}

export interface StopInput {
  type?: StopType;
  status?: StopStatus;
  lat: number;
  lng: number;
  street?: string | null;
  city?: string | null;
  country?: string | null;
  recipient_name?: string | null;
  recipient_phone?: string | null;
  notes?: string | null;
  arr_time?: number | null;
  end_time?: number | null;
  service_time?: number;
  duration?: number;
  days_on_the_road?: number;
  time_windows?: TimeWindow[];
  /** A unit's scan fields are the driver's to set (stop updates); the dispatcher may only reset barcode_scanned. */
  units?: Array<
    Omit<Unit, 'id' | 'barcode_scanned' | 'scan_reason' | 'scan_method' | 'scanned_at'> & {
      id?: string;
      barcode_scanned?: boolean;
    }
  >;
  requirements?: Partial<Requirements>;
}

export interface CreateRouteRequest {
  /** An existing project, or a new one made from project_name and date. */
  project_id?: number;
  project_name?: string;
  /** YYYY-MM-DD; also the publication settings' project_date unless given. */
  date?: string;
  organisation_id: number;
  driver_id?: number | null;
  index?: number;
  vehicle_name?: string | null;
  vehicle_profile?: VehicleProfile;
  status?: RouteStatus;
  end_location_defined?: boolean;
  publication_settings?: Partial<Omit<PublicationSettings, 'id'>>;
  /** In order. Start and end stops are included as stops of type start and end. */
  stops: StopInput[];
}

export type UpdateStopRequest = Partial<StopInput> & {
  completion_note?: string | null;
  recipient_note?: string | null;
  cleaning_status?: CleaningStatus | null;
};

export interface ReorderRequest {
  stop_ids: number[];
}

export interface DriverAssignRequest {
  driver_id: number | null;
}

export interface LinkAnswer {
  url: string;
  token: string;
  linkId: string;
}

/** PUT .../publication-settings replaces every setting (barcode_scanning left out: on). */
export type PublicationSettingsRequest = Omit<PublicationSettings, 'id' | 'barcode_scanning'> &
  Partial<Pick<PublicationSettings, 'barcode_scanning'>>;

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
