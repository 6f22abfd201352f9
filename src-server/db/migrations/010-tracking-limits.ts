/**
 * Issue 30: the status-event limit counts bytes a minute, and tracking data is kept for a set time.
 * - `route_events.bytes`: the stored body's size, so the per-sender limit sums a minute's bytes without reading
 *   bodies (rows stored before count 0; only the last minute's rows are ever summed).
 * - Indexes on the instants `locations.recorded_at` and `route_events.received_at`: the retention sweep
 *   (repo/retention.ts) deletes by age in small batches, each found through the index, not by reading the table.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('route_events')
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('route_events_received').on('route_events').column('received_at').execute();
  await db.schema.createIndex('locations_recorded').on('locations').column('recorded_at').execute();
}
