/**
 * The schemas Fastify validates the driver API with, under the names its routes use. Each is defined once, with
 * its type, in src-shared/schemas (driver.ts, socket.ts).
 */
export {
  ArrivalBody as arrivalBody,
  DeliveryCodeBody as deliveryCodeBody,
  EventBody as eventBody,
  ForgotPasswordQuery as forgotPasswordQuery,
  IdParams as idParams,
  LocationBody as locationBody,
  OsrmBody as osrmBody,
  OsrmQuery as osrmQuery,
  ProjectRouteParams as projectRouteParams,
  RefreshBody as refreshBody,
  RevokeBody as revokeBody,
  RouteIdParams as routeIdParams,
  RouteStatusBody as routeStatusBody,
  ServiceParams as serviceParams,
  SignInBody as signInBody,
  StopUpdateBody as stopUpdateBody,
} from '../../src-shared/schemas/driver.ts';
