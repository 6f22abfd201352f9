/**
 * The open route as the route view shows it (the state's `route` slice): the route as the server last had it, with
 * what waits in the outbox laid over it, the active stop and the finishing state kept in step, and the device's copy
 * of the server's answer written back (or forgotten).
 */

import { replacesCopy } from '../../src-shared/domain/route-version.ts';
import { allWorkDone, isDone, nextActiveStop } from '../../src-shared/domain/stops.ts';
import { applyUnitScans } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxItem } from '../outbox/outbox-item.ts';
import type { RouteEvent } from './route-events.ts';

export interface ShownRoute {
  /** The state's open route; null when none is open. */
  current(): ActiveRouteState | null;
  /** Changes these fields of the open route, each as one patch op (nothing when none is open). */
  patch(change: Partial<ActiveRouteState>): void;
  /**
   * Shows a route with what waits in the outbox laid over it. `fromCache`: the device's copy because the server could
   * not be reached; `copy`: the device's copy shown while the server is asked (not written back).
   */
  show(route: Route, fromCache: boolean, copy?: boolean): Promise<void>;
  /** A route opens: it shows as loading, and no server copy of another (or an earlier open) counts. */
  open(routeId: number, shared: boolean): void;
  /** No route open any more. */
  close(): void;
  /** The route as the server last had it (for the live channel's merges), if this route is open. */
  serverRoute(routeId: number): Route | null;
  /** The shared link no longer opens the route: its copy goes from the screen and the device. */
  forget(routeId: number): Promise<void>;
}

/** The device's copy of a route (IndexedDB `cache`). */
export const routeCacheKey = (routeId: number) => `route:${routeId}`;

/** A stop as the driver left it: done (or skipped) with their notes and time, before the server has it. */
export function withCompletion(
  stop: Stop,
  body: Pick<
    StopUpdateRequest,
    'status' | 'completion_note' | 'recipient_note' | 'finish_time' | 'completed_at' | 'units'
  >,
): Stop {
  return {
    ...stop,
    units: applyUnitScans(stop.units ?? [], body.units),
    status: body.status,
    completion_note: body.completion_note ?? null,
    recipient_note: body.recipient_note ?? null,
    finish_time: body.finish_time === undefined ? stop.finish_time : Number(body.finish_time),
    completed_at: body.completed_at ?? stop.completed_at,
  };
}

/**
 * What the device holds but the server does not have yet still shows as the driver left it: waiting to be sent,
 * or refused and kept (parked) for the driver to send again, edit or discard. A stop the driver completed counts
 * as done whatever the server answered, so a refusal never holds up the next door of an in-order route (issue 31);
 * a refused edit of a stop the server has done shows what the server has.
 */
function withOutboxItems(route: Route, items: OutboxItem[]): { stops: Stop[]; unsentStopIds: number[] } {
  const waiting = new Map(items.filter((i) => i.state === 'queued').map((item) => [item.stopId, item]));
  const refused = new Map(items.filter((i) => i.state === 'parked').map((item) => [item.stopId, item]));
  const stops: Stop[] = route.stops.map((s) => {
    const item = waiting.get(s.id) ?? (isDone(s) ? undefined : refused.get(s.id));
    return item ? withCompletion(s, item.body) : s;
  });
  return { stops, unsentStopIds: [...waiting.keys()] };
}

/** The route slice showing `route` with the outbox's `items` over it; `previous`: the active stop until now. */
function shownState(
  route: Route,
  items: OutboxItem[],
  fromCache: boolean,
  previous: number | null,
): Partial<ActiveRouteState> {
  const { stops, unsentStopIds } = withOutboxItems(route, items);
  // The active stop stays while it is open; once done, the next open stop after it takes over.
  const still = stops.find((s) => s.id === previous && !isDone(s));
  return {
    status: 'ready',
    route: { ...route, stops },
    fromCache,
    unsentStopIds,
    activeStopId: still ? still.id : nextActiveStop(stops, stops.some((s) => s.id === previous) ? previous : null),
    finishing: route.status !== 'finished' && allWorkDone(stops),
  };
}

/** A route being opened: nothing shown yet. */
function loadingRoute(routeId: number, shared: boolean): ActiveRouteState {
  return {
    routeId,
    shared,
    status: 'loading',
    route: null,
    line: null,
    lineIsFallback: false,
    activeStopId: null,
    unsentStopIds: [],
    busy: null,
    finishing: false,
    fromCache: false,
    lost: null,
    changes: null,
  };
}

/** `outbox`: what waits is laid over the route as it shows. */
export function createShownRoute(core: CoreContext<RouteEvent>, outbox: Pick<Outbox, 'sessionItems'>): ShownRoute {
  const { store } = core;
  const current = () => store.get().route;
  /**
   * Field by field, and each field as what differs from what the UI has: a new active stop sends just that field,
   * a completed stop (or the server's answer to it) just that stop's changed fields, not the whole route again.
   */
  const patch = (change: Partial<ActiveRouteState>) => {
    if (!current()) return;
    for (const key of Object.keys(change) as (keyof ActiveRouteState)[]) store.replace(['route', key], change[key]);
  };

  /** The route as the server (or the device's copy of its answer) last had it, before what waits is laid over it. */
  let serverCopy: Route | null = null;
  let showSeq = 0;

  /**
   * Shows a route: marks unsent stops as the device knows them and keeps the finishing state in step.
   * `fromCache`: shown from the device's copy because the server could not be reached. `copy`: the device's copy
   * shown while the server is asked (an open): neither marked as a fallback nor written back.
   */
  async function show(route: Route, fromCache: boolean, copy = fromCache): Promise<void> {
    // An answer older than the copy shown (a completion's answer overtaken by the next event, already applied) would
    // put back what has changed since: the copy holds all it says (versions, src-shared/domain/route-version.ts).
    if (!copy && serverCopy?.id === route.id && !replacesCopy(serverCopy.version, route.version)) return;
    const before = serverCopy?.id === route.id ? serverCopy.stops.map((s) => s.id).join() : null;
    serverCopy = route;
    // The last show called wins: its read of the outbox is the newest, and an older one finishing late must not put
    // back what has been sent since.
    const seq = ++showSeq;
    // The dispatcher reordered, added or removed stops ("Your route has been updated", spec section 8).
    if (before !== null && before !== route.stops.map((s) => s.id).join()) core.emit({ type: 'route/stopListChanged' });
    const items = await outbox.sessionItems.items(route.id);
    if (seq !== showSeq || current()?.routeId !== route.id) return;
    patch(shownState(route, items, fromCache, current()?.activeStopId ?? null));
    core.emit({ type: 'route/shown', route });
    if (!copy) await (await core.storage()).putCache(routeCacheKey(route.id), route);
  }

  return {
    current,
    patch,
    show,

    open(routeId, shared) {
      store.set(['route'], loadingRoute(routeId, shared));
      serverCopy = null;
    },

    close() {
      store.set(['route'], null);
    },

    serverRoute(routeId) {
      return current()?.routeId === routeId && serverCopy?.id === routeId ? serverCopy : null;
    },

    /**
     * The shared link no longer opens the route: its copy goes from the screen and the device (a route shown as if
     * nothing happened would be worked in vain, offline too); what waits in the outbox stays, reported as not saved.
     */
    async forget(routeId) {
      await (await core.storage()).deleteCache(routeCacheKey(routeId));
      if (current()?.routeId !== routeId) return;
      serverCopy = null;
      patch({ status: 'failed', route: null, activeStopId: null });
    },
  };
}
