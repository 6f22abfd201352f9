/**
 * Tracking data is kept for TRACKING_RETENTION_DAYS (default 90; 0 keeps it for ever): positions (`locations`) and
 * status events (`route_events`) older than that are deleted in the background. Nothing else is: completions, images,
 * stops and routes are the proof of delivery and are never touched here.
 *
 * - Cheap: a pass deletes in batches of BATCH rows, each found through the time index of migration 010 (no table
 *   scan), at most MAX_BATCHES per table; what is left waits for the next pass, an hour later.
 * - Several processes on one PostgreSQL database: each batch is a transaction that first tries a transaction-level
 *   advisory lock; a process that does not get it (another one is sweeping) ends its pass. A row deleted twice is
 *   harmless anyway: the second delete finds nothing.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.ts';

const RETENTION_SWEEP_MS = 60 * 60 * 1000;
/** The first pass after start-up comes this soon (or at the sweep interval, when that is shorter). */
const FIRST_SWEEP_MS = 60 * 1000;
const BATCH = 1_000;
const MAX_BATCHES = 50;
/** The advisory lock class of the sweep (the per-sender limits use 18_002). */
const RETENTION_LOCK = 18_003;
const DAY_MS = 86_400_000;

const TRACKING = [
  { table: 'locations', at: 'recorded_at' },
  { table: 'route_events', at: 'received_at' },
] as const;

type Table = (typeof TRACKING)[number]['table'];
type RetentionContext = Pick<ServerContext, 'db' | 'dialect' | 'config' | 'now'>;

/** Deletes up to BATCH rows older than `cutoff`; null when another process holds the sweep's lock. */
function deleteBatch(ctx: RetentionContext, { table, at }: (typeof TRACKING)[number], cutoff: string) {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`.execute(trx);
      if (!rows[0]?.locked) return null;
    }
    const result = await sql`delete from ${sql.table(table)} where id in (
      select id from ${sql.table(table)} where ${sql.ref(at)} < ${cutoff} limit ${BATCH})`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** One pass: the rows older than the retention deleted (at most MAX_BATCHES batches a table), counted by table. */
export async function pruneTracking(ctx: RetentionContext): Promise<Record<Table, number>> {
  const deleted: Record<Table, number> = { locations: 0, route_events: 0 };
  const days = ctx.config.trackingRetentionDays;
  if (days <= 0) return deleted;
  // Instants are stored as ISO 8601 text in UTC, so text order is time order.
  const cutoff = new Date(ctx.now() - days * DAY_MS).toISOString();
  for (const tracking of TRACKING) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const count = await deleteBatch(ctx, tracking, cutoff);
      if (count === null) return deleted;
      deleted[tracking.table] += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}

export interface RetentionLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Runs pruneTracking soon after start-up and then every `everyMs`; `stop` waits for a pass under way. */
export function scheduleRetention(ctx: RetentionContext, log: RetentionLog, everyMs = RETENTION_SWEEP_MS) {
  if (ctx.config.trackingRetentionDays <= 0) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const pass = () => {
    if (running) return;
    running = pruneTracking(ctx)
      .then((deleted) => {
        if (deleted.locations + deleted.route_events > 0) log.info({ deleted }, 'old tracking data deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'tracking retention pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(pass, Math.min(everyMs, FIRST_SWEEP_MS));
  const timer = setInterval(pass, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
