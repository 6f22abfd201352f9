/**
 * What several server processes on one database share (issue 18), so no process keeps state of its own:
 * - `request_limits`: the per-client-address request counts of @fastify/rate-limit (sign-in, forgot password, CSP
 *   reports), counted in the database (http/request-limit-store.ts) instead of in each process's memory, where N
 *   processes behind a load balancer would let a client make N times the limit.
 * - `server_secrets`: the token-signing key and the dispatcher token when the environment gives none, so a token
 *   issued by one process is taken by every other (PostgreSQL deployments; SQLite keeps DATA_DIR/secrets.json).
 * - `hub_events`: the socket events of the last hour, numbered, as published through LISTEN/NOTIFY
 *   (socket/postgres-hub.ts): a process whose listening connection was lost for a moment catches up from here, and
 *   an event too large for a notification's 8000 bytes is read from here.
 */
import type { Kysely } from 'kysely';
import { type Dialect, notNull } from './001-initial.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('request_limits')
    // "<route>|<client address>".
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', notNull)
    // Milliseconds since the epoch: the window's count starts afresh at this instant.
    .addColumn('window_ends_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('request_limits_window').on('request_limits').column('window_ends_at').execute();
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
  // bigserial: every dispatcher change of every route takes a number, for as long as the deployment lives.
  await db.schema
    .createTable('hub_events')
    .$call((t) =>
      dialect === 'postgres'
        ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('route_id', 'integer', notNull)
    // The ServerMessage as JSON.
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('hub_events_created').on('hub_events').column('created_at').execute();
}
