/**
 * Images by stop (issue 21): every completion reads a stop's images and replaces them, and every route answer lists
 * them; without this index each of those scanned the whole images table, which grows with every proof ever taken.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('images_stop').on('images').columns(['stop_id', 'id']).execute();
}
