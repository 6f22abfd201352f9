/**
 * A version per route (issue 30): every change to a route or its stops, the driver's and the dispatcher's, adds one
 * to it in the change's own transaction, under the route's row lock, and the socket events of that change carry it.
 * The app applies an event only when it is newer than the copy it shows, and asks for the route when it sees a gap,
 * so events that overtake each other (two processes) or are missed (a dead zone) cannot leave it on a stale stop.
 * Routes that existed before start at 0, as a new route does.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('routes')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
