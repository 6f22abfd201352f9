/**
 * Delivers dispatcher events to the sockets of a route. In one process this is a map of listeners; on PostgreSQL
 * the server uses postgres-hub.ts, which relays every event through LISTEN/NOTIFY to every process sharing the
 * database, each handing it to this map of its own sockets.
 */
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';

export type RouteListener = (message: ServerMessage) => void;

export interface EventHub {
  publish(routeId: number, message: ServerMessage): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(routeId: number, listener: RouteListener): () => void;
  /** How many listeners a route has (tests and the bench read it). */
  listenerCount(routeId: number): number;
  close(): Promise<void>;
}

export function createMemoryHub(): EventHub {
  const listeners = new Map<number, Set<RouteListener>>();
  return {
    async publish(routeId, message) {
      for (const listener of listeners.get(routeId) ?? []) listener(message);
    },
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
