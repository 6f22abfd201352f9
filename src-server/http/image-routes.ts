/**
 * Proof images by id, for the driver (or shared link) who may reach the image's route, and for the dispatcher.
 * An image never changes once stored (an edit stores a new one), so clients may cache it for good.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IdPath } from '../../src-shared/schemas/driver.ts';
import { authenticate, bearerToken } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { notFound, Refusal } from '../domain/errors.ts';
import { findImage } from '../repo/images.ts';
import { routeFor } from '../repo/routes.ts';
import { idParams } from './driver-schemas.ts';

const IMAGE_NOT_FOUND = 'No image found with this id';

/** Constant-time comparison; hashing first gives equal lengths without revealing the secret's length. */
function isDispatchToken(ctx: ServerContext, token: string | null): boolean {
  if (!token) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(token), digest(ctx.config.dispatchToken));
}

export function registerImageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: IdPath }>(
    '/v1/images/:id',
    {
      schema: { params: idParams },
      // JPEG and PNG are compressed already: another pass would cost CPU and save nothing.
      compress: false,
    },
    async (request, reply) => {
      const dispatcher = isDispatchToken(ctx, bearerToken(request));
      const principal = dispatcher ? null : await authenticate(ctx, request);
      const image = await findImage(ctx.db, request.params.id);
      if (!image) throw notFound(IMAGE_NOT_FOUND, 'id');
      if (principal) {
        // The same answer as an unknown id, so image ids of other routes cannot be probed.
        await routeFor(ctx, principal, image.route_id).catch((error: unknown) => {
          throw error instanceof Refusal && error.kind === 'not_found' ? notFound(IMAGE_NOT_FOUND, 'id') : error;
        });
      }
      return reply
        .type(image.mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(image.data));
    },
  );
}
