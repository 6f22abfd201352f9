/** The caller's organisation: plan flags, customer id (variants) and config. A shared link may read it too. */
import type { FastifyInstance } from 'fastify';
import type { Organisation } from '../../src-shared/protocol/entities.ts';
import { authenticate } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { serializeOrganisation } from '../repo/serialize.ts';
import { notFound } from './errors.ts';

export function registerOrganisationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/v1/organisations', async (request): Promise<Organisation> => {
    const principal = await authenticate(ctx, request);
    const row = await ctx.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', principal.organisationId)
      .executeTakeFirst();
    if (!row) throw notFound('No organisation found', 'organisation');
    return serializeOrganisation(row, ctx.config.timeZone);
  });
}
