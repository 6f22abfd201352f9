/**
 * The outbox: every stop completion is stored on the device (one IndexedDB record, strict durability) before it is
 * sent, and sent in order per route until the server has it, exactly once, whatever happens in between.
 *
 * - Exactly once: each item carries its Idempotency-Key from the moment it is made; a retry after a lost answer (a
 *   killed tab, a timeout) replays the server's first answer and writes nothing twice. The server's keys are per
 *   sender, so an item is only ever sent by the session that made it (the same driver, or the same shared link):
 *   another driver signing in on a shared phone never sends it.
 * - One sender at a time: a route's queue is flushed under a Web Lock per sender and route (navigator.locks, shared by
 *   every tab and worker of the app), and one flush per route runs in this worker; a flush asked for while one runs
 *   runs again after it, so an item added at its very end is not left behind.
 * - What goes wrong (send-policy.ts): a permanent refusal parks the item with the server's words for the driver to
 *   retry or discard, and the rest go on; a transient failure keeps it and retries with capped exponential back-off
 *   (and at once when the phone comes back online); a lost session keeps it for the same driver's next sign-in.
 *   Nothing is ever deleted unseen.
 */
import { deviceTimes, withoutDeviceTimes } from '../../src-shared/domain/device-times.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateAnswer, StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ApiClient, AuthMode } from '../net/api-client.ts';
import { type OutboxItem, requestBody, storedParts } from './outbox-item.ts';
import { ORPHAN_OWNER, type OutboxStore } from './outbox-store.ts';
import { RETRY_BASE_MS, retryDelay, SERVER_ERROR_PROBE_AFTER, type SendVerdict, verdictOf } from './send-policy.ts';

/** Who sends a route's items in this session, and with which token. */
export interface Sender {
  owner: string;
  auth: Extract<AuthMode, 'driver' | 'link'>;
}

/** The lock of one sender's queue for one route: a flush and the parking of a refused link's items hold it. */
export const queueLock = (owner: string, routeId: number): string => `droplane-outbox:${owner}:${routeId}`;

/** Runs `task` holding the named lock, across tabs and workers (navigator.locks.request), or in this worker only. */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** Tells the other tabs' cores that a route's items changed, and hears them (a BroadcastChannel's shape). */
export interface OutboxChannel {
  postMessage(message: { routeId: number }): void;
  addEventListener(type: 'message', listener: (event: { data: { routeId: number } }) => void): void;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface OutboxDeps {
  store: () => Promise<OutboxStore>;
  api: () => ApiClient;
  /** The sender of a route's items now; null when no session may send them (signed out, another link). */
  senderFor: (routeId: number) => Sender | null;
  /** Every sender this session is (the driver, and a shared link when one is open). */
  senders: () => Sender[];
  locks: LockRunner;
  timers: Timers;
  now: () => number;
  random: () => number;
  newId: () => string;
  /** A request that gets no answer within this time counts as no answer (transient). */
  requestTimeoutMs: number;
  /** The route's items changed: added, sent, parked, put back or discarded. */
  changed: (routeId: number) => void;
  /**
   * The server took an item; its answer holds the route as the server has it now. `stopRemoved`: the dispatcher had
   * taken the stop off the route, and the server kept the completion against it (the driver must hear that once).
   */
  sent: (item: OutboxItem, route: Route | null, stopRemoved: boolean) => void;
  /** The server refused an item for good: it is parked and the driver must hear of it. */
  parked: (item: OutboxItem) => void;
}

export type FlushOutcome = { sent: number; pending: number };

export function createOutbox(deps: OutboxDeps) {
  const running = new Map<number, Promise<FlushOutcome>>();
  /**
   * A flush asked for while one runs: 'added' runs again if the running one emptied the queue (an item came in at its
   * end); 'urgent' (back online) runs again even if it stopped on a failure, since the reason may have gone.
   */
  const again = new Map<number, 'added' | 'urgent'>();
  const retryTimers = new Map<number, unknown>();
  let counter = 0;

  async function send(item: OutboxItem, sender: Sender) {
    const res = await deps
      .api()
      .request<StopUpdateAnswer>(
        'POST',
        `/v1/projects/${item.projectId}/routes/${item.routeId}/services/${item.stopId}`,
        {
          auth: sender.auth,
          body: await requestBody(item),
          headers: { 'idempotency-key': item.id },
          timeoutMs: deps.requestTimeoutMs,
        },
      );
    // A replay for a route the sender can no longer open answers only the stored stop (`partial`): the server has
    // the completion (so it is done), but that is no route to show. So does a completion for a stop the dispatcher
    // removed, marked `stop_removed` (RemovedStopRoute), first answer or replay.
    const found = res.ok ? res.data.find((r) => r.id === item.routeId) : undefined;
    const route = found && !('partial' in found) ? found : null;
    const stopRemoved = found !== undefined && 'stop_removed' in found && found.stop_removed === true;
    const serverError = !res.ok && res.kind === 'http' && res.status >= 500 ? res : null;
    return { verdict: verdictOf(res), route, stopRemoved, serverError };
  }

  /** Whether the server answers at all right now (a read of the item's route). */
  async function serverAnswers(item: OutboxItem, sender: Sender): Promise<boolean> {
    const res = await deps.api().request<unknown>('GET', `/v1/projects/routes/${item.routeId}`, {
      auth: sender.auth,
      timeoutMs: deps.requestTimeoutMs,
    });
    return res.ok;
  }

  function scheduleRetry(routeId: number, attempts: number) {
    if (retryTimers.has(routeId)) return;
    const handle = deps.timers.set(
      () => {
        retryTimers.delete(routeId);
        void flush(routeId);
      },
      retryDelay(attempts, deps.random()),
    );
    retryTimers.set(routeId, handle);
  }

  function cancelRetry(routeId: number) {
    const handle = retryTimers.get(routeId);
    if (handle === undefined) return;
    deps.timers.clear(handle);
    retryTimers.delete(routeId);
  }

  /**
   * A device time the server refused (400 naming it: the phone's clock far off) is left out of the item, which is
   * then sent again at once: the server takes the time it receives it, and the driver's proof is never parked for a
   * clock. A refused request spends no idempotency key, so the changed body under the same key is a first request.
   */
  async function withoutRefusedTime(
    store: OutboxStore,
    item: OutboxItem,
    verdict: Extract<SendVerdict, { kind: 'park' }>,
  ) {
    const field = verdict.status === 400 ? verdict.field : undefined;
    if (!field || !deviceTimes(item.body).some(([named]) => named === field)) return false;
    return store.replaceBody(item.id, withoutDeviceTimes(item.body, new Set([field])));
  }

  /** One pass over the route's queue, holding its lock: returns how many were sent and how many still wait. */
  async function flushOnce(routeId: number, sender: Sender): Promise<FlushOutcome> {
    const store = await deps.store();
    let sent = 0;
    const accept = async (item: OutboxItem, route: Route | null, stopRemoved: boolean) => {
      await store.remove(item.id);
      // A refused completion of the same stop that the driver has now done again is old news: the server has this one.
      const superseded = (await store.list(sender.owner, routeId)).filter(
        (other) => other.state === 'parked' && other.stopId === item.stopId && other.seq < item.seq,
      );
      for (const old of superseded) await store.remove(old.id);
      sent += 1;
      deps.changed(routeId);
      // After the item left the store: a flush that runs again (another tab, a retry) cannot accept it twice.
      deps.sent(item, route, stopRemoved);
    };
    const park = async (item: OutboxItem, verdict: Extract<SendVerdict, { kind: 'park' }>) => {
      const { kind: _, ...info } = verdict;
      if (await store.park(item.id, { ...info, at: deps.now() })) {
        deps.changed(routeId);
        deps.parked({ ...item, state: 'parked', parked: { ...info, at: deps.now() } });
      }
    };
    for (;;) {
      const queued = (await store.list(sender.owner, routeId)).filter((i) => i.state === 'queued');
      const item = queued[0];
      if (!item) return { sent, pending: 0 };
      const first = await send(item, sender);
      if (first.verdict.kind === 'sent') {
        await accept(item, first.route, first.stopRemoved);
        continue;
      }
      if (first.verdict.kind === 'park') {
        if (await withoutRefusedTime(store, item, first.verdict)) continue;
        await park(item, first.verdict);
        continue;
      }
      if (first.verdict.kind === 'session') return { sent, pending: queued.length };
      const attempts = await store.countAttempt(item.id);
      // The same 5xx again and again: is the server down, or does it fail on this item only? When the server
      // answers another call (the route) and this item fails once more right after, it is this item: it is parked for
      // the driver, and the rest of the queue goes on (in order: nothing else was sent meanwhile).
      if (first.serverError && attempts >= SERVER_ERROR_PROBE_AFTER && (await serverAnswers(item, sender))) {
        const again = await send(item, sender);
        if (again.verdict.kind === 'sent') {
          await accept(item, again.route, again.stopRemoved);
          continue;
        }
        if (again.serverError) {
          const { status, message } = again.serverError;
          await park(item, { kind: 'park', reason: 'server_error', status, message });
          continue;
        }
      }
      scheduleRetry(routeId, attempts);
      return { sent, pending: queued.length };
    }
  }

  function flush(routeId: number, urgent = false): Promise<FlushOutcome> {
    const sender = deps.senderFor(routeId);
    if (!sender) return pendingCount(routeId).then((pending) => ({ sent: 0, pending }));
    const current = running.get(routeId);
    if (current) {
      if (urgent || !again.has(routeId)) again.set(routeId, urgent ? 'urgent' : 'added');
      return current;
    }
    cancelRetry(routeId);
    const run = (async () => {
      let total = 0;
      let outcome: FlushOutcome;
      let next: 'added' | 'urgent' | undefined;
      do {
        again.delete(routeId);
        outcome = await deps.locks(queueLock(sender.owner, routeId), () => flushOnce(routeId, sender));
        total += outcome.sent;
        next = again.get(routeId);
      } while (next === 'urgent' || (next === 'added' && outcome.pending === 0));
      return { sent: total, pending: outcome.pending };
    })().finally(() => running.delete(routeId));
    running.set(routeId, run);
    return run;
  }

  async function pendingCount(routeId: number): Promise<number> {
    const sender = deps.senderFor(routeId);
    if (!sender) return 0;
    const items = await (await deps.store()).list(sender.owner, routeId);
    return items.filter((i) => i.state === 'queued').length;
  }

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
      deps.changed(routeId);
      return item.id;
    },

    flush,

    /** Sends every route's queue of every sender of this session (start-up, back online: `urgent`). */
    async flushAll(urgent = false): Promise<void> {
      const store = await deps.store();
      const routes = new Set<number>();
      for (const sender of deps.senders()) {
        for (const item of await store.listOwner(sender.owner)) if (item.state === 'queued') routes.add(item.routeId);
      }
      await adoptOrphans(store, routes);
      await Promise.all([...routes].map((routeId) => flush(routeId, urgent)));
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

    /** The driver's Retry on a parked item: back in the queue, and sent now. */
    async retry(id: string): Promise<boolean> {
      const store = await deps.store();
      const item = await store.get(id);
      if (!item || !(await store.requeue(id))) return false;
      deps.changed(item.routeId);
      void flush(item.routeId);
      return true;
    },

    /** The driver's Discard on a parked item: gone for good (only parked items can be discarded). */
    async discard(id: string): Promise<boolean> {
      const store = await deps.store();
      const item = await store.get(id);
      if (item?.state !== 'parked') return false;
      await store.remove(id);
      deps.changed(item.routeId);
      return true;
    },

    /**
     * The server refused a shared link for good (revoked, expired): nothing will ever send its items again, so the
     * queued ones of the route are parked (kept on the device, never deleted) and the number the server never got is
     * returned, for the driver to hear. Under the queue's lock, after a send in flight has had its answer; each item
     * is parked in its own transaction, which writes nothing for an item a send has just removed (outbox-store.ts).
     */
    async parkRefusedLink(owner: string, routeId: number): Promise<number> {
      return deps.locks(queueLock(owner, routeId), async () => {
        const store = await deps.store();
        const items = await store.list(owner, routeId);
        const info = { reason: 'link_refused', status: 401, message: 'The shared link was refused' } as const;
        // Each item parked in one transaction that checks it is still queued: the driver's Retry or another tab's
        // send between the list and the park is never overwritten (outbox-store.ts).
        for (const item of items.filter((i) => i.state === 'queued'))
          await store.parkIfQueued(item.id, { ...info, at: deps.now() });
        if (items.length > 0) deps.changed(routeId);
        return (await store.list(owner, routeId)).length;
      });
    },

    /** Back online: no waiting for the back-off. */
    retryNow(): Promise<void> {
      for (const routeId of [...retryTimers.keys()]) cancelRetry(routeId);
      return this.flushAll(true);
    },

    /** Sign-out: timers stop; the items stay for their sender's next session. */
    stop() {
      for (const routeId of [...retryTimers.keys()]) cancelRetry(routeId);
    },
  };

  /** The first release's items of no known sender go to the session that finds them (app-db.ts). */
  async function adoptOrphans(store: OutboxStore, routes: Set<number>) {
    for (const orphan of await store.listOwner(ORPHAN_OWNER)) {
      const sender = deps.senderFor(orphan.routeId);
      if (!sender) continue;
      await store.adopt(orphan.id, sender.owner);
      routes.add(orphan.routeId);
    }
  }
}

export type Outbox = ReturnType<typeof createOutbox>;
export { RETRY_BASE_MS };
