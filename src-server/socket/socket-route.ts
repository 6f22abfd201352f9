import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

// TODO(issue 2): being written.
export async function registerSocket(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
