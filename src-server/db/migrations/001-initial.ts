/** The first schema. Column types are chosen per dialect only where SQLite and PostgreSQL differ (ids, blobs). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';

  await withId(db.schema.createTable('organisations'), dialect)
    .addColumn('name', 'text', notNull)
    .addColumn('customer_id', 'text')
    .addColumn('plan', 'text', notNull)
    .addColumn('config', 'text', notNull)
    .addColumn('subscription_status', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('drivers'), dialect)
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('projects'), dialect)
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('date', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('routes'), dialect)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('driver_id', 'integer', (c) => c.references('drivers.id'))
    .addColumn('index', 'integer', notNull)
    .addColumn('vehicle_name', 'text')
    .addColumn('vehicle_profile', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('completion_time', 'integer', notNull)
    .addColumn('distances', 'text', notNull)
    .addColumn('end_location_defined', 'integer', notNull)
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('routes_driver').on('routes').columns(['driver_id', 'status']).execute();

  await withId(db.schema.createTable('publication_settings'), dialect)
    .addColumn('route_id', 'integer', (c) => c.notNull().unique().references('routes.id'))
    .addColumn('project_date', 'text', notNull)
    .addColumn('fulfill_stops_in_any_order', 'integer', notNull)
    .addColumn('photo_collection', 'integer', notNull)
    .addColumn('completion_notes', 'integer', notNull)
    .addColumn('signature_capture', 'integer', notNull)
    .addColumn('age_verification', 'integer', notNull)
    .execute();

  await withId(db.schema.createTable('stops'), dialect)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('arr_time', 'integer')
    .addColumn('end_time', 'integer')
    .addColumn('finish_time', 'integer')
    .addColumn('service_time', 'integer', notNull)
    .addColumn('duration', 'integer', notNull)
    .addColumn('days_on_the_road', 'integer', notNull)
    .addColumn('lat', 'double precision', notNull)
    .addColumn('lng', 'double precision', notNull)
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('recipient_name', 'text')
    .addColumn('recipient_phone', 'text')
    .addColumn('notes', 'text')
    .addColumn('time_windows', 'text', notNull)
    .addColumn('units', 'text', notNull)
    .addColumn('requirements', 'text', notNull)
    .addColumn('image_ids', 'text', notNull)
    .addColumn('signature_image_id', 'integer')
    .addColumn('signature_name', 'text')
    .addColumn('age_verified', 'integer', notNull)
    .addColumn('recipient_date_of_birth', 'text')
    .addColumn('recipient_note', 'text')
    .addColumn('completion_note', 'text')
    .addColumn('cleaning_status', 'text')
    .addColumn('cleaning_definition', 'text')
    .addColumn('sticker', 'integer')
    .addColumn('completed_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('stops_route').on('stops').columns(['route_id', 'position']).execute();

  await withId(db.schema.createTable('images'), dialect)
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('stops.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('bytes', 'integer', notNull)
    .addColumn('data', blob, notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('completions'), dialect)
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('stops.id'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('principal', 'text', notNull)
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('finish_time', 'integer')
    .addColumn('completed_at', 'text')
    .addColumn('received_at', 'text', notNull)
    .addColumn('response', 'text', notNull)
    .execute();
  // One completion per key and sender: the database, not the handler, makes a retry write nothing twice.
  await db.schema
    .createIndex('completions_idempotency')
    .on('completions')
    .columns(['principal', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('completions_stop').on('completions').column('stop_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', notNull)
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('drivers.id'))
    .addColumn('issued_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await withId(db.schema.createTable('password_resets'), dialect)
    .addColumn('email', 'text', notNull)
    .addColumn('driver_id', 'integer')
    .addColumn('requested_at', 'text', notNull)
    .addColumn('client_ip', 'text')
    .execute();

  await withId(db.schema.createTable('locations'), dialect)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('principal', 'text', notNull)
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('error', 'text')
    .addColumn('source', 'text', notNull)
    .addColumn('recorded_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('locations_route').on('locations').columns(['route_id', 'recorded_at']).execute();

  await withId(db.schema.createTable('route_events'), dialect)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('principal', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('received_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .execute();
}
