/**
 * A route's version (migration 009): one more for every change to the route or its stops, made in the change's own
 * transaction, so versions follow the order in which changes commit. Every change takes the route's row lock first
 * (PostgreSQL; SQLite runs its transactions one at a time), which is what makes "read the version, add one" safe
 * across processes: no two transactions of one route hold it at once.
 *
 * Socket events carry the version of the change they announce (`changeRoute`), and the driver's answers carry the
 * route's; the app shows an event only when it is newer than its copy and asks for the route when it sees a gap or
 * when its socket opens on a newer version (docs/server.md, "Events").
 */
import { sql } from 'kysely';
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';
import type { ServerContext } from '../context.ts';
import type { Dialect } from '../db/migrations/001-initial.ts';
import type { RoutesTable } from '../db/schema.ts';
import type { Q } from './routes.ts';
import type { Trx } from './transaction.ts';

/**
 * Takes the route's row lock until the transaction ends (PostgreSQL; SQLite's transactions take turns on its one
 * connection anyway), so concurrent changes to one route, from any process, run one after the other.
 */
async function lockRouteRow(trx: Trx, dialect: Dialect, routeId: number): Promise<void> {
  if (dialect === 'postgres')
    await trx.selectFrom('routes').select('id').where('id', '=', routeId).forUpdate().execute();
}

/**
 * Marks a change to the route in the caller's transaction (which holds the route's lock): its `updated_at`, one more
 * version, and any other route fields the change sets. Answers the new version.
 */
export async function markRouteChanged(
  trx: Trx,
  routeId: number,
  nowIso: string,
  fields: Partial<Omit<RoutesTable, 'id' | 'version' | 'updated_at'>> = {},
): Promise<number> {
  const row = await trx
    .updateTable('routes')
    .set({ ...fields, updated_at: nowIso, version: sql<number>`version + 1` })
    .where('id', '=', routeId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** The route's version now; 0 for a route that is not there. */
export async function routeVersion(db: Q, routeId: number): Promise<number> {
  const row = await db.selectFrom('routes').select('version').where('id', '=', routeId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * One dispatcher change to a route: under the route's row lock, `work` changes it (marking it changed), and the events
 * `announce` makes of its result, stamped with the version the change ends on, are written in the same transaction
 * (EventHub.stage): they reach the route's sockets if and only if the change commits, in the order changes commit.
 */
export async function changeRoute<T>(
  ctx: Pick<ServerContext, 'db' | 'dialect' | 'hub'>,
  routeId: number,
  work: (trx: Trx) => Promise<T>,
  announce: (result: T, version: number) => ServerMessage[],
): Promise<T> {
  let deliver = () => {};
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockRouteRow(trx, ctx.dialect, routeId);
    const value = await work(trx);
    deliver = await ctx.hub.stage(trx, routeId, announce(value, await routeVersion(trx, routeId)));
    return value;
  });
  deliver();
  return result;
}
