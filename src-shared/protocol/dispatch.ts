/** The dispatcher API (reference-backend.md, "Dispatcher API"); bearer DISPATCH_TOKEN. */
import type {
  CleaningStatus,
  OrganisationConfig,
  Plan,
  PublicationSettings,
  Requirements,
  RouteStatus,
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
  units?: Array<Omit<Unit, 'id' | 'barcode_scanned'> & { id?: string; barcode_scanned?: boolean }>;
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
