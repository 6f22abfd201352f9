/**
 * One unit of work for the layer above: its repo calls all commit or none do. The HTTP layer chooses what belongs
 * together (a change and the route it answers) without touching Kysely itself.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type Trx = Transaction<Database>;

export function inTransaction<T>(db: Kysely<Database>, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
