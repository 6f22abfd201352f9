/**
 * An organisation's time zone (IANA name): the zone its route dates and times of day are in. Null means the
 * server's TIME_ZONE, so organisations that existed before keep planning where the server says.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisations').addColumn('time_zone', 'text').execute();
}
