/**
 * The items of this session's senders: a completion stored as a new item (the send comes after, see `add`), and the
 * items read back, per route in send order or all of them.
 */
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import { changedHere, type OutboxDeps } from './outbox-deps.ts';
import { type OutboxItem, storedParts } from './outbox-item.ts';

export type SessionItemsDeps = Pick<OutboxDeps, 'store' | 'senderFor' | 'senders' | 'now' | 'newId' | 'emit'>;

export function createSessionItems(deps: SessionItemsDeps) {
  let counter = 0;
  return {
    /**
     * Stores a completion durably (it is safe once this resolves); the caller then starts the send (flush), once it
     * has shown the stop as done, so the server's answer can never be overtaken by that. Returns the item's id (its
     * Idempotency-Key), or null when no session may send for this route.
     */
    async add(
      routeId: number,
      projectId: number,
      stop: { id: number; number: number | null; name: string },
      body: StopUpdateRequest,
      /** The Blob behind a photo handle in `body.images` (see prepared-photos.ts). */
      photo: (handle: string) => Blob | null = () => null,
    ): Promise<string | null> {
      const sender = deps.senderFor(routeId);
      if (!sender) return null;
      const createdAt = deps.now();
      const item: OutboxItem = {
        id: deps.newId(),
        owner: sender.owner,
        routeId,
        projectId,
        stopId: stop.id,
        stop: { number: stop.number, name: stop.name },
        seq: createdAt * 1000 + (counter++ % 1000),
        createdAt,
        ...storedParts(body, photo),
        state: 'queued',
        attempts: 0,
        parked: null,
      };
      await (await deps.store()).add(item);
      deps.emit(changedHere(routeId));
      return item.id;
    },

    /** The route's items in send order, as this session sees them. */
    async items(routeId: number): Promise<OutboxItem[]> {
      const sender = deps.senderFor(routeId);
      return sender ? (await deps.store()).list(sender.owner, routeId) : [];
    },

    /** Every item of this session's senders (the outbox summary). */
    async all(): Promise<OutboxItem[]> {
      const store = await deps.store();
      return (await Promise.all(deps.senders().map((s) => store.listOwner(s.owner)))).flat();
    },
  };
}
