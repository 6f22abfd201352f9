/**
 * The stop update: the driver's completion (delivered or skipped) with its proof. Every completion must reach
 * the server exactly once, so an Idempotency-Key makes a retry replay the answer and write nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type DeliveryCodeAnswer,
  type DeliveryCodeRequest,
  IDEMPOTENCY_HEADER,
  type StopUpdateAnswer,
  type StopUpdateRequest,
} from '../../src-shared/protocol/http.ts';
import type { ServicePath } from '../../src-shared/schemas/driver.ts';
import { authenticate, principalKey } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { assertDeviceTimes } from '../domain/device-times.ts';
import { badRequest, forbidden } from '../domain/errors.ts';
import { LINK_ROUTE_FINISHED_MESSAGE } from '../domain/route-rules.ts';
import { prepareStopUpdate } from '../domain/stop-update.ts';
import {
  findStoredAnswer,
  isUniqueViolation,
  parseIdempotencyKey,
  replayAnswer,
  replayable,
  requestHash,
} from '../repo/completions.ts';
import { assertCodeGatesOpen, assertDeliveryCode, tryDeliveryCode } from '../repo/delivery-codes.ts';
import { organisationTimeZone } from '../repo/organisations.ts';
import { requireStopOnRoute, routeFor } from '../repo/routes.ts';
import { storeStopUpdate } from '../repo/stop-completion.ts';
import { deliveryCodeBody, serviceParams, stopUpdateBody } from './driver-schemas.ts';

/** A replay is a success (200) marked as such, so the app's queue drops the item once and for all. */
function replayed(reply: FastifyReply, answer: StopUpdateAnswer): StopUpdateAnswer {
  reply.header('idempotent-replayed', 'true');
  return answer;
}

export function registerStopRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Params: ServicePath; Body: StopUpdateRequest }>(
    '/v1/projects/:projectId/routes/:routeId/services/:serviceId',
    {
      schema: {
        params: serviceParams,
        body: stopUpdateBody,
      },
    },
    async (request, reply): Promise<StopUpdateAnswer> => {
      // Keys are per sender, so the sender is known first; a replay must come from the same one.
      const principal = await authenticate(ctx, request);
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const { projectId, routeId, serviceId } = request.params;
      const sender = principalKey(principal);
      const hash = requestHash(
        'POST',
        `/v1/projects/${projectId}/routes/${routeId}/services/${serviceId}`,
        request.body,
      );
      const target = { projectId, routeId, stopId: serviceId };
      // A retry is answered before any access, stop or state check: since the first attempt the route may have
      // been reassigned or finished, or the stop removed, and the completion is stored all the same.
      const stored = key ? await findStoredAnswer(ctx.db, sender, key) : undefined;
      if (stored) return replayed(reply, await replayAnswer(ctx, principal, replayable(stored, hash), target));
      const { route, projectDate, settings } = await routeFor(ctx, principal, routeId, projectId);
      // Said before anything about the body: a link may change nothing of a finished route (the write checks again
      // under the route's lock).
      if (principal.kind === 'link' && route.status === 'finished') throw forbidden(LINK_ROUTE_FINISHED_MESSAGE);

      // A stop the dispatcher removed is found too: the write stores what the driver did for it all the same.
      await requireStopOnRoute(ctx.db, routeId, serviceId);
      // Checked and decoded before the transaction, which then holds the route's lock only for the writes.
      const now = new Date(ctx.now());
      const timeZone = await organisationTimeZone(ctx, principal.organisationId);
      const days = { days: [projectDate, settings.project_date], startedAt: route.started_at };
      assertDeviceTimes(request.body, days, timeZone, now.getTime());
      const update = prepareStopUpdate(request.body, now, timeZone);
      // Before the write's transaction: a wrong code stays counted though the completion is refused, and a code with
      // the code gates off is refused before it is tried (delivery-codes.ts). Tried once per request, after the
      // Idempotency-Key's lookup: a replay tries nothing, a request racing one with its key claims a try of its own.
      const codeGates = { route, settings };
      update.delivery_code_checked = await assertDeliveryCode(ctx.db, codeGates, serviceId, request.body.delivery_code);
      const write = {
        routeId,
        stopId: serviceId,
        principal: sender,
        senderKind: principal.kind,
        idempotencyKey: key,
        requestHash: hash,
        body: request.body,
        update,
        now,
      };
      try {
        return await storeStopUpdate(ctx, write);
      } catch (error) {
        // A concurrent request with the same key committed first: this request is a replay of it.
        if (!key || !isUniqueViolation(error)) throw error;
        const winner = await findStoredAnswer(ctx.db, sender, key);
        if (!winner) throw error;
        return replayed(reply, await replayAnswer(ctx, principal, replayable(winner, hash), target));
      }
    },
  );
  registerDeliveryCodeRoute(app, ctx);
}

/**
 * POST .../services/:serviceId/delivery-code (issue 34): the app tries a typed code before it queues the completion,
 * so a wrong one is answered at the door. Counted like a completion's, before it is judged (repo/delivery-codes.ts);
 * with the code gates off it is the 403 a completion carrying a code gets, and nothing is tried or counted; a stop
 * without a code is a 400, as a completion carrying one would be.
 */
function registerDeliveryCodeRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Params: ServicePath; Body: DeliveryCodeRequest }>(
    '/v1/projects/:projectId/routes/:routeId/services/:serviceId/delivery-code',
    { schema: { params: serviceParams, body: deliveryCodeBody } },
    async (request): Promise<DeliveryCodeAnswer> => {
      const principal = await authenticate(ctx, request);
      const { projectId, routeId, serviceId } = request.params;
      const { route, settings } = await routeFor(ctx, principal, routeId, projectId);
      if (principal.kind === 'link' && route.status === 'finished') throw forbidden(LINK_ROUTE_FINISHED_MESSAGE);
      await requireStopOnRoute(ctx.db, routeId, serviceId);
      await assertCodeGatesOpen(ctx.db, route, settings, 'code');
      const verdict = await tryDeliveryCode(ctx.db, serviceId, request.body.code);
      switch (verdict.kind) {
        case 'right':
        case 'wrong':
          return { right: verdict.kind === 'right', tries_left: verdict.triesLeft };
        case 'locked':
          return { right: false, tries_left: 0 };
        case 'no_code':
          throw badRequest('This stop has no delivery code', 'code');
      }
    },
  );
}
