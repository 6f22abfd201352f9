/**
 * Barcode scanning (issue 19): a route's publication setting `barcode_scanning`, beside the other proof toggles. Routes
 * that existed before have it on, as a plan without the `ft_barcode_scanning` flag has: a stop's barcode requirement
 * then applies wherever the dispatcher set it. (A unit's scan fields live in the stop's units JSON, and a completion's
 * captured and received times were there already: completed_at and received_at.)
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('publication_settings')
    .addColumn('barcode_scanning', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
