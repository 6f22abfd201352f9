/**
 * The driver's routes: the list, one route, start and finish, and what the app reports while driving
 * (positions and status events). Every call on one route checks access with routeFor, so another driver's
 * route answers the same 404 as an unknown one.
 */
import type { FastifyInstance } from 'fastify';
import type { LatLng } from '../../src-shared/domain/geo.ts';
import type { ProjectEntry, Route } from '../../src-shared/protocol/entities.ts';
import type { LocationRequest, RouteStatusAnswer, RouteStatusRequest } from '../../src-shared/protocol/http.ts';
import type { EventRequest, ProjectRoutePath, RouteIdPath } from '../../src-shared/schemas/driver.ts';
import { authenticate, authenticateDriver } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { parseCoordinate } from '../domain/coordinates.ts';
import { badRequest } from '../domain/errors.ts';
import { assertSubscriptionActive, organisationTimeZone } from '../repo/organisations.ts';
import { finishedListFrom, listProjectsForDriver } from '../repo/route-list.ts';
import { changeRouteStatus } from '../repo/route-progress.ts';
import { loadStops, routeFor } from '../repo/routes.ts';
import { serializeRoute } from '../repo/serialize.ts';
import { recordLocation, recordServiceChange } from '../repo/tracking.ts';
import { eventBody, locationBody, projectRouteParams, routeIdParams, routeStatusBody } from './driver-schemas.ts';

/** The driver's position for planning ETAs: both coordinates or neither. */
function startPosition(body: RouteStatusRequest): LatLng | null {
  if (body.lat === undefined && body.lng === undefined) return null;
  const lat = parseCoordinate(body.lat, 90);
  const lng = parseCoordinate(body.lng, 180);
  if (lat === null) throw badRequest('lat must be a latitude between -90 and 90, sent with lng', 'lat');
  if (lng === null) throw badRequest('lng must be a longitude between -180 and 180, sent with lat', 'lng');
  return { lat, lng };
}

export function registerRouteRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/v1/projects/routes', async (request): Promise<ProjectEntry[]> => {
    const principal = await authenticateDriver(ctx, request);
    await assertSubscriptionActive(ctx.db, principal.organisationId);
    return listProjectsForDriver(ctx.db, principal.driverId, finishedListFrom(ctx.now()));
  });

  app.get<{ Params: RouteIdPath }>(
    '/v1/projects/routes/:routeId',
    { schema: { params: routeIdParams } },
    async (request): Promise<Route> => {
      const principal = await authenticate(ctx, request);
      const record = await routeFor(ctx, principal, request.params.routeId);
      await assertSubscriptionActive(ctx.db, principal.organisationId);
      const fetchedAt = new Date(ctx.now()).toISOString();
      return serializeRoute(record, await loadStops(ctx.db, record.route.id), fetchedAt);
    },
  );

  app.post<{ Params: ProjectRoutePath; Body: RouteStatusRequest }>(
    '/v1/projects/:projectId/routes/:routeId',
    {
      schema: {
        params: projectRouteParams,
        body: routeStatusBody,
      },
    },
    async (request): Promise<RouteStatusAnswer> => {
      const principal = await authenticate(ctx, request);
      const { projectId, routeId } = request.params;
      const record = await routeFor(ctx, principal, routeId, projectId);
      // Checked on finish too, though only a start plans from the position.
      const from = startPosition(request.body);
      const timeZone = await organisationTimeZone(ctx, record.route.organisation_id);
      const now = new Date(ctx.now());
      const { status } = request.body;
      return [await changeRouteStatus(ctx.db, ctx.dialect, { routeId, status, now, from, timeZone })];
    },
  );

  app.patch<{ Params: ProjectRoutePath; Body: LocationRequest }>(
    '/v1/projects/:projectId/routes/:routeId/location',
    {
      schema: {
        params: projectRouteParams,
        body: locationBody,
      },
    },
    async (request): Promise<{ ok: true }> => {
      const principal = await authenticate(ctx, request);
      const { projectId, routeId } = request.params;
      await routeFor(ctx, principal, routeId, projectId);
      await recordLocation(ctx, routeId, principal, request.body, 'http');
      return { ok: true };
    },
  );

  app.post<{ Params: ProjectRoutePath; Body: EventRequest }>(
    '/v1/projects/:projectId/routes/:routeId/events',
    {
      // The socket's message cap: this call stands in for the socket message when the socket is closed.
      bodyLimit: ctx.config.wsMaxMessageBytes,
      schema: {
        params: projectRouteParams,
        body: eventBody,
      },
    },
    async (request): Promise<{ ok: true }> => {
      const principal = await authenticate(ctx, request);
      const { projectId, routeId } = request.params;
      await routeFor(ctx, principal, routeId, projectId);
      const { type, data } = request.body;
      if (type !== 'service_change')
        throw badRequest(`Unknown event type "${type}": only service_change is accepted`, 'type');
      await recordServiceChange(ctx, routeId, principal, data, 'http');
      return { ok: true };
    },
  );
}
