/**
 * Dispatcher calls on routes (mounted under /v1/dispatch by dispatch-routes.ts, behind its token check).
 * Every change is written in one transaction together with its socket event (repo/route-version.ts, changeRoute):
 * the event reaches the driver only once the change is committed, so a driver who refetches on it reads the new
 * state, and it carries the version the change brought the route to.
 */
import type { FastifyInstance } from 'fastify';
import type {
  CreateRouteRequest,
  DispatchRouteDetail,
  DispatchRouteSummary,
  DriverAssignRequest,
  LinkAnswer,
  LinkRevokeAnswer,
  PublicationSettingsRequest,
  ReorderRequest,
  RoutesRequest,
  UpdateStopRequest,
} from '../../src-shared/protocol/dispatch.ts';
import type { PublicationSettings, Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { DispatchEvent } from '../../src-shared/protocol/socket.ts';
import {
  type LinkPath,
  ROUTES_DEFAULT_LIMIT,
  type RoutePath,
  type StopPath,
} from '../../src-shared/schemas/dispatch.ts';
import { isoNow, type ServerContext } from '../context.ts';
import { badRequest, notFound } from '../domain/errors.ts';
import { assertUniqueUnitIds } from '../domain/unit-ids.ts';
import { listRouteSummaries, loadRouteDetail } from '../repo/dispatch.ts';
import {
  assignDriver,
  createDispatchedRoute,
  createLink,
  removeStop,
  reorderStops,
  replaceSettings,
  republishRoute,
  revokeLink,
  updateStop,
} from '../repo/route-changes.ts';
import { changeRoute } from '../repo/route-version.ts';
import { loadRoute, ROUTE_NOT_FOUND } from '../repo/routes.ts';
import { inTransaction, type Trx } from '../repo/transaction.ts';
import {
  createRouteBody,
  driverAssignBody,
  linkParams,
  publicationSettingsBody,
  reorderBody,
  routeParams,
  routesQuery,
  stopParams,
  updateStopBody,
} from './dispatch-schemas.ts';

export function registerDispatchRouteCalls(app: FastifyInstance, ctx: ServerContext): void {
  registerRouteListingAndCreation(app, ctx);
  registerStopAndOrderCalls(app, ctx);
  registerRouteSettingsCalls(app, ctx);
  registerLinkCalls(app, ctx);
}

/**
 * A change to one route, under that route's row lock: of two processes changing a route at once (a reorder and a
 * stop removal, or a completion, which takes the same lock) one waits for the other's commit and reads its result.
 * The events `announce` makes of the result, with the version the change brought the route to, are written in the
 * same transaction, so they reach the driver exactly when the change is stored, in the order changes were stored.
 */
const onRoute = <T>(
  ctx: ServerContext,
  routeId: number,
  work: (trx: Trx) => Promise<T>,
  announce: (result: T, version: number) => DispatchEvent[] = () => [],
) => changeRoute(ctx, routeId, work, announce);

async function currentRoute(ctx: ServerContext, routeId: number): Promise<Route> {
  const route = await loadRoute(ctx.db, routeId, isoNow(ctx));
  if (!route) throw notFound(ROUTE_NOT_FOUND, 'id');
  return route;
}

/** The dispatcher's list of routes, a new route with its stops, and one route in detail. */
function registerRouteListingAndCreation(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: RoutesRequest }>(
    '/routes',
    { schema: { querystring: routesQuery } },
    async (request): Promise<DispatchRouteSummary[]> => {
      // The schema's default fills limit in; the fallback only satisfies the type.
      const { organisation_id, date, limit = ROUTES_DEFAULT_LIMIT } = request.query;
      return listRouteSummaries(ctx.db, { organisationId: organisation_id, date, limit });
    },
  );

  app.post<{ Body: CreateRouteRequest }>(
    '/routes',
    { schema: { body: createRouteBody } },
    async (request, reply): Promise<Route> => {
      const input = request.body;
      if (input.project_id !== undefined && (input.project_name !== undefined || input.date !== undefined))
        throw badRequest('Give either project_id or a new project (project_name, date), not both', 'project_id');
      for (const [i, stop] of input.stops.entries()) assertUniqueUnitIds(stop.units, `stops.${i}.units`);
      const route = await inTransaction(ctx.db, (trx) => createDispatchedRoute(trx, input, isoNow(ctx)));
      reply.code(201);
      return route;
    },
  );

  app.get<{ Params: RoutePath }>(
    '/routes/:routeId',
    { schema: { params: routeParams } },
    async (request): Promise<DispatchRouteDetail> => {
      const detail = await loadRouteDetail(ctx.db, request.params.routeId, isoNow(ctx));
      if (!detail) throw notFound(ROUTE_NOT_FOUND, 'id');
      return detail;
    },
  );
}

/** Changes to a route's stops and their order; each answers with the stop or the route as it now is. */
function registerStopAndOrderCalls(app: FastifyInstance, ctx: ServerContext): void {
  app.patch<{ Params: StopPath; Body: UpdateStopRequest }>(
    '/routes/:routeId/stops/:stopId',
    { schema: { params: stopParams, body: updateStopBody } },
    async (request): Promise<Stop> => {
      const { routeId, stopId } = request.params;
      assertUniqueUnitIds(request.body.units, 'units');
      return onRoute(
        ctx,
        routeId,
        (trx) => updateStop(trx, routeId, stopId, request.body, isoNow(ctx)),
        (stop, version) => [
          { type: 'stop_update', data: { route_id: routeId, version, stop, updated_at: stop.updated_at } },
        ],
      );
    },
  );

  app.put<{ Params: RoutePath; Body: ReorderRequest }>(
    '/routes/:routeId/order',
    { schema: { params: routeParams, body: reorderBody } },
    async (request): Promise<Route> => {
      const { routeId } = request.params;
      const { stop_ids } = request.body;
      await onRoute(
        ctx,
        routeId,
        (trx) => reorderStops(trx, routeId, stop_ids, isoNow(ctx)),
        (_, version) => [{ type: 'route_reorder', data: { route_id: routeId, version, stop_ids } }],
      );
      return currentRoute(ctx, routeId);
    },
  );

  // A stop taken off the route (a cancelled delivery): the app hears it as a reorder, and a driver on that stop's
  // window is told "Stop not found" and taken back to the route.
  app.delete<{ Params: StopPath }>(
    '/routes/:routeId/stops/:stopId',
    { schema: { params: stopParams } },
    async (request): Promise<Route> => {
      const { routeId, stopId } = request.params;
      await onRoute(
        ctx,
        routeId,
        (trx) => removeStop(trx, routeId, stopId, isoNow(ctx)),
        (stop_ids, version) => [{ type: 'route_reorder', data: { route_id: routeId, version, stop_ids } }],
      );
      return currentRoute(ctx, routeId);
    },
  );
}

/**
 * The route as a whole: its publication settings (its day and what a completion asks for), a republish (which only
 * moves its version on, so the app refetches it) and its driver.
 */
function registerRouteSettingsCalls(app: FastifyInstance, ctx: ServerContext): void {
  app.put<{ Params: RoutePath; Body: PublicationSettingsRequest }>(
    '/routes/:routeId/publication-settings',
    { schema: { params: routeParams, body: publicationSettingsBody } },
    async (request): Promise<PublicationSettings> => {
      const { routeId } = request.params;
      return onRoute(
        ctx,
        routeId,
        (trx) => replaceSettings(trx, routeId, request.body, isoNow(ctx)),
        (settings, version) => [
          { type: 'publication_settings', data: { route_id: routeId, version, publication_settings: settings } },
        ],
      );
    },
  );

  app.post<{ Params: RoutePath }>(
    '/routes/:routeId/republish',
    { schema: { params: routeParams } },
    async (request): Promise<Route> => {
      const { routeId } = request.params;
      await onRoute(
        ctx,
        routeId,
        (trx) => republishRoute(trx, routeId, isoNow(ctx)),
        (_, version) => [{ type: 'republish', data: { route_id: routeId, version } }],
      );
      return currentRoute(ctx, routeId);
    },
  );

  app.put<{ Params: RoutePath; Body: DriverAssignRequest }>(
    '/routes/:routeId/driver',
    { schema: { params: routeParams, body: driverAssignBody } },
    async (request): Promise<Route> => {
      const { routeId } = request.params;
      const { driver_id } = request.body;
      await onRoute(
        ctx,
        routeId,
        (trx) => assignDriver(trx, routeId, driver_id, isoNow(ctx)),
        (_, version) => [{ type: 'driver_change', data: { route_id: routeId, version, driver_id } }],
      );
      return currentRoute(ctx, routeId);
    },
  );
}

/** Shared links to the route: a new one answers its URL with a signed link token; a revoked one stops working. */
function registerLinkCalls(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Params: RoutePath }>(
    '/routes/:routeId/links',
    { schema: { params: routeParams } },
    async (request, reply): Promise<LinkAnswer> => {
      const { routeId } = request.params;
      const { route, linkId } = await inTransaction(ctx.db, (trx) => createLink(trx, routeId, isoNow(ctx)));
      const token = await ctx.tokens.signLink({
        linkId,
        routeId,
        projectId: route.project_id,
        organisationId: route.organisation_id,
      });
      const query = new URLSearchParams({ projectId: String(route.project_id), routeId: String(routeId), token });
      reply.code(201);
      return { url: `${ctx.config.publicUrl}/?${query}`, token, linkId };
    },
  );

  app.delete<{ Params: LinkPath }>(
    '/routes/:routeId/links/:linkId',
    { schema: { params: linkParams } },
    async (request): Promise<LinkRevokeAnswer> => {
      const { routeId, linkId } = request.params;
      const revokedAt = await onRoute(ctx, routeId, (trx) => revokeLink(trx, routeId, linkId, isoNow(ctx)));
      return { linkId, revoked_at: revokedAt };
    },
  );
}
