/**
 * What the outbox (outbox.ts) is given of its own, beside the core's context (core-context.ts), and what it tells:
 * the device's outbox records, who sends a route's items, the send's timeout, and the outbox's events. Kept apart
 * from outbox.ts so the services it composes (session-items.ts, outbox-requests.ts, queue-pass.ts,
 * flush-scheduler.ts, queue-sweep.ts, parked-items.ts) share these types without importing the module that composes
 * them.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { AuthMode } from '../net/api-client.ts';
import type { Session } from '../session/session.ts';
import type { OutboxItem } from './outbox-item.ts';
import type { OutboxStore } from './outbox-store.ts';

/** Who sends a route's items in this session, and with which token. */
export interface Sender {
  owner: string;
  auth: Extract<AuthMode, 'driver' | 'link'>;
}

/** The lock of one sender's queue for one route: a flush and the parking of a refused link's items hold it. */
export const queueLock = (owner: string, routeId: number): string => `droplane-outbox:${owner}:${routeId}`;

/** Tells the other tabs' cores that a route's items changed, and hears them (a BroadcastChannel's shape). */
export interface OutboxChannel {
  postMessage(message: { routeId: number }): void;
  addEventListener(type: 'message', listener: (event: { data: { routeId: number } }) => void): void;
}

/**
 * What the outbox tells the rest of the core, through the event seam (base/events.ts): routes/route-features.ts
 * listens for the open route, the counts and the other tabs; core/core-reactions.ts for what the driver is told.
 */
export type OutboxEvent =
  /**
   * A route's items changed: added, sent, parked, put back or discarded. `elsewhere`: by another tab's core (heard on
   * the tabs' channel), so it is not passed on again.
   */
  | { type: 'outbox/changed'; routeId: number; elsewhere: boolean }
  /**
   * The server took an item; its answer holds the route as the server has it now. `stopRemoved`: the dispatcher had
   * taken the stop off the route, and the server kept the completion against it (the driver must hear that once).
   */
  | { type: 'outbox/sent'; item: OutboxItem; route: Route | null; stopRemoved: boolean }
  /** The server refused an item for good: it is parked and the driver must hear of it. */
  | { type: 'outbox/parked'; item: OutboxItem };

/** A route's items changed on this tab: the event the outbox's services emit. */
export const changedHere = (routeId: number): OutboxEvent => ({ type: 'outbox/changed', routeId, elsewhere: false });

/** The outbox's own parts; the clock, locks, timers, ids, the API and `emit` come with the core's context. */
export interface OutboxDeps {
  /** The device's outbox records, opened at their first use. */
  items: () => Promise<OutboxStore>;
  /**
   * Who sends: `senderFor` a route's items now (null when no session may send them: signed out, another link), and
   * `senders`, every sender this session is (the driver, and a shared link when one is open).
   */
  senders: Pick<Session, 'senderFor' | 'senders'>;
  /** A send that gets no answer within this time counts as no answer (transient). */
  sendTimeoutMs: number;
}

/** What a flush of a route's queue did: how many items the server took, and how many still wait. */
export type FlushOutcome = { sent: number; pending: number };
