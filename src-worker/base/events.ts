/**
 * The core's event seam. A service says what happened by emitting an event of its own union, keyed on `type`
 * (session/session-events.ts, outbox/outbox-deps.ts, routes/route-events.ts; all of them: core-events.ts), and never
 * learns who listens: the
 * root that composes the services (core/create-worker-api.ts, routes/route-features.ts) says that with `on`, in one
 * place per reaction. So "what happens when the server accepts a completion" is a search for `'outbox/sent'`: one
 * emit, and each listener beside the services it calls.
 *
 * Listeners run at once, in the order they were added, on the emitter's stack (as the direct calls they replace did):
 * an event is handled before its emitter goes on, and a listener's throw reaches the emitter.
 */

/** An event: a plain object whose `type` names what happened ("outbox/sent"), with what a listener needs. */
export interface CoreEventShape {
  type: string;
}

/** The event of a union with this `type`. */
type EventOfType<E extends CoreEventShape, T extends E['type']> = Extract<E, { type: T }>;

/** What a service is given to tell what happened: it may emit only its own union's events. */
export type Emit<E extends CoreEventShape> = (event: E) => void;

export interface EventSeam<E extends CoreEventShape> {
  /** Tells every listener of this event, in the order they were added, on the emitter's stack. */
  emit: Emit<E>;
  /** Calls `listener` with every later event of this type; the returned function stops that. */
  on<T extends E['type']>(type: T, listener: (event: EventOfType<E, T>) => void): () => void;
}

export function createEventSeam<E extends CoreEventShape>(): EventSeam<E> {
  const listeners = new Map<string, ((event: E) => void)[]>();
  return {
    emit(event) {
      // A copy: a listener that stops listening (or adds one) does not change this event's round.
      for (const listener of [...(listeners.get(event.type) ?? [])]) listener(event);
    },
    on(type, listener) {
      const own = listener as (event: E) => void;
      listeners.set(type, [...(listeners.get(type) ?? []), own]);
      return () => listeners.set(type, listeners.get(type)?.filter((l) => l !== own) ?? []);
    },
  };
}
