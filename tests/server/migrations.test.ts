/**
 * A database as the previous version left it is migrated in place: completions that stored the whole route answer
 * (before migration 003) keep answering their replays from the slim record. On SQLite the old database is made in
 * a folder the test server then opens; with TEST_DATABASE_URL in a PostgreSQL database it then opens (where the
 * migration also moves the id sequence past the copied ids).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src-server/auth/passwords.ts';
import { migrations } from '../../src-server/db/database.ts';
import type { Database } from '../../src-server/db/schema.ts';
import { requestHash } from '../../src-server/repo/completions.ts';
import { createDriver, createOrganisation } from '../../src-server/repo/organisations.ts';
import { createRoute } from '../../src-server/repo/route-creation.ts';
import { loadRoute } from '../../src-server/repo/routes.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import { IDEMPOTENCY_HEADER, type StoredStopRoute } from '../../src-shared/protocol/http.ts';
import { PASSWORD, signIn, stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { createPostgresDatabase, startTestServer, type TestServer } from '../helpers/server.ts';

const dirs: string[] = [];
const servers: TestServer[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const drop of drops) await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const BODY = { status: 'finished', completion_note: 'Before the upgrade' };

/**
 * A database migrated up to 002 holding a started route whose stop 1 was completed with an Idempotency-Key, its
 * completion row as the old code wrote it (the whole route as the answer).
 */
async function databaseBefore003() {
  const dir = mkdtempSync(join(tmpdir(), 'droplane-migrate-'));
  dirs.push(dir);
  const postgres = await createPostgresDatabase();
  if (postgres) drops.push(postgres.drop);
  const dialect = postgres ? 'postgres' : 'sqlite';
  // biome-ignore lint/suspicious/noExplicitAny: the old schema has a column the typed one no longer has
  let db: Kysely<any>;
  if (postgres) {
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.url, max: 1 }) }),
    });
  } else {
    const sqlite = new SQLite(join(dir, 'droplane.sqlite'));
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  // Only the migrations before 003: a later one run first would leave them out of order.
  const older = Object.fromEntries(Object.entries(migrations(dialect)).filter(([name]) => name < '003'));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
  if (error) throw error;

  const typed = db as Kysely<Database>;
  // Today's repository code writes and reads publication_settings.barcode_scanning (migration 007),
  // stops.removed_at (008) and the delivery outcomes' columns (011 to 013): they are there while it builds the old rows, and
  // gone again before the server migrates the database.
  for (const column of [
    'barcode_scanning',
    'failure_reasons',
    'delivery_places',
    'delivery_codes',
    'arrival_detection',
  ])
    await db.schema
      .alterTable('publication_settings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  for (const column of [
    'removed_at',
    'failure_reason',
    'delivery_place',
    'delivery_code_hash',
    'delivery_code_wrong',
    'arrived_at',
    'arrival_by',
  ])
    await db.schema.alterTable('stops').addColumn(column, 'text').execute();
  const now = new Date().toISOString();
  const organisationId = await createOrganisation(typed, { name: 'Before 003' }, now);
  const email = `migrate-${randomUUID()}@example.test`;
  const driverInput = {
    email,
    password: PASSWORD,
    first_name: 'Old',
    last_name: 'Row',
    organisation_id: organisationId,
  };
  const driverId = await createDriver(typed, driverInput, now, await hashPassword(PASSWORD));
  const routeId = await typed.transaction().execute((trx) =>
    createRoute(
      trx,
      {
        organisation_id: organisationId,
        driver_id: driverId,
        date: localDate(new Date()),
        stops: stopsAroundUtrecht(3),
      },
      now,
    ),
  );
  await typed.updateTable('routes').set({ status: 'in_progress', started_at: now }).where('id', '=', routeId).execute();
  const route = (await loadRoute(typed, routeId, now))!;
  const stopId = route.stops[1]!.id;
  await typed
    .updateTable('stops')
    .set({ status: 'finished', completion_note: BODY.completion_note, completed_at: now, received_at: now })
    .where('id', '=', stopId)
    .execute();
  const answer: Route[] = [(await loadRoute(typed, routeId, now))!];
  const key = randomUUID();
  const path = `/v1/projects/${route.project_id}/routes/${routeId}/services/${stopId}`;
  await db
    .insertInto('completions')
    .values({
      stop_id: stopId,
      route_id: routeId,
      principal: `driver:${driverId}`,
      idempotency_key: key,
      request_hash: requestHash('POST', path, BODY),
      status: 'finished',
      body: JSON.stringify({ status: 'finished', completion_note: BODY.completion_note, images: [] }),
      finish_time: 36_000,
      completed_at: now,
      received_at: now,
      response: JSON.stringify(answer),
    })
    .execute();
  for (const column of [
    'barcode_scanning',
    'failure_reasons',
    'delivery_places',
    'delivery_codes',
    'arrival_detection',
  ])
    await db.schema.alterTable('publication_settings').dropColumn(column).execute();
  for (const column of [
    'removed_at',
    'failure_reason',
    'delivery_place',
    'delivery_code_hash',
    'delivery_code_wrong',
    'arrived_at',
    'arrival_by',
  ])
    await db.schema.alterTable('stops').dropColumn(column).execute();
  await db.destroy();
  return { dir, databaseUrl: postgres?.url, email, key, path, routeId, stopId, answer };
}

describe('migration 003 (slim completions)', () => {
  it('converts stored answers, which keep answering replays', async () => {
    const before = await databaseBefore003();
    const t = await startTestServer({ env: { DATA_DIR: before.dir }, databaseUrl: before.databaseUrl });
    servers.push(t);
    const { db } = t.server.ctx;
    const row = await db.selectFrom('completions').selectAll().executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('response');
    const storedStop = before.answer[0]!.stops[1]!;
    expect(JSON.parse(row.result)).toEqual(storedStop);
    expect(row.route_updated_at).toBe(before.answer[0]!.updated_at);
    // Migration 007: a route that existed before barcode scanning may scan.
    const settings = await db.selectFrom('publication_settings').select('barcode_scanning').executeTakeFirstOrThrow();
    expect(settings.barcode_scanning).toBe(1);
    // Migration 011: a route that existed before delivery outcomes has neither (the spec's flows).
    const outcomes = await db
      .selectFrom('publication_settings')
      .select(['failure_reasons', 'delivery_places', 'delivery_codes', 'arrival_detection'])
      .executeTakeFirstOrThrow();
    expect(outcomes).toEqual({ failure_reasons: 0, delivery_places: 0, delivery_codes: 0, arrival_detection: 0 });
    // Migration 008: every record that existed was applied to its stop, and no stop was removed.
    expect(row.kept_beside).toBe(0);
    const stops = await db.selectFrom('stops').select('removed_at').where('route_id', '=', before.routeId).execute();
    expect(stops.map((s) => s.removed_at)).toEqual(Array(5).fill(null));

    const { accessToken } = await signIn(t, before.email);
    const replay = (token = accessToken) =>
      t.request<Route[] | StoredStopRoute[]>('POST', before.path, {
        token,
        body: BODY,
        headers: { [IDEMPOTENCY_HEADER]: before.key },
      });
    const again = await replay();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body[0]!.stops.find((s) => s.id === before.stopId)).toEqual(storedStop);

    // The stop removed: the record outlives it (no foreign key to stops any more), and still answers.
    await db.deleteFrom('stops').where('id', '=', before.stopId).execute();
    const gone = await replay();
    expect(gone.body).toEqual([
      {
        id: before.routeId,
        project_id: before.answer[0]!.project_id,
        updated_at: row.route_updated_at,
        partial: true,
        stops: [storedStop],
      },
    ]);

    // New completions are numbered after the copied ones.
    const next = await t.request('POST', before.path.replace(/\d+$/, String(before.stopId + 1)), {
      token: accessToken,
      body: { status: 'skipped' },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(next.status).toBe(200);
    const ids = (await db.selectFrom('completions').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([row.id, row.id + 1]);
  });
});

describe('indexes', () => {
  it('a stop’s images are read through an index, not a scan of every image ever stored (migration 005)', async () => {
    const sqlite = new SQLite(':memory:');
    // biome-ignore lint/suspicious/noExplicitAny: only the migrations and a query plan
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = migrations('sqlite');
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => all } }).migrateToLatest();
    if (error) throw error;
    const plan = sqlite.prepare('EXPLAIN QUERY PLAN SELECT id, kind FROM images WHERE stop_id = ?').all(1) as {
      detail: string;
    }[];
    expect(plan.map((row) => row.detail).join('; ')).toMatch(/USING (COVERING )?INDEX images_stop/);
    await db.destroy();
  });
});
