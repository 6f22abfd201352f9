/**
 * Arrival at a stop (issue 34, docs/delivery-outcomes.md): when the driver arrived, as the phone noticed it (recorded
 * by itself where the organisation turns that on) or as the driver said with Arrived on the prompt. The first
 * arrival stays (`arrived_at`, the phone's clock; `arrival_by`, 'driver' or 'phone'); null for every stop before.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stops').addColumn('arrived_at', 'text').execute();
  await db.schema.alterTable('stops').addColumn('arrival_by', 'text').execute();
}
