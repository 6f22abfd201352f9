/**
 * The per-address request counts of `request_limits` (http/request-limit-store.ts): fixed windows shared by every
 * server process on the database.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Counts one hit of `key` and returns the window's count and end. One upsert: it starts a new window when the last
 * one has ended, so concurrent requests on any process are each counted once, with no read-then-write between them.
 */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  now: number,
  timeWindow: number,
): Promise<{ hits: number; windowEndsAt: number }> {
  const row = await db
    .insertInto('request_limits')
    .values({ key, hits: 1, window_ends_at: now + timeWindow })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const ended = eb('request_limits.window_ends_at', '<=', now);
        return {
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('request_limits.hits', '+', 1))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(now + timeWindow)
            .else(eb.ref('request_limits.window_ends_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowEndsAt: Number(row.window_ends_at) };
}

/** Deletes the windows that have ended, so the table holds only the live ones. */
export async function deleteEndedWindows(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('request_limits').where('window_ends_at', '<=', now).execute();
}
