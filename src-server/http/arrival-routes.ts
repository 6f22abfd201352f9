/**
 * POST /v1/projects/:projectId/routes/:routeId/services/:serviceId/arrival (issue 34, docs/delivery-outcomes.md): the
 * driver arrived at a stop, as the phone noticed it (recorded by itself where the organisation turns that on) or as
 * the driver said with Arrived on the prompt. By the app's own rules (issue 44, docs/server.md "Arrival"): only with
 * the arrival gates on (arrivalSetup: the plan's flag and the route's setting), `by: "phone"` only where the
 * organisation records arrivals by itself, `arrived_at` in the route's time as a completion's device times are,
 * and only for a pending delivery or pickup of a started route; the first arrival stays, and one recorded is a route
 * change that reaches the route's sockets (repo/stop-arrivals.ts).
 */
import type { FastifyInstance } from 'fastify';
import { arrivalSetup } from '../../src-shared/domain/arrival.ts';
import type { ArrivalRequest } from '../../src-shared/protocol/http.ts';
import type { ServicePath } from '../../src-shared/schemas/driver.ts';
import { authenticate } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { assertDeviceTime } from '../domain/device-times.ts';
import { forbidden } from '../domain/errors.ts';
import { callerOrganisation } from '../repo/organisations.ts';
import { requireStopOnRoute, routeFor } from '../repo/routes.ts';
import { recordArrival, type StoredArrival } from '../repo/stop-arrivals.ts';
import { arrivalBody, serviceParams } from './driver-schemas.ts';

export function registerArrivalRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Params: ServicePath; Body: ArrivalRequest }>(
    '/v1/projects/:projectId/routes/:routeId/services/:serviceId/arrival',
    { schema: { params: serviceParams, body: arrivalBody } },
    async (request): Promise<StoredArrival> => {
      const principal = await authenticate(ctx, request);
      const { projectId, routeId, serviceId } = request.params;
      const { route, projectDate, settings } = await routeFor(ctx, principal, routeId, projectId);
      const organisation = await callerOrganisation(ctx, principal.organisationId);
      const setup = arrivalSetup(
        organisation.plan,
        { arrival_detection: Boolean(settings.arrival_detection) },
        organisation.config,
      );
      if (!setup.on)
        throw forbidden("Arrival detection is not part of this organisation's plan or this route's settings");
      // The app sends "phone" only where the organisation records arrivals by itself; elsewhere the driver says so.
      if (request.body.by === 'phone' && !setup.autoRecord)
        throw forbidden(
          'by "phone" is taken only where the organisation records arrivals by itself (arrival_auto_record): the driver answers the prompt with Arrived',
          'by',
        );
      await requireStopOnRoute(ctx.db, routeId, serviceId);
      const now = ctx.now();
      // The window a completion's device times are judged by: a clock far off names no time of this route.
      const days = { days: [projectDate, settings.project_date], startedAt: route.started_at };
      assertDeviceTime('arrived_at', request.body.arrived_at, days, organisation.time_zone, now);
      const arrivedAt = new Date(Date.parse(request.body.arrived_at)).toISOString();
      const nowIso = new Date(now).toISOString();
      return recordArrival(ctx, { routeId, stopId: serviceId, arrivedAt, by: request.body.by, nowIso });
    },
  );
}
