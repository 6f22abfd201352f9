/**
 * On PostgreSQL several processes share one database, and a token signed by one must be taken by every other: the
 * secrets the environment does not set are kept in the database (`server_secrets`). The first process to start
 * stores its own (from its DATA_DIR/secrets.json); every later one adopts them, and writes them to its own
 * secrets.json so `npm run dispatch` on that machine finds the dispatcher token. Secrets set in the environment are
 * used as they are: then every process must be given the same ones.
 */
import { type Config, loadSecrets, saveSecrets } from '../config.ts';
import type { Db } from './database.ts';

export async function adoptSharedSecrets(db: Db, config: Config): Promise<void> {
  const names = config.generatedSecrets;
  if (names.length === 0) return;
  // Whoever inserts first wins; the others' inserts do nothing and they read the winner's.
  await db
    .insertInto('server_secrets')
    .values(names.map((name) => ({ name, value: config[name] })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('server_secrets').select(['name', 'value']).where('name', 'in', names).execute();
  const shared = new Map(rows.map((row) => [row.name, row.value]));
  const file = loadSecrets(config.dataDir);
  for (const name of names) {
    config[name] = shared.get(name) ?? config[name];
    file[name] = config[name];
  }
  saveSecrets(config.dataDir, file);
}
