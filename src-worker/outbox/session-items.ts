/**
 * The items of this session's senders: a completion stored as a new item (the send comes after, see `add`), and the
 * items read back, per route in send order or all of them.
 */
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { CoreContext } from '../core-context.ts';
import { changedHere, type OutboxDeps, type OutboxEvent } from './outbox-deps.ts';
import { type OutboxItem, storedParts } from './outbox-item.ts';

export interface SessionItems {
  /**
   * Stores a completion durably (it is safe once this resolves); the caller then starts the send (flush), once it
   * has shown the stop as done, so the server's answer can never be overtaken by that. Returns the item's id (its
   * Idempotency-Key), or null when no session may send for this route. `photo`: the Blob behind a photo handle in
   * `body.images` (see prepared-photos.ts).
   */
  add(
    routeId: number,
    projectId: number,
    stop: { id: number; number: number | null; name: string },
    body: StopUpdateRequest,
    photo?: (handle: string) => Blob | null,
  ): Promise<string | null>;
  /** The route's items in send order, as this session sees them. */
  items(routeId: number): Promise<OutboxItem[]>;
  /** Every item of this session's senders (the outbox summary). */
  all(): Promise<OutboxItem[]>;
}

export function createSessionItems(core: CoreContext<OutboxEvent>, outbox: OutboxDeps): SessionItems {
  const { senders } = outbox;
  let counter = 0;
  return {
    async add(routeId, projectId, stop, body, photo = () => null) {
      const sender = senders.senderFor(routeId);
      if (!sender) return null;
      const createdAt = core.now();
      const item: OutboxItem = {
        id: core.newId(),
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
      await (await outbox.items()).add(item);
      core.emit(changedHere(routeId));
      return item.id;
    },

    async items(routeId) {
      const sender = senders.senderFor(routeId);
      return sender ? (await outbox.items()).list(sender.owner, routeId) : [];
    },

    async all() {
      const store = await outbox.items();
      return (await Promise.all(senders.senders().map((s) => store.listOwner(s.owner)))).flat();
    },
  };
}
