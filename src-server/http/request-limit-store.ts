/**
 * A store for @fastify/rate-limit that counts in the database (`request_limits`) instead of in the process's memory,
 * so the per-address limits (sign-in, forgot password, CSP reports) hold however many server processes share the
 * database: with the plugin's own memory store, N processes behind a load balancer would let a client make N times
 * the limit. One upsert per request counts the hit and starts a new window when the last one has ended, so
 * concurrent requests on any process are each counted once (a fixed window, as the plugin's own stores do).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ServerContext } from '../context.ts';

/** Ended windows are deleted at most this often per process, so the table holds only the live ones. */
const SWEEP_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store class the plugin instantiates (`store` option); one child per limited route, keyed by its route. */
export function requestLimitStore(ctx: Pick<ServerContext, 'db' | 'now'>): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweep(now: number): Promise<void> {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await ctx.db.deleteFrom('request_limits').where('window_ends_at', '<=', now).execute();
  }

  async function hit(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = ctx.now();
    const row = await ctx.db
      .insertInto('request_limits')
      .values({ key, hits: 1, window_ends_at: now + timeWindow })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const ended = eb('request_limits.window_ends_at', '<=', now);
          return {
            hits: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('request_limits.hits', '+', 1))
              .end(),
            window_ends_at: eb
              .case()
              .when(ended)
              .then(now + timeWindow)
              .else(eb.ref('request_limits.window_ends_at'))
              .end(),
          };
        }),
      )
      .returning(['hits', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    await sweep(now);
    return { current: row.hits, ttl: Math.max(0, Number(row.window_ends_at) - now) };
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
