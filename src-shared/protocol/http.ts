/**
 * Request and answer bodies of the driver API (spec section 7, reference-backend.md). Each request's type is its
 * schema's (src-shared/schemas/driver.ts, TypeBox), re-exported here as a type only: the worker's client names the
 * types, and no schema code reaches its bundle.
 */
import type { Route, Stop } from './entities.ts';

export type {
  ArrivalRequest,
  DeliveryCodeRequest,
  ForgotPasswordRequest,
  LocationRequest,
  OsrmRequest,
  RefreshRequest,
  RevokeRequest,
  RouteStatusRequest,
  SignInRequest,
  StopUpdateRequest,
  UnitScanUpdate,
} from '../schemas/driver.ts';

/** Every error answer: `{"message": string, "field"?: string}`. */
export interface ApiError {
  message: string;
  field?: string;
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

export interface ForgotPasswordAnswer {
  message: string;
}

export type RouteStatusAnswer = Route[];

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
 * The answer (first or replayed, 200) when the dispatcher had removed the stop before the completion arrived, as
 * happens to one queued offline: the completion is stored against the removed stop, where the dispatcher sees it,
 * and the stop is on no route the driver sees. The shape is the stored-stop form, so a client that knows nothing of
 * the marker still takes it as delivered; `stop_removed` tells the app to say "This stop was removed by your
 * dispatcher; your completion was kept".
 */
export interface RemovedStopRoute extends StoredStopRoute {
  stop_removed: true;
}

/**
 * The route as it is now (a first answer, or a replay while the sender still has the route and the stop), or, for
 * a replay, the stored stop alone; for a removed stop, that stop alone (a RemovedStopRoute, first answer or replay).
 * Either way the array's route with the path's id holds the stop.
 */
export type StopUpdateAnswer = Route[] | StoredStopRoute[];

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The answer to a delivery code tried before the completion (issue 34): right or not, and how many wrong tries the
 * stop still takes (0: it is locked to the outcomes that stand in for a code).
 */
export interface DeliveryCodeAnswer {
  right: boolean;
  tries_left: number;
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
