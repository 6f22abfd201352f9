/** Request and answer bodies of the driver API (spec section 7, reference-backend.md). */
import type {
  CleaningStatus,
  Route,
  Stop,
  StopStatus,
  UnitScanMethod,
  UnitScanReason,
  VehicleProfile,
} from './entities.ts';

/** Every error answer: `{"message": string, "field"?: string}`. */
export interface ApiError {
  message: string;
  field?: string;
}

/** Step one carries only the email (404: no user); step two adds the password. */
export interface SignInRequest {
  email: string;
  password?: string;
}

export interface SignInStepOneAnswer {
  email: string;
  next: 'password';
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, epoch milliseconds. */
  expiresAt: number;
}

export interface RefreshRequest {
  token: string;
}

export interface ForgotPasswordAnswer {
  message: string;
}

/** Coordinates travel as text on these calls (7 decimals on stop updates). */
export interface RouteStatusRequest {
  status: 'in_progress' | 'finished';
  lat?: string;
  lng?: string;
}

export type RouteStatusAnswer = Route[];

export const MAX_IMAGES = 3;
export const NOTE_MAX_LENGTH = 500;

export interface StopUpdateRequest {
  status: Exclude<StopStatus, 'pending'>;
  lat?: string;
  lng?: string;
  completion_note?: string | null;
  recipient_note?: string | null;
  /** A data URL (image/png or image/jpeg), or the URL of the stop's stored signature to keep it. */
  signature?: string | null;
  signature_name?: string | null;
  /** YYYY-MM-DD. */
  recipient_date_of_birth?: string | null;
  /** Indexed map {"0": ..., "1": ...}: data URLs, or URLs of the stop's stored images to keep them. */
  images?: Record<string, string>;
  /** Seconds since local midnight, as text. */
  finish_time?: string;
  /** Extension: the instant the driver completed the stop (ISO 8601), so a late sync keeps the real time. */
  completed_at?: string;
  /** Cleaning variant. */
  cleaning_status?: CleaningStatus | null;
  cleaning_definition?: string | null;
  sticker?: boolean | null;
  /**
   * Extension (issue 19): the scan state of the stop's units, for a delivered stop. Each names a unit of this stop; a
   * unit left out keeps what the stop has. Absent: every unit keeps what it has.
   */
  units?: UnitScanUpdate[];
}

/** One unit's scan state as the driver left it: scanned (by camera or typed), or marked with a reason, or neither. */
export interface UnitScanUpdate {
  id: string;
  barcode_scanned: boolean;
  /** Only on a unit not scanned. */
  scan_reason?: UnitScanReason | null;
  /** Only on a scanned unit. */
  scan_method?: UnitScanMethod | null;
  /** When it was scanned or marked, on the device's clock (ISO 8601). */
  scanned_at?: string | null;
}

/** At most this many units in one stop update (a stop's units are a handful; the cap keeps a request bounded). */
export const MAX_UNIT_SCANS = 200;

/**
 * A replay's answer (header `Idempotent-Replayed: true`) when the sender can no longer open the route or the stop
 * is no longer on it: the stop as the first answer had it, and the route's version (`updated_at`) of that answer.
 * Only the stop is the sender's to see; `partial` says this is not the whole route.
 */
export interface StoredStopRoute {
  id: number;
  project_id: number;
  updated_at: string;
  partial: true;
  stops: [Stop];
}

/**
 * The route as it is now (a first answer, or a replay while the sender still has the route and the stop), or, for
 * a replay, the stored stop alone. Either way the array's route with the path's id holds the stop.
 */
export type StopUpdateAnswer = Route[] | StoredStopRoute[];

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface LocationRequest {
  lat: string;
  lng: string;
}

export interface OsrmRequest {
  /** Semicolon list of `lng,lat`. */
  coordinates: string;
  profile?: VehicleProfile;
}

export interface OsrmAnswer {
  code: 'Ok';
  routes: { geometry: string; distance: number; duration: number }[];
  /** True when no OSRM server is configured (or it failed) and the line is straight between the points. */
  fallback?: boolean;
}

/** `GET /app-config.json`: runtime settings the server builds from its environment. */
export interface AppConfig {
  /** Style URL per map theme (MAP_STYLE_*; OpenFreeMap's by default); null: the app's built-in offline style. */
  mapStyles: { light: string | null; dark: string | null; standard: string | null };
  traceUrl: string | null;
  cleaningCustomerId: string;
  internalNotesCustomerId: string;
  supportUrl: string;
  termsUrl: string;
  privacyUrl: string;
}

export const SUBSCRIPTION_CANCELED_MESSAGE = 'Your Subscription is over. Subscription status is: canceled';
