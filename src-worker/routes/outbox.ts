/**
 * Stop completions on their way to the server, kept per route in IndexedDB before they are sent, so each one
 * reaches the server exactly once: every item carries its Idempotency-Key from the moment it is made, survives
 * a closed tab, and is retried in order until the server has it (spec section 4, "Offline").
 */

import type { Route } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { AppStorage, UnsentItem } from '../storage/app-db.ts';

export interface CompletionItem extends UnsentItem {
  projectId: number;
  stopId: number;
  body: StopUpdateRequest;
}

export type FlushOutcome =
  /** Everything was sent; the last answer is the route as the server has it now. */
  | { sent: number; pending: 0; route: Route | null }
  /** Stopped at an item that could not be sent (offline, server trouble, signed out): it and the rest wait. */
  | { sent: number; pending: number; route: Route | null };

export function createOutbox(
  api: () => ApiClient,
  storage: () => Promise<AppStorage>,
  newId: () => string,
  now: () => number,
) {
  const running = new Map<number, Promise<FlushOutcome>>();

  async function flushRoute(routeId: number): Promise<FlushOutcome> {
    const store = await storage();
    let sent = 0;
    let route: Route | null = null;
    for (;;) {
      const items = (await store.getUnsent(routeId)) as CompletionItem[];
      const item = items[0];
      if (!item) return { sent, pending: 0, route };
      const res = await api().request<Route[]>(
        'POST',
        `/v1/projects/${item.projectId}/routes/${item.routeId}/services/${item.stopId}`,
        { auth: 'route', body: item.body, headers: { 'idempotency-key': item.id } },
      );
      // A 404 (the stop or route is gone) drops the item; the rest are still tried.
      const delivered = res.ok || (res.kind === 'http' && res.status === 404);
      if (!delivered) return { sent, pending: items.length, route };
      if (res.ok) route = res.data.find((r) => r.id === routeId) ?? route;
      sent += res.ok ? 1 : 0;
      const rest = ((await store.getUnsent(routeId)) as CompletionItem[]).filter((i) => i.id !== item.id);
      await store.putUnsent(routeId, rest);
    }
  }

  return {
    /** Stored durably first; only then is it sent. Returns the item's id (its Idempotency-Key). */
    async add(routeId: number, projectId: number, stopId: number, body: StopUpdateRequest): Promise<string> {
      const store = await storage();
      const item: CompletionItem = { id: newId(), routeId, projectId, stopId, body, createdAt: now() };
      await store.putUnsent(routeId, [...(await store.getUnsent(routeId)), item]);
      return item.id;
    },
    /** Sends the route's waiting items in order, one flush at a time per route. */
    flush(routeId: number): Promise<FlushOutcome> {
      let run = running.get(routeId);
      if (!run) {
        run = flushRoute(routeId).finally(() => running.delete(routeId));
        running.set(routeId, run);
      }
      return run;
    },
    /** What waits for this route, in order: the stop and the status the driver gave it. */
    async pending(routeId: number): Promise<{ stopId: number; status: StopUpdateRequest['status'] }[]> {
      const items = (await (await storage()).getUnsent(routeId)) as CompletionItem[];
      return items.map((i) => ({ stopId: i.stopId, status: i.body.status }));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
