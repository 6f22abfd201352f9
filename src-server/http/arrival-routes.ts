/**
 * POST /v1/projects/:projectId/routes/:routeId/services/:serviceId/arrival (issue 34, docs/delivery-outcomes.md): the
 * driver arrived at a stop, as the phone noticed it (recorded by itself where the organisation turns that on) or as
 * the driver said with Arrived on the prompt. Only with the arrival gates on (arrivalSetup: the plan's flag and the
 * route's setting), only on a started route, and the first arrival stays (repo/stop-arrivals.ts).
 */
import type { FastifyInstance } from 'fastify';
import { arrivalSetup } from '../../src-shared/domain/arrival.ts';
import type { ArrivalRequest } from '../../src-shared/protocol/http.ts';
import type { ServicePath } from '../../src-shared/schemas/driver.ts';
import { authenticate } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, conflict, forbidden } from '../domain/errors.ts';
import { callerOrganisation } from '../repo/organisations.ts';
import { requireStopOnRoute, routeFor } from '../repo/routes.ts';
import { recordArrival, type StoredArrival } from '../repo/stop-arrivals.ts';
import { arrivalBody, serviceParams } from './driver-schemas.ts';

/** A phone's clock may run a little ahead of the server's; an arrival further ahead than this is no arrival yet. */
const CLOCK_AHEAD_MS = 5 * 60_000;

export function registerArrivalRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Params: ServicePath; Body: ArrivalRequest }>(
    '/v1/projects/:projectId/routes/:routeId/services/:serviceId/arrival',
    { schema: { params: serviceParams, body: arrivalBody } },
    async (request): Promise<StoredArrival> => {
      const principal = await authenticate(ctx, request);
      const { projectId, routeId, serviceId } = request.params;
      const { route, settings } = await routeFor(ctx, principal, routeId, projectId);
      const organisation = await callerOrganisation(ctx, principal.organisationId);
      const setup = arrivalSetup(organisation.plan, { arrival_detection: Boolean(settings.arrival_detection) }, null);
      if (!setup.on)
        throw forbidden("Arrival detection is not part of this organisation's plan or this route's settings");
      if (route.status !== 'in_progress') throw conflict('Arrivals are recorded only on a started route', 'status');
      await requireStopOnRoute(ctx.db, routeId, serviceId);
      const at = Date.parse(request.body.arrived_at);
      if (at > ctx.now() + CLOCK_AHEAD_MS) throw badRequest('arrived_at lies in the future', 'arrived_at');
      return recordArrival(ctx.db, serviceId, new Date(at).toISOString(), request.body.by);
    },
  );
}
