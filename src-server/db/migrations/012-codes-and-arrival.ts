/**
 * A recipient's code and arrival noticed by the phone (issue 34, docs/delivery-outcomes.md): the route's publication
 * settings `delivery_codes` and `arrival_detection`, off for every route that existed before. A stop may hold the
 * code the dispatcher set, as a salted hash the server alone reads (`delivery_code_hash`, null: no code), and how many
 * wrong codes were typed for it (`delivery_code_wrong`), counted in one statement per try. (The plan flags and the
 * organisation's `code_exempt_places`, `arrival_radius_m` and `arrival_auto_record` live in their JSON columns.)
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['delivery_codes', 'arrival_detection'])
    await db.schema
      .alterTable('publication_settings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.alterTable('stops').addColumn('delivery_code_hash', 'text').execute();
  await db.schema
    .alterTable('stops')
    .addColumn('delivery_code_wrong', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
