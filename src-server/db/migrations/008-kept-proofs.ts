/**
 * Proof that is never rewritten or lost (issue 30). A stop the dispatcher removes is marked removed (`removed_at`)
 * instead of deleted, so a completion the driver queued offline for it still has a stop to be stored against. A
 * completion record that arrived after its route was finished, for a stop already done, is stored beside the stop's
 * current completion without changing the stop (`kept_beside`); every record that existed before was applied to its
 * stop, so they all start at 0. Which applied record is the stop's current one follows from the rows: the newest.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stops').addColumn('removed_at', 'text').execute();
  await db.schema
    .alterTable('completions')
    .addColumn('kept_beside', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
