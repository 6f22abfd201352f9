/** Reading a stored proof image (they are written with their completion, repo/stop-completion.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface StoredImage {
  mime: string;
  data: Uint8Array;
  /** The route of the image's stop, whose access decides who may read it. */
  route_id: number;
}

export function findImage(db: Kysely<Database>, id: number): Promise<StoredImage | undefined> {
  return db
    .selectFrom('images')
    .innerJoin('stops', 'stops.id', 'images.stop_id')
    .select(['images.mime', 'images.data', 'stops.route_id'])
    .where('images.id', '=', id)
    .executeTakeFirst();
}
