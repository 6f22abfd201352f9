/** Opens the database: SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { join } from 'node:path';
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config.ts';
import type { Dialect } from './migrations/001-initial.ts';
import * as initial from './migrations/001-initial.ts';
import * as organisationTimeZone from './migrations/002-organisation-time-zone.ts';
import * as slimCompletions from './migrations/003-slim-completions.ts';
import * as abuseLimits from './migrations/004-abuse-limits.ts';
import * as imagesByStop from './migrations/005-images-by-stop.ts';
import * as scaleOut from './migrations/006-scale-out.ts';
import * as barcodeScanning from './migrations/007-barcode-scanning.ts';
import * as keptProofs from './migrations/008-kept-proofs.ts';
import * as routeVersions from './migrations/009-route-versions.ts';
import * as trackingLimits from './migrations/010-tracking-limits.ts';
import * as deliveryOutcomes from './migrations/011-delivery-outcomes.ts';
import * as codesAndArrival from './migrations/012-codes-and-arrival.ts';
import * as stopArrivals from './migrations/013-stop-arrivals.ts';
import * as failureReasonsToChoose from './migrations/014-failure-reasons-to-choose.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
): Promise<OpenDatabase> {
  const dialect: Dialect = config.databaseUrl?.startsWith('postgres') ? 'postgres' : 'sqlite';
  let db: Db;
  if (dialect === 'postgres') {
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: config.databaseUrl!, max: config.databasePoolSize ?? 10 });
    // An idle connection the database ends (a restart, a failover, an administrator's terminate) is an 'error' event
    // on the pool: without a listener it would crash the process. The pool drops that connection and opens another
    // on the next query; a query in flight gets its own error, answered as any other.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL: an idle connection was closed (${error.message}); the pool opens a new one.`);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const file = join(config.dataDir, 'droplane.sqlite');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a completion the server has answered survives a power cut.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  await migrate(db, dialect);
  return { db, dialect };
}

/** Every migration in order, by name; exported so a test can build a database as an older version left it. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': { up: (d) => initial.up(d, dialect) },
    '002-organisation-time-zone': { up: (d) => organisationTimeZone.up(d) },
    '003-slim-completions': { up: (d) => slimCompletions.up(d, dialect) },
    '004-abuse-limits': { up: (d) => abuseLimits.up(d) },
    '005-images-by-stop': { up: (d) => imagesByStop.up(d) },
    '006-scale-out': { up: (d) => scaleOut.up(d, dialect) },
    '007-barcode-scanning': { up: (d) => barcodeScanning.up(d) },
    '008-kept-proofs': { up: (d) => keptProofs.up(d) },
    '009-route-versions': { up: (d) => routeVersions.up(d) },
    '010-tracking-limits': { up: (d) => trackingLimits.up(d) },
    '011-delivery-outcomes': { up: (d) => deliveryOutcomes.up(d) },
    '012-codes-and-arrival': { up: (d) => codesAndArrival.up(d) },
    '013-stop-arrivals': { up: (d) => stopArrivals.up(d) },
    '014-failure-reasons-to-choose': { up: (d) => failureReasonsToChoose.up(d) },
  };
}

async function migrate(db: Db, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
