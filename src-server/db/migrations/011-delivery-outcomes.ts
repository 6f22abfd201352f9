/**
 * Delivery outcomes (issue 34, docs/delivery-outcomes.md): a route's publication settings `failure_reasons` (a skipped
 * stop says why) and `delivery_places` (a delivered stop says where the parcel went), off for every route that existed
 * before, so they keep the spec's flows. The stop holds its current completion's reason and place as it holds its
 * other proofs (`failure_reason`, a code; `delivery_place`, JSON), null for every stop done before; each completion
 * record keeps its own in its body. (The plan flags and the organisation's list live in their JSON columns.)
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['failure_reasons', 'delivery_places'])
    await db.schema
      .alterTable('publication_settings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.alterTable('stops').addColumn('failure_reason', 'text').execute();
  await db.schema.alterTable('stops').addColumn('delivery_place', 'text').execute();
}
