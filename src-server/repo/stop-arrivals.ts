/** A stop's arrival (issue 34): the first one recorded stays, whoever sends another (a retry, a second tab). */
import type { Kysely, Transaction } from 'kysely';
import type { ArrivalBy } from '../../src-shared/protocol/entities.ts';
import type { Database } from '../db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export interface StoredArrival {
  arrived_at: string;
  arrival_by: ArrivalBy;
}

/**
 * Records the arrival where the stop has none and answers the one it has. Safe without a transaction: the write is
 * one statement that only fills an empty `arrived_at`, so of two sent at once the first to land is kept and the
 * other changes nothing; the read after it sees whichever that was.
 */
export async function recordArrival(db: Q, stopId: number, arrivedAt: string, by: ArrivalBy): Promise<StoredArrival> {
  await db
    .updateTable('stops')
    .set({ arrived_at: arrivedAt, arrival_by: by })
    .where('id', '=', stopId)
    .where('arrived_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('stops')
    .select(['arrived_at', 'arrival_by'])
    .where('id', '=', stopId)
    .executeTakeFirstOrThrow();
  return { arrived_at: row.arrived_at!, arrival_by: row.arrival_by as ArrivalBy };
}
