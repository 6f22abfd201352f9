/**
 * The idempotency record keeps only what a replay needs (issue 12): the stop as the first answer had it (`result`)
 * and the route's version in that answer (`route_updated_at`), no longer the whole route per completion (about
 * 275 KB a row on a 300-stop route). The table is rebuilt, because its stop_id no longer references stops: the
 * record of what a driver sent outlives a stop removed later, so a late retry still finds its answer. Existing rows
 * are converted: their stop and route version come from the answer they stored.
 */
import { type Kysely, sql } from 'kysely';
import { type Dialect, notNull, withId } from './001-initial.ts';

/** Rows per copy batch: an old row holds a whole route's JSON, so a batch stays a few tens of MB at most. */
const BATCH = 100;

interface OldRow {
  id: number;
  stop_id: number;
  status: string;
  finish_time: number | null;
  completed_at: string | null;
  received_at: string;
  response: string;
  [column: string]: unknown;
}

/** The stop and route version of a stored answer (a one-route array); what a row lacks comes from the row. */
function slim({ response, ...row }: OldRow) {
  let stop: unknown;
  let version = row.received_at;
  try {
    const answer = JSON.parse(response) as { updated_at?: string; stops?: { id: number }[] }[];
    const route = answer.find((r) => r.stops?.some((s) => s.id === row.stop_id));
    stop = route?.stops?.find((s) => s.id === row.stop_id);
    if (route?.updated_at) version = route.updated_at;
  } catch {
    // Not JSON: fall back to what the row itself says.
  }
  const { stop_id: id, status, finish_time, completed_at, received_at } = row;
  stop ??= { id, status, finish_time, completed_at, received_at };
  return { ...row, result: JSON.stringify(stop), route_updated_at: version };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('completions_next'), dialect)
    .addColumn('stop_id', 'integer', notNull)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('principal', 'text', notNull)
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('finish_time', 'integer')
    .addColumn('completed_at', 'text')
    .addColumn('received_at', 'text', notNull)
    .addColumn('result', 'text', notNull)
    .addColumn('route_updated_at', 'text', notNull)
    .execute();

  for (let last = 0; ; ) {
    const rows = (await db
      .selectFrom('completions')
      .selectAll()
      .where('id', '>', last)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as OldRow[];
    if (rows.length === 0) break;
    await db.insertInto('completions_next').values(rows.map(slim)).execute();
    last = rows.at(-1)!.id;
  }

  await db.schema.dropTable('completions').execute();
  await db.schema.alterTable('completions_next').renameTo('completions').execute();
  // One completion per key and sender: the database, not the handler, makes a retry write nothing twice.
  await db.schema
    .createIndex('completions_idempotency')
    .on('completions')
    .columns(['principal', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('completions_stop').on('completions').column('stop_id').execute();
  // The copied ids were given explicitly, which PostgreSQL's sequence does not see (SQLite's AUTOINCREMENT does).
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('completions', 'id'), coalesce(max(id), 0) + 1, false) from completions`.execute(
      db,
    );
}
