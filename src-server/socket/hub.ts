/**
 * Delivers dispatcher events to the sockets of a route. In one process this is a map of listeners; on PostgreSQL
 * the server uses postgres-hub.ts, which relays every event through LISTEN/NOTIFY to every process sharing the
 * database, each handing it to this map of its own sockets.
 */
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';
import type { Trx } from '../repo/transaction.ts';

type RouteListener = (message: ServerMessage) => void;

/** Hands events of a committed change to the sockets; a no-op where the commit itself delivers them. */
type AfterCommit = () => void;

export interface EventHub {
  /**
   * Writes a change's events in the change's own transaction (repo/route-version.ts, changeRoute), so an event exists
   * exactly when its change does: on PostgreSQL its row and its NOTIFY commit or roll back with the change, and
   * PostgreSQL delivers notifications in commit order, so a process dying after the commit loses no event and two
   * processes' changes reach a socket in the order they were stored. Call what it answers once the transaction has
   * committed (in one process, that is when the events go out).
   */
  stage(trx: Trx, routeId: number, messages: ServerMessage[]): Promise<AfterCommit>;
  /** Hands an event to this process's sockets of the route at once (the PostgreSQL hub's delivery; tests). */
  publish(routeId: number, message: ServerMessage): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(routeId: number, listener: RouteListener): () => void;
  /** How many listeners a route has (tests and the bench read it). */
  listenerCount(routeId: number): number;
  close(): Promise<void>;
}

export function createMemoryHub(): EventHub {
  const listeners = new Map<number, Set<RouteListener>>();
  const publish = async (routeId: number, message: ServerMessage) => {
    for (const listener of listeners.get(routeId) ?? []) listener(message);
  };
  return {
    // One process: nothing to write; the events go out once the caller's transaction has committed.
    stage: async (_trx, routeId, messages) => () => {
      for (const message of messages) void publish(routeId, message);
    },
    publish,
    subscribe(routeId, listener) {
      let set = listeners.get(routeId);
      if (!set) {
        set = new Set();
        listeners.set(routeId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(routeId);
      };
    },
    listenerCount: (routeId) => listeners.get(routeId)?.size ?? 0,
    async close() {
      listeners.clear();
    },
  };
}
