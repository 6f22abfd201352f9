/**
 * A store for @fastify/rate-limit that counts in the database (`request_limits`) instead of in the process's memory,
 * so the per-address limits (sign-in, forgot password, CSP reports) hold however many server processes share the
 * database: with the plugin's own memory store, N processes behind a load balancer would let a client make N times
 * the limit. One upsert per request (repo/request-limits.ts) counts the hit and starts a new window when the last one
 * has ended, so concurrent requests on any process are each counted once (a fixed window, as the plugin's own stores
 * do).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ServerContext } from '../context.ts';
import { countRequest, deleteEndedWindows } from '../repo/request-limits.ts';

/** Ended windows are deleted at most this often per process, so the table holds only the live ones. */
const SWEEP_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store class the plugin instantiates (`store` option); one child per limited route, keyed by its route. */
export function requestLimitStore(ctx: Pick<ServerContext, 'db' | 'now'>): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweep(now: number): Promise<void> {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await deleteEndedWindows(ctx.db, now);
  }

  async function hit(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = ctx.now();
    const { hits, windowEndsAt } = await countRequest(ctx.db, key, now, timeWindow);
    await sweep(now);
    return { current: hits, ttl: Math.max(0, windowEndsAt - now) };
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      /** "POST /v1/drivers/signin": each limited route counts on its own, as the plugin's memory store does. */
      private readonly route = '',
    ) {}

    incr(address: string, callback: Callback, timeWindow: number): void {
      hit(`${this.route}|${address}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(
      routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: unknown; url?: string } },
    ) {
      const info = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(info.method) ? info.method.join(',') : String(info.method ?? '');
      return new DatabaseStore(routeOptions as FastifyRateLimitOptions, `${method} ${info.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
