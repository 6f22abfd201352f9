/**
 * What the abuse limits need (issue 16). `attempt_limits`: failed sign-ins and password-reset requests in a row per
 * email, kept in the database so every server process sees the same count (auth/attempt-limit.ts). The indexes let
 * the per-sender limits on positions and status events count a sender's recent rows (repo/tracking.ts).
 */
import type { Kysely } from 'kysely';
import { notNull } from './001-initial.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_limits')
    // "signin:<email>" or "forgot:<email>".
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', notNull)
    .addColumn('last_failure_at', 'text', notNull)
    // No attempt is taken before this instant.
    .addColumn('wait_until', 'text')
    .execute();
  await db.schema.createIndex('locations_principal').on('locations').columns(['principal', 'recorded_at']).execute();
  await db.schema
    .createIndex('route_events_principal')
    .on('route_events')
    .columns(['principal', 'received_at'])
    .execute();
}
