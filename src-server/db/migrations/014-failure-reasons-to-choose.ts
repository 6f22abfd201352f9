/**
 * Issue 44: an organisation's `failure_reasons` is null (the default list) or holds at least one reason. The
 * dispatcher API took `[]` before, which left a driver nothing to skip a stop with where reasons are on, so no route
 * of the organisation could be finished: a list stored empty becomes null, the default list.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; config: string }[] = await db
    .selectFrom('organisations')
    .select(['id', 'config'])
    .execute();
  for (const row of rows) {
    const config = JSON.parse(row.config) as { failure_reasons?: unknown };
    if (!Array.isArray(config.failure_reasons) || config.failure_reasons.length > 0) continue;
    // One statement per row, and only while the row still holds the config read: a change made in between is kept.
    await db
      .updateTable('organisations')
      .set({ config: JSON.stringify({ ...config, failure_reasons: null }) })
      .where('id', '=', row.id)
      .where('config', '=', row.config)
      .execute();
  }
}
