import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

// TODO(issue 2): being written.
export function registerDispatchRoutes(_app: FastifyInstance, _ctx: ServerContext): void {}
