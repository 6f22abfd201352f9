/**
 * Every event of the core's services: the one union of the core's event seam (base/events.ts). Each service emits
 * only its own part; the root (core/core-reactions.ts) and the route features (routes/route-features.ts) listen.
 */
import type { NetEvent } from './net/api-client.ts';
import type { OutboxEvent } from './outbox/outbox-deps.ts';
import type { RouteEvent, RouteListEvent } from './routes/route-events.ts';
import type { SessionEvent } from './session/session-events.ts';

export type CoreEvent = NetEvent | SessionEvent | OutboxEvent | RouteEvent | RouteListEvent;
