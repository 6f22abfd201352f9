/**
 * The socket's messages for the OpenAPI document (issue 48): OpenAPI has no place for a WebSocket's messages, so they
 * are the `x-websocket` section, with their data schemas under components.schemas (the driver's are the very schemas
 * the socket validates with, src-shared/schemas/socket.ts).
 */
import { SOCKET_PATH } from '../../src-shared/protocol/socket.ts';
import { LocationData, LocationErrorData, ServiceChangeData } from '../../src-shared/schemas/socket.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const message = (type: string, data: object) => ({
  type: 'object',
  required: ['type', 'data'],
  properties: { type: { const: type }, data },
  additionalProperties: false,
});
/** What every dispatcher event carries: the route and the version the change brought it to. */
const routeEvent = (more: Record<string, object> = {}) => ({
  type: 'object',
  required: ['route_id', 'version', ...Object.keys(more)],
  properties: { route_id: { type: 'integer' }, version: { type: 'integer' }, ...more },
});

export const SOCKET_SCHEMAS = {
  SocketServiceChangeData: ServiceChangeData,
  SocketLocationData: { anyOf: [LocationData, LocationErrorData] },
  SocketStopUpdate: message('stop_update', routeEvent({ stop: ref('Stop'), updated_at: { type: 'string' } })),
  SocketPublicationSettings: message(
    'publication_settings',
    routeEvent({ publication_settings: ref('PublicationSettings') }),
  ),
  SocketRouteReorder: message('route_reorder', routeEvent({ stop_ids: { type: 'array', items: { type: 'integer' } } })),
  SocketDriverChange: message('driver_change', routeEvent({ driver_id: { type: ['integer', 'null'] } })),
  SocketRepublish: message('republish', routeEvent()),
  SocketRouteVersion: message('route_version', routeEvent()),
  SocketError: message('error', { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }),
  SocketServiceChange: message('service_change', ref('SocketServiceChangeData')),
  SocketLocation: message('location', ref('SocketLocationData')),
};

export const SOCKET_SECTION = {
  path: SOCKET_PATH,
  description:
    'One socket per route: GET /v1/socket?routeId=&projectId=&owner=driver&deviceId=&token= with a WebSocket upgrade. ' +
    "The token (a driver's access token or a link token) rides in the query; the Origin must be the app's own or in " +
    'ALLOWED_ORIGINS. Every message both ways is JSON {type, data}. On opening the server sends route_version once; ' +
    'an app whose copy is older refetches the route. A message the server cannot take is answered with error.',
  serverMessages: [
    'SocketRouteVersion',
    'SocketStopUpdate',
    'SocketPublicationSettings',
    'SocketRouteReorder',
    'SocketDriverChange',
    'SocketRepublish',
    'SocketError',
  ].map(ref),
  clientMessages: ['SocketServiceChange', 'SocketLocation'].map(ref),
};
