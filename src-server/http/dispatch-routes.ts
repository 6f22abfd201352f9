/**
 * The dispatcher API (reference-backend.md, "Dispatcher API") under `Authorization: Bearer DISPATCH_TOKEN`:
 * organisations and drivers here, routes in dispatch-route-calls.ts. Driver and link tokens are not dispatcher
 * tokens and get the same 401 as a wrong one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  CreateDriverRequest,
  CreateOrganisationRequest,
  DriversRequest,
  UpdateOrganisationRequest,
} from '../../src-shared/protocol/dispatch.ts';
import type { Driver, Organisation } from '../../src-shared/protocol/entities.ts';
import type { OrganisationPath } from '../../src-shared/schemas/dispatch.ts';
import { bearerToken } from '../auth/principal.ts';
import { isoNow, type ServerContext } from '../context.ts';
import { unauthorized } from '../domain/errors.ts';
import { listOrganisations, loadOrganisation, updateOrganisation } from '../repo/dispatch.ts';
import { listDrivers, registerDriver } from '../repo/drivers.ts';
import { createOrganisation } from '../repo/organisations.ts';
import { inTransaction } from '../repo/transaction.ts';
import { registerDispatchRouteCalls } from './dispatch-route-calls.ts';
import {
  createDriverBody,
  createOrganisationBody,
  driversQuery,
  idParams,
  updateOrganisationBody,
} from './dispatch-schemas.ts';

const DISPATCH_PREFIX = '/v1/dispatch';

/** Digests have one length, so timingSafeEqual can compare tokens of any length without leaking it. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function dispatcherCheck(ctx: ServerContext) {
  const expected = digest(ctx.config.dispatchToken);
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || !timingSafeEqual(digest(token), expected)) throw unauthorized('A valid dispatcher token is required');
  };
}

export function registerDispatchRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.register(
    async (scope) => {
      // onRequest: refused before the body is even read.
      scope.addHook('onRequest', dispatcherCheck(ctx));
      registerOrganisationCalls(scope, ctx);
      registerDriverCalls(scope, ctx);
      registerDispatchRouteCalls(scope, ctx);
      // What browsers reported breaking the Content-Security-Policy (security-headers.ts), latest last.
      scope.get('/csp-reports', async () => ctx.cspReports);
    },
    { prefix: DISPATCH_PREFIX },
  );
}

function registerOrganisationCalls(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/organisations', async (): Promise<Organisation[]> => listOrganisations(ctx.db, ctx.config.timeZone));

  app.post<{ Body: CreateOrganisationRequest }>(
    '/organisations',
    { schema: { body: createOrganisationBody } },
    async (request, reply): Promise<Organisation> => {
      const id = await createOrganisation(ctx.db, request.body, isoNow(ctx));
      reply.code(201);
      return loadOrganisation(ctx.db, id, ctx.config.timeZone);
    },
  );

  app.patch<{ Params: OrganisationPath; Body: UpdateOrganisationRequest }>(
    '/organisations/:id',
    { schema: { params: idParams, body: updateOrganisationBody } },
    async (request): Promise<Organisation> =>
      inTransaction(ctx.db, (trx) => updateOrganisation(trx, request.params.id, request.body, ctx.config.timeZone)),
  );
}

function registerDriverCalls(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: DriversRequest }>(
    '/drivers',
    { schema: { querystring: driversQuery } },
    async (request): Promise<Driver[]> => listDrivers(ctx.db, request.query.organisation_id),
  );

  app.post<{ Body: CreateDriverRequest }>(
    '/drivers',
    { schema: { body: createDriverBody } },
    async (request, reply): Promise<Driver> => {
      const driver = await registerDriver(ctx.db, request.body, isoNow(ctx));
      reply.code(201);
      return driver;
    },
  );
}
