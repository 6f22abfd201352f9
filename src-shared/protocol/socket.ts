/**
 * WebSocket messages on `/v1/socket`: every message both ways is `{type, data}` (reference-backend.md).
 * Unions keyed on `type`; handle them with an exhaustive switch.
 */
import type { LocationData, ServiceChangeData } from '../schemas/socket.ts';
import type { PublicationSettings, Stop } from './entities.ts';

/** The data of the driver's messages: their schemas' types (src-shared/schemas/socket.ts). */
export type { LocationData, ServiceChangeData };

export const SOCKET_PATH = '/v1/socket';

/**
 * What every dispatcher event carries beside its own data (extension, issue 30): the version the change brought the
 * route to (Route.version). Versions follow the order the changes were stored in, so an event whose version the app's
 * copy has already reached is old news, and one more than a version ahead means something was missed.
 */
interface RouteEventData {
  route_id: number;
  version: number;
}

export interface StopUpdateEvent {
  type: 'stop_update';
  data: RouteEventData & { stop: Stop; updated_at: string };
}
export interface PublicationSettingsEvent {
  type: 'publication_settings';
  data: RouteEventData & { publication_settings: PublicationSettings };
}
export interface RouteReorderEvent {
  type: 'route_reorder';
  data: RouteEventData & { stop_ids: number[] };
}
export interface DriverChangeEvent {
  type: 'driver_change';
  data: RouteEventData & { driver_id: number | null };
}
export interface RepublishEvent {
  type: 'republish';
  data: RouteEventData;
}
/**
 * Extension (issue 30): the route's version as the socket opens, sent once before any event. An app whose copy is
 * older asks for the route: it catches up on what changed while it had no socket (a dead zone, the time between its
 * fetch and the socket's opening).
 */
export interface RouteVersionEvent {
  type: 'route_version';
  data: RouteEventData;
}
/** The server's answer to a message it could not take. */
export interface SocketErrorEvent {
  type: 'error';
  data: { message: string };
}

export type ServerMessage =
  | StopUpdateEvent
  | PublicationSettingsEvent
  | RouteReorderEvent
  | DriverChangeEvent
  | RepublishEvent
  | RouteVersionEvent
  | SocketErrorEvent;

/** The events a dispatcher's change sends (each with the version it brought the route to). */
export type DispatchEvent = Exclude<ServerMessage, SocketErrorEvent | RouteVersionEvent>;

export interface ServiceChangeMessage {
  type: 'service_change';
  data: ServiceChangeData;
}

export interface LocationMessage {
  type: 'location';
  data: LocationData;
}

export type DriverMessage = ServiceChangeMessage | LocationMessage;

export interface SocketQuery {
  routeId: string;
  projectId: string;
  owner: 'driver';
  deviceId: string;
  token: string;
}

/**
 * Close codes the server adds to the standard ones (1001 server going away, 1008 policy, 1009 message too big).
 *
 * 4403: the socket's link was revoked or its route assigned to another driver. Reconnecting will not help.
 */
export const SOCKET_CLOSE_ACCESS_WITHDRAWN = 4403;
/**
 * 4401: the socket's token ended: it expired (a socket lives no longer than the token it opened with), or its
 * session was signed out (the refresh family it was issued with was revoked). Nothing more is sent or taken on it.
 * The app renews its token (refresh first) and reconnects at once; a refused refresh ends the session.
 */
export const SOCKET_CLOSE_TOKEN_ENDED = 4401;
/**
 * 4409: the same driver (or link) opened more sockets on this route than the server keeps (WS_MAX_SOCKETS_PER_ROUTE),
 * and this one, the oldest, made room for the newest. Reconnecting at once would only close another (two tabs would
 * take turns for ever): the app waits until its page is shown again.
 */
export const SOCKET_CLOSE_REPLACED = 4409;
