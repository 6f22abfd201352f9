/** The caller's organisation: plan flags, customer id (variants) and config. A shared link may read it too. */
import type { FastifyInstance } from 'fastify';
import type { Organisation } from '../../src-shared/protocol/entities.ts';
import { authenticate } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { callerOrganisation } from '../repo/organisations.ts';

export function registerOrganisationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/v1/organisations', async (request): Promise<Organisation> => {
    const principal = await authenticate(ctx, request);
    return callerOrganisation(ctx, principal.organisationId);
  });
}
