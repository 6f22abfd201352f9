/**
 * What the OpenAPI document says of each call beyond its request schemas (issue 48): its summary, who may call it,
 * its answers by status and an example request. Keyed by the method and the route's path as Fastify registers it;
 * openapi.ts joins these to the schemas the routes validate with. A route that is registered but not listed here
 * fails tests/server/openapi.test.ts, as does an entry here for a route that does not exist.
 *
 * The examples tell one story on a fresh server (tests/server/openapi-examples.test.ts sends them in this order):
 * organisation 1, driver 1 (sam@example.com), route 1 of project 1 with stops 1 (start) to 4 (end) on 2030-03-04.
 */
import type { TSchema } from '@sinclair/typebox';
import * as A from './openapi-answers.ts';

type Caller = 'none' | 'driver' | 'driverOrLink' | 'dispatcher' | 'imageReader';

interface OperationExample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface OperationInfo {
  summary: string;
  tag: 'Driver' | 'Tokens' | 'Images' | 'Dispatcher' | 'App' | 'Socket';
  caller: Caller;
  /** The success status and what it answers (null: no body; 'image': the image's bytes). */
  ok: { status: number; schema: TSchema | null | 'image'; description: string };
  /** The refusals this call can answer besides the ones its caller and schemas imply (see openapi.ts). */
  refusals?: number[];
  /** Takes an Idempotency-Key header. */
  idempotent?: boolean;
  description?: string;
  example: OperationExample;
}

const answer = (schema: TSchema | null | 'image', description = 'Done', status = 200) => ({
  status,
  schema,
  description,
});
const P = { projectId: 1, routeId: 1 };
/** A 1x1 PNG: a proof photo as the app sends it, a data URL (the app sends JPEGs of a few hundred KB). */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const S = { ...P, serviceId: 2 };
const DRIVER = 'Driver' as const;
const DISPATCH = 'Dispatcher' as const;

export const OPERATIONS: Record<string, OperationInfo> = {
  'POST /v1/dispatch/organisations': {
    summary: 'Create an organisation (plan flags and outcome settings in config)',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.OrganisationAnswer, 'The new organisation', 201),
    example: {
      body: {
        name: 'Fresh Fruit',
        time_zone: 'Europe/Amsterdam',
        plan: {
          ft_delivery_codes: true,
          ft_failure_reasons: true,
          ft_delivery_places: true,
          ft_arrival_detection: true,
        },
        config: { code_exempt_places: ['neighbour'] },
      },
    },
  },
  'GET /v1/dispatch/organisations': {
    summary: 'List the organisations',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer({ type: 'array', items: { $ref: '#/components/schemas/Organisation' } } as unknown as TSchema, 'All'),
    example: {},
  },
  'PATCH /v1/dispatch/organisations/:id': {
    summary: 'Change an organisation (plan and config are merged)',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.OrganisationAnswer, 'The organisation as it now is'),
    example: { params: { id: 1 }, body: { config: { allowed_to_call_recipient: true } } },
  },
  'POST /v1/dispatch/drivers': {
    summary: 'Create a driver',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.DriverAnswer, 'The new driver', 201),
    refusals: [409],
    description: 'A driver with this email already exists: 409.',
    example: {
      body: {
        email: 'sam@example.com',
        password: 'correct horse battery',
        first_name: 'Sam',
        last_name: 'Jansen',
        organisation_id: 1,
      },
    },
  },
  'GET /v1/dispatch/drivers': {
    summary: 'List the drivers, of one organisation or all',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer({ type: 'array', items: { $ref: '#/components/schemas/Driver' } } as unknown as TSchema, 'The drivers'),
    example: { query: { organisation_id: 1 } },
  },
  'POST /v1/dispatch/routes': {
    summary: 'Create a route with its stops (in order), in a new or an existing project',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.RouteAnswer, 'The new route as the driver will read it', 201),
    example: {
      body: {
        project_name: 'Tuesday Utrecht',
        date: '2030-03-04',
        organisation_id: 1,
        driver_id: 1,
        publication_settings: {
          delivery_codes: true,
          failure_reasons: true,
          delivery_places: true,
          photo_collection: true,
        },
        stops: [
          { type: 'start', lat: 52.0907, lng: 5.1214 },
          { lat: 52.0938, lng: 5.1182, street: 'Oudegracht 1', recipient_name: 'Ada', delivery_code: 'K7Q4' },
          { lat: 52.0861, lng: 5.1235, street: 'Vredenburg 4', units: [{ id: 'u1', name: 'Box', quantity: 1 }] },
          { type: 'end', lat: 52.0907, lng: 5.1214 },
        ],
      },
    },
  },
  'GET /v1/dispatch/routes': {
    summary: 'List routes (newest first), by organisation and day',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.DispatchRouteListAnswer, 'The routes with their counts'),
    example: { query: { organisation_id: 1, date: '2030-03-04' } },
  },
  'GET /v1/dispatch/routes/:routeId': {
    summary:
      'A route with everything recorded on it: completions (proofs, outcomes, delivery_code_checked), positions, events, links',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.DispatchRouteDetailAnswer, 'The route in detail'),
    example: { params: { routeId: 1 } },
  },
  'PATCH /v1/dispatch/routes/:routeId/stops/:stopId': {
    summary: "Change a stop's fields (a finished route takes no changes to what is done)",
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.StopAnswer, 'The stop as it now is'),
    refusals: [409],
    example: { params: { routeId: 1, stopId: 3 }, body: { notes: 'Ring twice' } },
  },
  'PUT /v1/dispatch/routes/:routeId/order': {
    summary: 'Put the stops in a new order (every stop id of the route, once)',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.RouteAnswer, 'The route in its new order'),
    refusals: [409],
    example: { params: { routeId: 1 }, body: { stop_ids: [1, 3, 2, 4] } },
  },
  'PUT /v1/dispatch/routes/:routeId/publication-settings': {
    summary: "Replace the route's publication settings (its day and what a completion asks for)",
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.PublicationSettingsAnswer, 'The settings as they now are'),
    example: {
      params: { routeId: 1 },
      body: {
        project_date: '2030-03-04',
        fulfill_stops_in_any_order: true,
        photo_collection: true,
        completion_notes: true,
        signature_capture: false,
        age_verification: false,
        delivery_codes: true,
        failure_reasons: true,
        delivery_places: true,
        arrival_detection: true,
      },
    },
  },
  'POST /v1/dispatch/routes/:routeId/republish': {
    summary: 'Republish: the app refetches the route',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.RouteAnswer, 'The route'),
    example: { params: { routeId: 1 } },
  },
  'PUT /v1/dispatch/routes/:routeId/driver': {
    summary: 'Assign the route to a driver, or to none (null)',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.RouteAnswer, 'The route'),
    example: { params: { routeId: 1 }, body: { driver_id: 1 } },
  },
  'POST /v1/dispatch/routes/:routeId/links': {
    summary: 'Share the route: a link URL and its link token (opens this route only)',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.LinkAnswer, 'The link', 201),
    example: { params: { routeId: 1 } },
  },
  'DELETE /v1/dispatch/routes/:routeId/links/:linkId': {
    summary: 'Revoke a shared link',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.LinkRevokeAnswer, 'When it was revoked'),
    example: { params: { routeId: 1, linkId: '{linkId}' } },
  },
  'DELETE /v1/dispatch/routes/:routeId/stops/:stopId': {
    summary: 'Take a pending stop off the route (a cancelled delivery)',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.RouteAnswer, 'The route without it'),
    refusals: [409],
    description: 'The start, the end and a stop with a completion stay: 409.',
    example: { params: { routeId: 1, stopId: 3 } },
  },
  'GET /v1/dispatch/csp-reports': {
    summary: 'What browsers reported breaking the Content-Security-Policy, latest last',
    tag: DISPATCH,
    caller: 'dispatcher',
    ok: answer(A.CspReportsAnswer, 'The kept reports'),
    example: {},
  },
  'POST /v1/drivers/signin': {
    summary: 'Sign in: step one with the email alone, step two with the password (answers the token pair)',
    tag: 'Tokens',
    caller: 'none',
    ok: answer(A.SignInAnswer, 'Step one: the email is known; step two: the tokens'),
    refusals: [401, 404, 429],
    example: { body: { email: 'sam@example.com', password: 'correct horse battery' } },
  },
  'POST /v1/token/refresh': {
    summary: 'A new token pair for a refresh token (each refresh token works once)',
    tag: 'Tokens',
    caller: 'none',
    ok: answer(A.TokenPairAnswer, 'The new pair'),
    refusals: [401],
    example: { body: { token: '{refreshToken}' } },
  },
  'POST /v1/token/revoke': {
    summary: "Sign out (RFC 7009): ends the token's session; 200 with no body for any token but a link's",
    tag: 'Tokens',
    caller: 'none',
    ok: answer(null, 'Revoked (or unknown)'),
    example: { body: { token: '{refreshToken}' } },
  },
  'GET /v1/drivers/password/forgot': {
    summary: 'Ask for a password reset (the same answer for every address)',
    tag: 'Tokens',
    caller: 'none',
    ok: answer(A.MessageAnswer, 'Asked'),
    refusals: [429],
    example: { query: { email: 'sam@example.com' } },
  },
  'GET /v1/drivers/:id': {
    summary: "The signed-in driver's own record",
    tag: DRIVER,
    caller: 'driver',
    ok: answer(A.DriverAnswer, 'The driver'),
    description: "Another driver's id: 403.",
    example: { params: { id: 1 } },
  },
  'GET /v1/organisations': {
    summary: "The caller's organisation: plan flags, config, time zone",
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.OrganisationAnswer, 'The organisation'),
    example: {},
  },
  'GET /v1/projects/routes': {
    summary: "The driver's routes by project (no stop lists)",
    tag: DRIVER,
    caller: 'driver',
    ok: answer(A.ProjectListAnswer, 'The projects with their routes'),
    example: {},
  },
  'GET /v1/projects/routes/:routeId': {
    summary: 'One route with its stops',
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.RouteAnswer, 'The route'),
    example: { params: { routeId: 1 } },
  },
  'POST /v1/projects/:projectId/routes/:routeId': {
    summary: 'Start (in_progress) or finish the route',
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer({ type: 'array', items: { $ref: '#/components/schemas/Route' } } as unknown as TSchema, 'The route'),
    refusals: [409],
    example: { params: P, body: { status: 'in_progress', lat: '52.0907', lng: '5.1214' } },
  },
  'PATCH /v1/projects/:projectId/routes/:routeId/location': {
    summary: "The driver's position on a started route (the socket's location message, over HTTP)",
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.OkAnswer, 'Recorded'),
    refusals: [409, 429],
    example: { params: P, body: { lat: '52.0921', lng: '5.1198' } },
  },
  'POST /v1/projects/:projectId/routes/:routeId/events': {
    summary: "A stop's live status event (the socket's service_change message, over HTTP)",
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.OkAnswer, 'Recorded'),
    refusals: [409, 429],
    example: { params: P, body: { type: 'service_change', data: { service_id: 2, status: 'pending' } } },
  },
  'POST /v1/projects/:projectId/routes/:routeId/services/:serviceId/arrival': {
    summary: 'The driver arrived at the stop (arrival detection)',
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.ArrivalAnswer, 'The first arrival recorded'),
    refusals: [409],
    example: { params: S, body: { arrived_at: '2030-03-04T09:05:00.000Z', by: 'driver' } },
  },
  'POST /v1/projects/:projectId/routes/:routeId/services/:serviceId/delivery-code': {
    summary: "Try the recipient's code before completing (counted like a completion's)",
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.DeliveryCodeAnswer, 'Right or wrong, and the tries left'),
    refusals: [429],
    example: { params: S, body: { code: 'K7Q4' } },
  },
  'POST /v1/projects/:projectId/routes/:routeId/services/:serviceId': {
    summary: 'Complete a stop (delivered or skipped) with its proofs and outcome',
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.StopUpdateAnswer, 'The route, or the stored stop alone (partial) once the route is finished'),
    refusals: [409, 422, 429],
    idempotent: true,
    description:
      'A retry with the same Idempotency-Key answers the stored result (header Idempotent-Replayed: true); the same key with another body: 422.',
    example: {
      params: S,
      headers: { 'idempotency-key': '0b7c6f0e-7a8a-4f4e-9a55-2f1c3c4d5e6f' },
      body: {
        status: 'finished',
        completed_at: '2030-03-04T09:06:00.000Z',
        delivery_place: { place: 'recipient' },
        delivery_code: 'K7Q4',
        completion_note: 'Handed over',
        images: { '0': PHOTO },
      },
    },
  },
  'POST /v1/osrmb': {
    summary: 'Directions between points (through the configured OSRM, or a straight-line fallback)',
    tag: DRIVER,
    caller: 'driverOrLink',
    ok: answer(A.OsrmAnswer, 'The directions'),
    refusals: [429],
    example: { query: { overview: 'full' }, body: { coordinates: '5.1214,52.0907;5.1182,52.0938' } },
  },
  'GET /v1/images/:id': {
    summary: "A proof image (photo or signature): the driver's or link's own route, or any with the dispatcher token",
    tag: 'Images',
    caller: 'imageReader',
    ok: answer('image', 'The image (image/jpeg or image/png), immutable'),
    example: { params: { id: 1 } },
  },
  'GET /app-config.json': {
    summary: "The app's runtime settings",
    tag: 'App',
    caller: 'none',
    ok: answer(A.AppConfigAnswer, 'The settings'),
    example: {},
  },
  'POST /v1/csp-reports': {
    summary: 'Where browsers report Content-Security-Policy violations (application/csp-report)',
    tag: 'App',
    caller: 'none',
    ok: answer(null, 'Taken', 204),
    refusals: [429],
    example: { body: { 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'https://x.example' } } },
  },
  'GET /v1/openapi.json': {
    summary: 'This document',
    tag: 'App',
    caller: 'none',
    ok: answer({ type: 'object' } as unknown as TSchema, 'The OpenAPI 3.1 document'),
    example: {},
  },
  'GET /v1/socket': {
    summary: "The driver's live channel for one route (WebSocket; messages under x-websocket)",
    tag: 'Socket',
    caller: 'driverOrLink',
    ok: answer(A.MessageAnswer, 'A plain GET without the upgrade is answered 426', 426),
    description:
      "Open with a WebSocket upgrade; the token rides in the query (token=). The Origin must be the app's own (or ALLOWED_ORIGINS). Every refusal comes before the upgrade as an HTTP 400/401/403/404 with the usual error body. The messages both ways are in the document's x-websocket section.",
    example: { query: { routeId: 1, projectId: 1, owner: 'driver' } },
  },
};
