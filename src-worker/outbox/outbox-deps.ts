/**
 * What the outbox (outbox.ts) is given and what it tells: who sends a route's items, the lock of one sender's queue,
 * the timers, the other tabs' channel and the outbox's events. Kept apart from outbox.ts so the services it composes
 * (session-items.ts, outbox-requests.ts, queue-pass.ts, flush-scheduler.ts, parked-items.ts) share these types without
 * importing the module that composes them.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { Emit } from '../base/events.ts';
import type { LockRunner } from '../base/locks.ts';
import type { Timers } from '../base/timers.ts';
import type { ApiClient, AuthMode } from '../net/api-client.ts';
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

export interface OutboxDeps {
  emit: Emit<OutboxEvent>;
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
}

/** What a flush of a route's queue did: how many items the server took, and how many still wait. */
export type FlushOutcome = { sent: number; pending: number };
